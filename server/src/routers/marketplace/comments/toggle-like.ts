import { ZCommentIdInput, ZCommentLikeResult } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { toggleCommentLike } from '../../../domain/comments/toggle-like.ts';

/** Like a comment, or take the like back. */
export const toggleLike = memberProcedure
  .input(ZCommentIdInput)
  .output(ZCommentLikeResult)
  .mutation(({ ctx, input }) => toggleCommentLike(ctx.services, ctx.user.id, input.commentId));
