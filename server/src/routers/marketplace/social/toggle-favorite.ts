import { ZSocialTarget, ZToggleResult } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { toggleItemRelation } from '../../../domain/social/toggle.ts';

/** Favourite or unfavourite a listing or buying request. */
export const toggleFavorite = memberProcedure
  .input(ZSocialTarget)
  .output(ZToggleResult)
  .mutation(({ ctx, input }) => toggleItemRelation(ctx.services.db, 'favorite', ctx.user.id, input));
