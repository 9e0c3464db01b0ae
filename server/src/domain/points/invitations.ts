import type { Kysely } from 'kysely';
import { POINTS_RULES, type TInvitation, type TInvitationRewardState, type TInvitationStatus, type TCreatedInvitation } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { generateInvitationCode } from '../accounts/invitations.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The member's newest pending code that has not expired yet, if any (rule P-12). */
export function currentPendingInvitation(db: Kysely<Database>, inviterId: string, now: Date) {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('inviter_id', '=', inviterId)
    .where('status', '=', 'pending')
    .where('invitee_id', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** A pending code past its expiry reads as expired before the sweeper flips the row. */
function statusAt(row: { status: string; expires_at: Date | null }, now: Date): TInvitationStatus {
  if (row.status === 'pending' && row.expires_at && row.expires_at <= now) return 'expired';
  return row.status === 'accepted' || row.status === 'expired' ? row.status : 'pending';
}

/** Where an accepted invitation's reward stands (rules P-14 and P-18); a code nobody used has none. */
function rewardStateOf(row: { status: string; rewarded_at: Date | null; reward_capped_at: Date | null }): TInvitationRewardState | null {
  if (row.status !== 'accepted') return null;
  if (row.rewarded_at) return 'rewarded';
  return row.reward_capped_at ? 'capped' : 'waiting';
}

/** The member's invitations (rule P-13), newest first, with who accepted them and where their reward stands. */
export async function listInvitations(db: Kysely<Database>, inviterId: string, now: Date, ids?: string[]): Promise<TInvitation[]> {
  let query = db
    .selectFrom('invitations as i')
    .leftJoin('profiles as p', 'p.user_id', 'i.invitee_id')
    .select(['i.id', 'i.invitation_code', 'i.status', 'i.created_at', 'i.accepted_at', 'i.expires_at', 'i.rewarded_at', 'i.reward_capped_at', 'p.nickname'])
    .where('i.inviter_id', '=', inviterId)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(200);
  if (ids) query = query.where('i.id', 'in', ids);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.invitation_code,
    status: statusAt(row, now),
    reward: rewardStateOf(row),
    createdAt: row.created_at,
    acceptedAt: row.accepted_at,
    expiresAt: row.expires_at,
    inviteeNickname: row.nickname ?? null,
  }));
}

/**
 * Hands back the member's pending, unexpired code (rule P-12), or creates one valid
 * for 30 days (ADR 0016). The inviter's profile row is locked first, so two taps at once give
 * one code, not two.
 */
export async function createOrReuseInvitation(db: Kysely<Database>, inviterId: string, now: Date): Promise<TCreatedInvitation> {
  const { id, reused } = await runInTransaction(db, async (trx) => {
    const profile = await trx.selectFrom('profiles').select('user_id').where('user_id', '=', inviterId).forUpdate().executeTakeFirst();
    if (!profile) throw new DomainError('USER_NOT_FOUND');
    const existing = await currentPendingInvitation(trx, inviterId, now);
    if (existing) return { id: existing.id, reused: true };
    const expiresAt = new Date(now.getTime() + POINTS_RULES.invitationValidDays * DAY_MS);
    // a fresh random code collides with an existing one only by bad luck; try again then
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await trx
        .insertInto('invitations')
        .values({
          inviter_id: inviterId,
          invitation_code: generateInvitationCode(),
          status: 'pending',
          created_at: now,
          expires_at: expiresAt,
        })
        .onConflict((oc) => oc.column('invitation_code').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) return { id: row.id, reused: false };
    }
    throw new Error('could not generate a unique invitation code');
  });
  const [invitation] = await listInvitations(db, inviterId, now, [id]);
  if (!invitation) throw new DomainError('NOT_FOUND');
  return { invitation, reused };
}
