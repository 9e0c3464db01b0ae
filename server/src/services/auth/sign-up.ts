import { LIMITS, type TSignUpInput } from '@curio/shared';
import type { AppServices } from '../app-services.ts';
import type { RealtimeEvent } from '../../realtime/events.ts';
import { runInTransaction, type Tx } from '../../db/transaction.ts';
import { createSession, invalidateSession } from '../../auth/sessions.ts';
import { createUserWithProfile } from './create-user.ts';
import { acceptInvitationCode, recordReferral, type AcceptedInvitation } from './invitations.ts';
import { grantInvitationRewards } from './invitation-rewards.ts';
import { notify } from '../notifications/notify.ts';
import { publishBalanceChanges } from '../../ledger/index.ts';
import { publishCommitted, sessionRevokedEvent } from './publish-events.ts';

export interface SignedIn {
  userId: string;
  session: { token: string; expiresAt: Date };
}

export interface SignedUp extends SignedIn {
  /** Which invitation credited an inviter: a typed code, a remembered ?ref= link, or none. */
  invitation: 'code' | 'referral' | null;
}

/**
 * Account, profile, invitation, rewards and the first session in one transaction: a bad
 * invitation code or a taken e-mail leaves nothing behind.
 */
export async function signUp(
  services: AppServices,
  input: TSignUpInput,
  previous: { userId: string; sessionId: string } | null,
): Promise<SignedUp> {
  const now = services.clock.now();
  const invitationCode = input.invitationCode?.trim();
  const { result, rewardedUserIds, revoked } = await runInTransaction(services.db, async (trx) => {
    const userId = await createUserWithProfile(trx, {
      email: input.email,
      password: input.password,
      ...(input.language ? { language: input.language } : {}),
    });
    let invitation: AcceptedInvitation | null = null;
    if (invitationCode) {
      invitation = await acceptInvitationCode(trx, { code: invitationCode, inviteeId: userId, now });
    } else if (input.referrerId) {
      invitation = await recordReferral(trx, { referrerId: input.referrerId, inviteeId: userId, now });
    }
    const rewarded = invitation ? await grantInvitationRewards(trx, { ...invitation, inviteeId: userId }) : [];
    if (invitation) await notifyInviter(trx, invitation, userId);
    // a new account signed up from a signed-in browser replaces that browser's session
    let ended: RealtimeEvent[] = [];
    if (previous) {
      await invalidateSession(trx, previous.sessionId);
      ended = sessionRevokedEvent(previous.userId, [previous.sessionId]);
    }
    const session = await createSession(trx, services.clock, userId);
    const applied: SignedUp['invitation'] = invitation ? (invitationCode ? 'code' : 'referral') : null;
    return { result: { userId, session, invitation: applied }, rewardedUserIds: rewarded, revoked: ended };
  });
  await publishBalanceChanges(services.events, rewardedUserIds);
  await publishCommitted(services.events, revoked);
  return result;
}

/**
 * Tells the inviter their invitation was accepted (spec 2 §9: 50 points), inside the sign-up
 * transaction, so the notice exists exactly when the acceptance and its rewards committed.
 */
async function notifyInviter(trx: Tx, invitation: AcceptedInvitation, inviteeId: string): Promise<void> {
  const invitee = await trx.selectFrom('profiles').select('nickname').where('user_id', '=', inviteeId).executeTakeFirst();
  await notify(trx, {
    userId: invitation.inviterId,
    type: 'invitation_accepted',
    params: { nickname: invitee?.nickname ?? '', points: LIMITS.inviterRewardPoints },
    link: '/invitations',
  });
}
