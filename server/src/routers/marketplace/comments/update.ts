import { COMMENT_LIMITS, ZComment, ZUpdateCommentInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { cleanUserText } from '../../../domain/comments/content.ts';
import { loadComment } from '../../../domain/comments/read.ts';
import { ownedComment } from '../../../domain/comments/owned-comment.ts';

/** Edit one's own comment or reply; the same text rules as posting it. */
export const update = memberProcedure
  .input(ZUpdateCommentInput)
  .output(ZComment)
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.user.id;
    await ownedComment(ctx.services.db, input.commentId, userId);
    const content = cleanUserText(input.content, COMMENT_LIMITS.contentMax);
    const result = await ctx.services.db
      .updateTable('listing_comments')
      .set({ content, updated_at: ctx.services.clock.now() })
      .where('id', '=', input.commentId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // deleted between the ownership check and the update
    if (result.numUpdatedRows === 0n) throw new DomainError('COMMENT_NOT_FOUND');
    const comment = await loadComment(ctx.services.db, input.commentId, userId);
    if (!comment) throw new DomainError('COMMENT_NOT_FOUND');
    return comment;
  });
