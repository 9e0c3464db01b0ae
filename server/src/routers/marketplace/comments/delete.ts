import { ZCommentIdInput, ZDeleteCommentResult } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { deleteComment } from '../../../domain/comments/delete-comment.ts';

/**
 * Delete one's own comment. Its replies and every like go with it (ON DELETE CASCADE): a reply
 * without the comment it answers would read as nonsense, and only one reply level exists.
 */
export const remove = memberProcedure
  .input(ZCommentIdInput)
  .output(ZDeleteCommentResult)
  .mutation(({ ctx, input }) => deleteComment(ctx.services, ctx.user.id, input));
