import { ZSocialTarget, ZToggleResult } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { toggleItemRelation } from '../../../domain/social/toggle.ts';

/** Like or unlike a listing or buying request (rules S-12 and S-13: toggles; count never below 0). */
export const toggleLike = memberProcedure
  .input(ZSocialTarget)
  .output(ZToggleResult)
  .mutation(({ ctx, input }) => toggleItemRelation(ctx.services.db, 'like', ctx.user.id, input));
