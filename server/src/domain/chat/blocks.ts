import { DomainError } from '../domain-error.ts';
import type { AppServices } from '../../app-services.ts';
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

/** The member blocks a user; blocking twice keeps the first record and its reason. */
export async function blockMember(services: AppServices, memberId: string, input: { userId: string; reason?: string | null | undefined }) {
  if (input.userId === memberId) throw new DomainError('CANNOT_BLOCK_SELF');
  const target = await services.db.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst();
  if (!target) throw new DomainError('USER_NOT_FOUND');
  await services.db
    .insertInto('user_blocks')
    .values({ blocker_id: memberId, blocked_id: input.userId, reason: input.reason ?? null, created_at: services.clock.now() })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
  return blockStateBetween(services.db, memberId, input.userId);
}

/** The member lifts a block (nothing happens if there was none). */
export async function unblockMember(services: AppServices, memberId: string, peerId: string) {
  await services.db.deleteFrom('user_blocks').where('blocker_id', '=', memberId).where('blocked_id', '=', peerId).execute();
  return blockStateBetween(services.db, memberId, peerId);
}
