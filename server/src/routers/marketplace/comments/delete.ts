import { ZCommentIdInput, ZDeleteCommentResult } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { ownedComment } from '../../../domain/comments/owned-comment.ts';

/**
 * Delete one's own comment. Its replies and every like go with it (ON DELETE CASCADE): a reply
 * without the comment it answers would read as nonsense, and only one reply level exists.
 */
export const remove = memberProcedure
  .input(ZCommentIdInput)
  .output(ZDeleteCommentResult)
  .mutation(async ({ ctx, input }) => {
    await ownedComment(ctx.services.db, input.commentId, ctx.user.id);
    const result = await ctx.services.db
      .deleteFrom('listing_comments')
      .where('id', '=', input.commentId)
      .where('user_id', '=', ctx.user.id)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) throw new DomainError('COMMENT_NOT_FOUND');
    return { deleted: true as const };
  });
