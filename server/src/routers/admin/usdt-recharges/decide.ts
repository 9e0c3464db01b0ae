import { ZAdminApproveUsdtRechargeInput, ZAdminRejectUsdtRechargeInput, ZAdminUsdtDecisionResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { runInTransaction, type Tx } from '../../../db/transaction.ts';
import { publishBalanceChanges } from '../../../domain/ledger/index.ts';
import { approveUsdtRecharge, rejectUsdtRecharge } from '../../../domain/wallet/resolve-usdt-recharge.ts';
import { recordAdminAction } from '../../../domain/admin/audit.ts';

/** The request as it stood, for the audit entry's "before" (read before the resolver locks and changes it). */
async function beforeOf(trx: Tx, requestId: string) {
  return trx
    .selectFrom('usdt_recharge_requests')
    .select(['status', 'usdt_amount_cents', 'transaction_hash', 'user_id'])
    .where('id', '=', requestId)
    .executeTakeFirst();
}

/**
 * Spec 3 §2.8 approve: credits the whole USDN of amount × rate through the existing resolver,
 * which locks the row and refuses anything not pending or reviewing. Two admins at once: the
 * second waits on the lock, finds the request approved and gets REQUEST_ALREADY_PROCESSED; its
 * transaction (audit entry included) rolls back, so money moves once and one entry remains.
 */
export const approve = adminProcedure
  .input(ZAdminApproveUsdtRechargeInput)
  .output(ZAdminUsdtDecisionResult)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const outcome = await runInTransaction(ctx.services.db, async (trx) => {
      const before = await beforeOf(trx, input.requestId);
      const result = await approveUsdtRecharge(trx, { requestId: input.requestId, adminId: ctx.user.id, now, ...(input.adminNotes ? { adminNotes: input.adminNotes } : {}) });
      await recordAdminAction(trx, {
        adminId: ctx.user.id,
        action: 'usdt_recharge.approve',
        targetType: 'usdt_recharge_request',
        targetId: input.requestId,
        before,
        after: { status: 'approved', credited_cents: result.creditedCents, admin_notes: input.adminNotes ?? null },
        reason: input.adminNotes ?? null,
      });
      return result;
    });
    await publishBalanceChanges(ctx.services.events, outcome.affectedUserIds);
    return { status: 'approved' as const, creditedCents: outcome.creditedCents };
  });

/** Spec 3 §2.8 reject: a reason is required (REJECTION_REASON_REQUIRED); no money moves. */
export const reject = adminProcedure
  .input(ZAdminRejectUsdtRechargeInput)
  .output(ZAdminUsdtDecisionResult)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const reason = input.reason.trim();
    await runInTransaction(ctx.services.db, async (trx) => {
      const before = await beforeOf(trx, input.requestId);
      await rejectUsdtRecharge(trx, { requestId: input.requestId, adminId: ctx.user.id, now, reason, ...(input.adminNotes ? { adminNotes: input.adminNotes } : {}) });
      await recordAdminAction(trx, {
        adminId: ctx.user.id,
        action: 'usdt_recharge.reject',
        targetType: 'usdt_recharge_request',
        targetId: input.requestId,
        before,
        after: { status: 'rejected', rejection_reason: reason, admin_notes: input.adminNotes ?? null },
        reason,
      });
    });
    return { status: 'rejected' as const, creditedCents: null };
  });
