import { LIMITS } from '@curio/shared';
import type { Tx } from '../../db/transaction.ts';
import { transfer } from '../ledger/index.ts';
import type { AcceptedInvitation } from './invitations.ts';

/**
 * 50 points to the inviter and 30 to the new member (rule P-14), paid from the rewards account
 * inside the transaction that verifies the new member's e-mail address, so an accepted
 * invitation is rewarded exactly when its invitee is verified and a rolled-back verification
 * pays nothing. Returns the users whose balances changed.
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
