import type { Kysely } from 'kysely';
import type { TBlockState } from '@curio/shared';
import type { Database } from '../../db/schema.ts';

/** Whether the viewer blocked the other user, and whether the other user blocked the viewer. */
export async function blockStateBetween(db: Kysely<Database>, viewerId: string, otherId: string): Promise<TBlockState> {
  const rows = await db
    .selectFrom('user_blocks')
    .select(['blocker_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', viewerId), eb('blocked_id', '=', otherId)]),
        eb.and([eb('blocker_id', '=', otherId), eb('blocked_id', '=', viewerId)]),
      ]),
    )
    .execute();
  return {
    blocking: rows.some((row) => row.blocker_id === viewerId),
    blockedBy: rows.some((row) => row.blocker_id === otherId),
  };
}
