import { ZComment, ZUpdateCommentInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { editComment } from '../../../domain/comments/edit-comment.ts';

/** Edit one's own comment or reply; the same text rules as posting it. */
export const update = memberProcedure
  .input(ZUpdateCommentInput)
  .output(ZComment)
  .mutation(({ ctx, input }) => editComment(ctx.services, ctx.user.id, input));
