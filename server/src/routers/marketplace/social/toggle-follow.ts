import { ZToggleFollowInput, ZToggleResult } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { toggleFollow as toggle } from '../../../domain/social/toggle.ts';

/** Follow or unfollow a user; never oneself (CANNOT_FOLLOW_SELF). The count is their followers. */
export const toggleFollow = memberProcedure
  .input(ZToggleFollowInput)
  .output(ZToggleResult)
  .mutation(({ ctx, input }) => toggle(ctx.services.db, ctx.user.id, input.userId));
