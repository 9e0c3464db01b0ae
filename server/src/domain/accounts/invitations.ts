import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { TSignUpResult } from '@curio/shared';
import { DomainError } from '../domain-error.ts';

/** Letters and digits that cannot be mistaken for each other when read aloud or typed (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export function generateInvitationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface AcceptedInvitation {
  invitationId: string;
  inviterId: string;
}

/** What a typed invitation code did for a sign-up; the result names it so the page can say so. */
export type InvitationOutcome = NonNullable<TSignUpResult['invitation']>;

/**
 * Why a code that exists cannot be accepted now: someone used it, or it ran out. A code that
 * never existed (a typo) is refused instead, so the person can correct it.
 */
async function unusableCodeOutcome(db: Kysely<Database>, code: string, now: Date): Promise<'used' | 'expired'> {
  const row = await db.selectFrom('invitations').select(['status', 'expires_at']).where('invitation_code', '=', code).executeTakeFirst();
  if (!row) throw new DomainError('INVITATION_CODE_INVALID');
  if (row.status === 'pending' && row.expires_at !== null && row.expires_at <= now) return 'expired';
  return row.status === 'expired' ? 'expired' : 'used';
}

/**
 * A pending invitation code moves to accepted for the new member (rule P-13). The guarded
 * UPDATE makes a code usable exactly once even when two sign-ups race for it: the loser waits for
 * the winner's commit, finds the code used, and signs up without the reward. Sign-up is never
 * refused for a code that was used or ran out (the code is applied afterwards, as the sign-up
 * rules put it); only an unknown code is.
 */
export async function applyInvitationCode(
  trx: Kysely<Database>,
  input: { code: string; inviteeId: string; now: Date },
): Promise<{ outcome: 'applied'; invitation: AcceptedInvitation } | { outcome: 'used' | 'expired' }> {
  const row = await trx
    .updateTable('invitations')
    .set({ status: 'accepted', invitee_id: input.inviteeId, accepted_at: input.now })
    .where('invitation_code', '=', input.code)
    .where('status', '=', 'pending')
    .where('invitee_id', 'is', null)
    .where('inviter_id', '<>', input.inviteeId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', input.now)]))
    .returning(['id', 'inviter_id'])
    .executeTakeFirst();
  if (!row) return { outcome: await unusableCodeOutcome(trx, input.code, input.now) };
  return { outcome: 'applied', invitation: { invitationId: row.id, inviterId: row.inviter_id } };
}

/**
 * With no code but a referrer remembered from a `?ref=` link (rules S-4 and P-15), the sign-up
 * records an already-accepted invitation. A stale or unknown referrer is ignored, not an error: the
 * visitor never typed it.
 */
export async function recordReferral(trx: Kysely<Database>, input: { referrerId: string; inviteeId: string; now: Date }): Promise<AcceptedInvitation | null> {
  if (input.referrerId === input.inviteeId) return null;
  const referrer = await trx.selectFrom('users').select('id').where('id', '=', input.referrerId).executeTakeFirst();
  if (!referrer) return null;
  // a fresh random code collides with an existing one only by bad luck; try again then
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await trx
      .insertInto('invitations')
      .values({
        inviter_id: referrer.id,
        invitation_code: generateInvitationCode(),
        invitee_id: input.inviteeId,
        status: 'accepted',
        created_at: input.now,
        accepted_at: input.now,
      })
      .onConflict((oc) => oc.column('invitation_code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return { invitationId: row.id, inviterId: referrer.id };
  }
  throw new Error('could not generate a unique invitation code');
}

/**
 * What a typed invitation code would do now, without taking it: sign-up with an address that
 * already has an account answers the same as a new sign-up would, so the answer never tells the
 * two apart.
 */
export async function invitationCodeOutcome(db: Kysely<Database>, input: { code: string; now: Date }): Promise<InvitationOutcome> {
  const row = await db
    .selectFrom('invitations')
    .select('id')
    .where('invitation_code', '=', input.code)
    .where('status', '=', 'pending')
    .where('invitee_id', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', input.now)]))
    .executeTakeFirst();
  return row ? 'applied' : unusableCodeOutcome(db, input.code, input.now);
}
