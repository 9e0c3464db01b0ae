import { sql } from 'kysely';
import type { TCommentLikeResult } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';

/**
 * Like a comment, or take the like back. likes_count moves only when a like row was really
 * inserted or deleted, so it always equals the rows; the comment row is locked first, so two
 * toggles by one member run one after the other and the second sees the first (a true toggle,
 * not two likes of which one silently does nothing).
 */
export function toggleCommentLike(services: AppServices, userId: string, commentId: string): Promise<TCommentLikeResult> {
  return runInTransaction(services.db, async (trx) => {
    const comment = await trx.selectFrom('listing_comments').select('id').where('id', '=', commentId).forNoKeyUpdate().executeTakeFirst();
    if (!comment) throw new DomainError('COMMENT_NOT_FOUND');
    const removed = await trx
      .deleteFrom('comment_likes')
      .where('comment_id', '=', comment.id)
      .where('user_id', '=', userId)
      .returning('user_id')
      .executeTakeFirst();
    let liked = false;
    let delta = 0;
    if (removed) {
      delta = -1;
    } else {
      const inserted = await trx
        .insertInto('comment_likes')
        .values({ comment_id: comment.id, user_id: userId, created_at: services.clock.now() })
        .onConflict((oc) => oc.columns(['comment_id', 'user_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      liked = true;
      if (inserted) delta = 1;
    }
    const row = await trx
      .updateTable('listing_comments')
      .set({ likes_count: sql<number>`likes_count + ${delta}` })
      .where('id', '=', comment.id)
      .returning('likes_count')
      .executeTakeFirstOrThrow();
    return { liked, likesCount: row.likes_count };
  });
}
