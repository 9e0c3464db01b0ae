import type { z } from 'zod';
import type { ZComment, ZUpdateCommentInput } from '@curio/shared';
import { COMMENT_LIMITS } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { cleanUserText } from './content.ts';
import { loadComment } from './read.ts';
import { ownedComment } from './owned-comment.ts';
import type { AppServices } from '../../app-services.ts';

/** Edit one's own comment or reply; the same text rules as posting it. */
export async function editComment(services: AppServices, memberId: string, input: z.output<typeof ZUpdateCommentInput>): Promise<z.output<typeof ZComment>> {
  const userId = memberId;
  await ownedComment(services.db, input.commentId, userId);
  const content = cleanUserText(input.content, COMMENT_LIMITS.contentMax);
  const result = await services.db
    .updateTable('listing_comments')
    .set({ content, updated_at: services.clock.now() })
    .where('id', '=', input.commentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // deleted between the ownership check and the update
  if (result.numUpdatedRows === 0n) throw new DomainError('COMMENT_NOT_FOUND');
  const comment = await loadComment(services.db, input.commentId, userId);
  if (!comment) throw new DomainError('COMMENT_NOT_FOUND');
  return comment;
}
