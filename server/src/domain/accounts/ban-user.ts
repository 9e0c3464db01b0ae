import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { EventBus } from '../../realtime/events.ts';
import { runInTransaction, type Tx } from '../../db/transaction.ts';
import { endAllAccess } from './end-all-access.ts';
import { DomainError } from '../domain-error.ts';
import { notify } from '../notifications/notify.ts';
import { publishCommitted, sessionRevokedEvent } from './publish-events.ts';

export interface BanInput {
  userId: string;
  /** The admin who bans; null for the system (e.g. an automated moderation rule). */
  bannedBy: string | null;
  reason: string;
}

export interface BanResult {
  banId: string;
  /** False when the user was already banned: the existing active ban is kept and returned. */
  created: boolean;
  /** Sessions that ended; publish them as `session-revoked` after the transaction commits. */
  endedSessionIds: string[];
}

/**
 * The transactional part of a ban, for callers that ban as part of a larger change (a
 * moderation decision): inserts the active ban, ends every session of the user and revokes
 * their API tokens.
 */
export async function banUserInTransaction(trx: Tx, input: BanInput): Promise<BanResult> {
  const reason = input.reason.trim();
  if (!reason) throw new DomainError('REASON_REQUIRED');
  if (input.bannedBy === input.userId) throw new DomainError('FORBIDDEN');
  const user = await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().executeTakeFirst();
  if (!user) throw new DomainError('USER_NOT_FOUND');
  // rule AD-9: admins cannot be banned; checked here so every path that bans (the users tab, a
  // violation decision, a script) refuses alike, inside the transaction that would ban
  const admin = await trx.selectFrom('user_roles').select('user_id').where('user_id', '=', user.id).where('role', '=', 'admin').executeTakeFirst();
  if (admin) throw new DomainError('CANNOT_BAN_ADMIN');
  const inserted = await trx
    .insertInto('user_bans')
    .values({ user_id: user.id, banned_by: input.bannedBy, reason, status: 'active' })
    // at most one active ban per user (partial unique index): a second ban keeps the first
    .onConflict((oc) => oc.column('user_id').where('status', '=', 'active').doNothing())
    .returning('id')
    .executeTakeFirst();
  const banId =
    inserted?.id ?? (await trx.selectFrom('user_bans').select('id').where('user_id', '=', user.id).where('status', '=', 'active').executeTakeFirstOrThrow()).id;
  const { sessionIds: endedSessionIds } = await endAllAccess(trx, user.id);
  // rule AD-9: a ban notifies the user; they read it when the ban is lifted or through support
  if (inserted) await notify(trx, { userId: user.id, type: 'banned', params: { reason } });
  return { banId, created: Boolean(inserted), endedSessionIds };
}

/**
 * Bans a member: sign-in is refused from now on, every open session (and socket) ends and
 * every API token is revoked for good.
 */
export async function banUser(db: Kysely<Database>, events: EventBus, input: BanInput): Promise<BanResult> {
  const result = await runInTransaction(db, (trx) => banUserInTransaction(trx, input));
  await publishCommitted(events, sessionRevokedEvent(input.userId, result.endedSessionIds, 'banned'));
  return result;
}

/** Lifts the active ban, if any; returns whether there was one. The member signs in again themselves. */
export async function liftBan(db: Kysely<Database>, input: { userId: string; at?: Date }): Promise<{ lifted: boolean }> {
  const row = await db
    .updateTable('user_bans')
    .set({ status: 'lifted', unbanned_at: input.at ?? new Date() })
    .where('user_id', '=', input.userId)
    .where('status', '=', 'active')
    .returning('id')
    .executeTakeFirst();
  return { lifted: Boolean(row) };
}
