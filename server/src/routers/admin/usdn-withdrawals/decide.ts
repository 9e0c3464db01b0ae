import { ZAdminApproveUsdnWithdrawalInput, ZAdminRejectUsdnWithdrawalInput, ZAdminWithdrawalDecisionResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { runInTransaction, type Tx } from '../../../db/transaction.ts';
import { publishBalanceChanges } from '../../../domain/ledger/index.ts';
import { approveWithdrawal, rejectWithdrawal } from '../../../domain/wallet/resolve-withdrawal.ts';
import { recordAdminAction } from '../../../domain/admin/audit.ts';

async function beforeOf(trx: Tx, requestId: string) {
  return trx
    .selectFrom('usdn_withdrawal_requests')
    .select(['status', 'usdn_amount_cents', 'fee_cents', 'usdt_amount_cents', 'withdrawal_address', 'user_id'])
    .where('id', '=', requestId)
    .executeTakeFirst();
}

/**
 * Spec 3 §2.9 approve: the admin has paid out on chain and gives the hash; the held amount is
 * burned (net to withdrawals, fee to fees) by the existing resolver, which locks the row and
 * acts only on a waiting request. A racing second approval waits, finds it completed, gets
 * REQUEST_ALREADY_PROCESSED and rolls back with its audit entry.
 */
export const approve = adminProcedure
  .input(ZAdminApproveUsdnWithdrawalInput)
  .output(ZAdminWithdrawalDecisionResult)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const hash = input.transactionHash.trim();
    const outcome = await runInTransaction(ctx.services.db, async (trx) => {
      const before = await beforeOf(trx, input.requestId);
      const result = await approveWithdrawal(trx, { requestId: input.requestId, adminId: ctx.user.id, now, transactionHash: hash });
      await recordAdminAction(trx, {
        adminId: ctx.user.id,
        action: 'usdn_withdrawal.approve',
        targetType: 'usdn_withdrawal_request',
        targetId: input.requestId,
        before,
        after: { status: 'completed', transaction_hash: hash },
      });
      return result;
    });
    await publishBalanceChanges(ctx.services.events, outcome.affectedUserIds);
    return { status: 'completed' as const };
  });

/** Spec 3 §2.9 reject: reason required (REJECTION_REASON_REQUIRED); the hold returns to the member. */
export const reject = adminProcedure
  .input(ZAdminRejectUsdnWithdrawalInput)
  .output(ZAdminWithdrawalDecisionResult)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const reason = input.reason.trim();
    const outcome = await runInTransaction(ctx.services.db, async (trx) => {
      const before = await beforeOf(trx, input.requestId);
      const result = await rejectWithdrawal(trx, { requestId: input.requestId, adminId: ctx.user.id, now, reason });
      await recordAdminAction(trx, {
        adminId: ctx.user.id,
        action: 'usdn_withdrawal.reject',
        targetType: 'usdn_withdrawal_request',
        targetId: input.requestId,
        before,
        after: { status: 'rejected', rejection_reason: reason },
        reason,
      });
      return result;
    });
    await publishBalanceChanges(ctx.services.events, outcome.affectedUserIds);
    return { status: 'rejected' as const };
  });
