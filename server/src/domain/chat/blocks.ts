import { DomainError } from '../domain-error.ts';
import type { AppServices } from '../../app-services.ts';
import type { Kysely } from 'kysely';
import { uploadUrl, type TBlockedMember, type TBlockState } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { publishCommitted } from '../accounts/publish-events.ts';

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
  await announceBlockChange(services, memberId, input.userId);
  return blockStateBetween(services.db, memberId, input.userId);
}

/** The member lifts a block (nothing happens if there was none). */
export async function unblockMember(services: AppServices, memberId: string, peerId: string) {
  await services.db.deleteFrom('user_blocks').where('blocker_id', '=', memberId).where('blocked_id', '=', peerId).execute();
  await announceBlockChange(services, memberId, peerId);
  return blockStateBetween(services.db, memberId, peerId);
}

/**
 * Both sides' open threads re-read the block (chat.onBlockState): the blocked member's composer
 * closes at once instead of when a send fails, and the blocker's other tabs follow too.
 */
async function announceBlockChange(services: AppServices, memberId: string, peerId: string): Promise<void> {
  await publishCommitted(services.events, [
    { type: 'blocks-changed', userId: memberId },
    { type: 'blocks-changed', userId: peerId },
  ]);
}

/** The members `memberId` has blocked, most recent first, so each block can be lifted again. */
export async function listBlockedMembers(db: Kysely<Database>, memberId: string): Promise<TBlockedMember[]> {
  const rows = await db
    .selectFrom('user_blocks as b')
    .innerJoin('profiles as p', 'p.user_id', 'b.blocked_id')
    .select(['b.blocked_id', 'p.nickname', 'p.avatar_key', 'b.reason', 'b.created_at'])
    .where('b.blocker_id', '=', memberId)
    .orderBy('b.created_at', 'desc')
    .orderBy('b.blocked_id')
    .execute();
  return rows.map((row) => ({
    id: row.blocked_id,
    nickname: row.nickname,
    avatarUrl: row.avatar_key ? uploadUrl(row.avatar_key) : null,
    reason: row.reason,
    blockedAt: row.created_at,
  }));
}
