import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The highest seq of any message the member sent or received (0 with none). */
export async function latestSeqOf(db: Kysely<Database>, userId: string): Promise<number> {
  const [received, sent] = await Promise.all(
    (['receiver_id', 'sender_id'] as const).map((column) =>
      db
        .selectFrom('messages')
        .select(sql<string | number | null>`max(seq)`.as('seq'))
        .where(column, '=', userId)
        .executeTakeFirstOrThrow(),
    ),
  );
  return Math.max(Number(received?.seq ?? 0), Number(sent?.seq ?? 0));
}
