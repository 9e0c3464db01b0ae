import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DomainError } from '../domain-error.ts';

/** The comment, if it exists and the member wrote it (rule S-17: edit and delete own only). */
export async function ownedComment(db: Kysely<Database>, commentId: string, userId: string) {
  const row = await db
    .selectFrom('listing_comments')
    .select(['id', 'user_id', 'listing_id', 'parent_comment_id'])
    .where('id', '=', commentId)
    .executeTakeFirst();
  if (!row) throw new DomainError('COMMENT_NOT_FOUND');
  if (row.user_id !== userId) throw new DomainError('FORBIDDEN');
  return row;
}
