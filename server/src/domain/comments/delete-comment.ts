import type { z } from 'zod';
import type { ZCommentIdInput, ZDeleteCommentResult } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { ownedComment } from './owned-comment.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * Delete one's own comment. Its replies and every like go with it (ON DELETE CASCADE): a reply
 * without the comment it answers would read as nonsense, and only one reply level exists.
 */
export async function deleteComment(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZCommentIdInput>,
): Promise<z.output<typeof ZDeleteCommentResult>> {
  await ownedComment(services.db, input.commentId, memberId);
  const result = await services.db.deleteFrom('listing_comments').where('id', '=', input.commentId).where('user_id', '=', memberId).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new DomainError('COMMENT_NOT_FOUND');
  return { deleted: true as const };
}
