import { LIMITS } from '@curio/shared';
import type { Tx } from '../../db/transaction.ts';
import { transfer } from '../ledger/index.ts';
import type { AcceptedInvitation } from './invitations.ts';

/**
 * Spec 1 §9 / spec 2: 50 points to the inviter and 30 to the new member, paid from the rewards
 * account inside the sign-up transaction, so an accepted invitation always comes with its
 * rewards and a rolled-back sign-up pays nothing. Returns the users whose balances changed.
 */
export async function grantInvitationRewards(trx: Tx, invitation: AcceptedInvitation & { inviteeId: string }): Promise<string[]> {
  const common = {
    currency: 'points',
    from: { system: 'rewards' },
    kind: 'invitation_reward',
    referenceType: 'invitation',
    referenceId: invitation.invitationId,
    createdBy: invitation.inviteeId,
  } as const;
  const inviter = await transfer(trx, {
    ...common,
    to: { user: invitation.inviterId },
    amount: LIMITS.inviterRewardPoints,
    memo: 'inviter',
  });
  const invitee = await transfer(trx, {
    ...common,
    to: { user: invitation.inviteeId },
    amount: LIMITS.inviteeRewardPoints,
    memo: 'invitee',
  });
  return [...inviter.affectedUserIds, ...invitee.affectedUserIds];
}
