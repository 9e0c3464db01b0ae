import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Messages sent to the user that they have not opened yet: the number on the chat badge. */
export async function countUnreadMessages(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('receiver_id', '=', userId)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  // count(*) is int8: a string from pg unless parsed, a number from PGlite
  return Number(row.count);
}
