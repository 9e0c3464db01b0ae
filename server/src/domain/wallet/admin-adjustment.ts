import type { AppServices } from '../../app-services.ts';
import { DomainError, isDomainError } from '../domain-error.ts';
import { getBalances, transfer } from '../ledger/index.ts';
import { runMoneyCommand } from '../ledger/money-command.ts';
import { recordAdminAction } from '../admin/audit.ts';

const CENTS_PER_USDN = 100;

export interface UsdnAdjustment {
  adminId: string;
  userId: string;
  /** Whole USDN: positive adds, negative deducts. */
  amount: number;
  reason: string;
  idempotencyKey: string;
}

/**
 * An admin adds or deducts whole USDN with a reason. The money moves through the ledger as an
 * 'admin_adjustment' transfer between the issuance account and the member's available balance,
 * so the currency still sums to zero and the member's history shows it. A deduction below zero
 * is refused with USER_USDN_INSUFFICIENT and writes nothing. The admin's idempotency key makes a
 * double click adjust once.
 */
export async function adjustUsdn(services: AppServices, input: UsdnAdjustment): Promise<{ balanceCents: number }> {
  const { adminId, userId, amount, reason, idempotencyKey } = input;
  const { balanceCents } = await runMoneyCommand(
    services,
    { userId: adminId, key: idempotencyKey, operation: 'admin.users.adjustUsdn', params: { userId, amount, reason } },
    async (trx) => {
      const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw new DomainError('USER_NOT_FOUND');
      const issuance = { system: 'issuance' } as const;
      const account = { user: userId };
      let affectedUserIds: string[];
      try {
        const moved = await transfer(trx, {
          currency: 'usdn',
          from: amount > 0 ? issuance : account,
          to: amount > 0 ? account : issuance,
          amount: Math.abs(amount) * CENTS_PER_USDN,
          kind: 'admin_adjustment',
          referenceType: 'user',
          referenceId: userId,
          memo: reason,
          createdBy: adminId,
        });
        affectedUserIds = moved.affectedUserIds;
      } catch (error) {
        // the ledger's generic message becomes "the member's USDN is insufficient" for this screen
        if (isDomainError(error, 'INSUFFICIENT_BALANCE')) throw new DomainError('USER_USDN_INSUFFICIENT');
        throw error;
      }
      const after = await getBalances(trx, userId);
      await recordAdminAction(trx, {
        adminId,
        action: 'user.adjust_usdn',
        targetType: 'user',
        targetId: userId,
        // read after the transfer locked the account, so "before" is exact even under concurrency
        before: { usdnCents: after.usdnAvailableCents - amount * CENTS_PER_USDN },
        after: { usdnCents: after.usdnAvailableCents, changeCents: amount * CENTS_PER_USDN },
        reason,
      });
      return { balanceCents: after.usdnAvailableCents, affectedUserIds };
    },
  );
  return { balanceCents };
}
