import { POINTS_RULES } from '@curio/shared';
import type { Tx } from '../../db/transaction.ts';
import { transfer } from '../ledger/index.ts';
import { notify } from '../notifications/notify.ts';

/**
 * Welcome points (ADR 0030): enough for a new member's first listings, paid from the rewards
 * account inside the transaction that verifies their address, so they exist exactly when the
 * verification does. The caller's guarded UPDATE pays them once; the transfer's reference (the
 * member) is unique among welcome grants in the database as well. Returns the users whose
 * balances changed.
 */
export async function grantWelcomePoints(trx: Tx, userId: string): Promise<string[]> {
  const moved = await transfer(trx, {
    currency: 'points',
    from: { system: 'rewards' },
    to: { user: userId },
    amount: POINTS_RULES.welcomePoints,
    kind: 'welcome_points',
    referenceType: 'user',
    referenceId: userId,
    createdBy: userId,
  });
  await notify(trx, { userId, type: 'welcome_points', params: { points: POINTS_RULES.welcomePoints }, link: '/create' });
  return moved.affectedUserIds;
}
