import { ZAdminAdjustUsdnInput, ZAdminAdjustUsdnResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { DomainError, isDomainError } from '../../../domain/domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { getBalances, publishBalanceChanges, transfer } from '../../../domain/ledger/index.ts';
import { withIdempotency } from '../../../domain/ledger/with-idempotency.ts';
import { recordAdminAction } from '../../../domain/admin/audit.ts';

const CENTS_PER_USDN = 100;

/**
 * Spec 3 §2.3: add (positive) or deduct (negative) whole USDN with a reason. The money moves
 * through the ledger as an 'admin_adjustment' transfer between the issuance account and the
 * user's available balance, so the currency still sums to zero and the user_usdn /
 * usdn_transactions views show it (earn for a credit, spend for a debit, source
 * admin_adjustment). A deduction below zero is refused with USER_USDN_INSUFFICIENT and writes
 * nothing. The admin's idempotency key makes a double click adjust once.
 */
export const adjustUsdn = adminProcedure
  .input(ZAdminAdjustUsdnInput)
  .output(ZAdminAdjustUsdnResult)
  .mutation(async ({ ctx, input }) => {
    const cents = Math.abs(input.amount) * CENTS_PER_USDN;
    const { idempotencyKey, ...params } = input;
    let affected: string[] = [];
    const result = await runInTransaction(ctx.services.db, (trx) =>
      withIdempotency(trx, { userId: ctx.user.id, key: idempotencyKey, operation: 'admin.users.adjustUsdn', params }, async () => {
        const user = await trx.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst();
        if (!user) throw new DomainError('USER_NOT_FOUND');
        const issuance = { system: 'issuance' } as const;
        const account = { user: input.userId };
        try {
          const moved = await transfer(trx, {
            currency: 'usdn',
            from: input.amount > 0 ? issuance : account,
            to: input.amount > 0 ? account : issuance,
            amount: cents,
            kind: 'admin_adjustment',
            referenceType: 'user',
            referenceId: input.userId,
            memo: input.reason,
            createdBy: ctx.user.id,
          });
          affected = moved.affectedUserIds;
        } catch (error) {
          // the ledger's generic message becomes the spec's 'USDN insufficient' for this screen
          if (isDomainError(error, 'INSUFFICIENT_BALANCE')) {
            throw new DomainError('USER_USDN_INSUFFICIENT');
          }
          throw error;
        }
        const after = await getBalances(trx, input.userId);
        await recordAdminAction(trx, {
          adminId: ctx.user.id,
          action: 'user.adjust_usdn',
          targetType: 'user',
          targetId: input.userId,
          // read after the transfer locked the account, so "before" is exact even under concurrency
          before: { usdnCents: after.usdnAvailableCents - input.amount * CENTS_PER_USDN },
          after: { usdnCents: after.usdnAvailableCents, changeCents: input.amount * CENTS_PER_USDN },
          reason: input.reason,
        });
        return { balanceCents: after.usdnAvailableCents };
      }),
    );
    await publishBalanceChanges(ctx.services.events, affected);
    return result;
  });
