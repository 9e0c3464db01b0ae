import { ZComment, ZCreateCommentInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { postComment } from '../../../domain/comments/post-comment.ts';

/**
 * Comment on a listing, or reply to a top-level comment (rule S-15). One reply level: a reply's
 * parent must itself be top-level and on the same listing, so threads never nest deeper than
 * the screen can show. The parent is locked while the reply is written, so a reply cannot land
 * under a comment its author is deleting at the same moment.
 */
export const create = memberProcedure
  .input(ZCreateCommentInput)
  .output(ZComment)
  .mutation(({ ctx, input }) => postComment(ctx.services, ctx.user.id, input));
