import { ZAdminPointsWithdrawalDecisionInput, ZAdminPointsWithdrawalDecisionResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { publishBalanceChanges } from '../../../domain/ledger/index.ts';
import { resolvePointsRedemption } from '../../../domain/points/resolve-points-redemption.ts';
import { recordAdminAction } from '../../../domain/admin/audit.ts';

/**
 * Spec 3 §2.11 / §4: approve a legacy points withdrawal (the held points leave the platform,
 * status completed) or reject it with notes (the points return to the member). The resolver's
 * guarded UPDATE from pending makes a double click or two admins act once: the loser gets
 * REQUEST_ALREADY_PROCESSED and its transaction, audit entry included, rolls back.
 */
function decide(decision: 'approve' | 'reject') {
  return adminProcedure
    .input(ZAdminPointsWithdrawalDecisionInput)
    .output(ZAdminPointsWithdrawalDecisionResult)
    .mutation(async ({ ctx, input }) => {
      // the member is told why their points came back
      if (decision === 'reject' && !input.notes) throw new DomainError('REJECTION_REASON_REQUIRED');
      const now = ctx.services.clock.now();
      const outcome = await runInTransaction(ctx.services.db, async (trx) => {
        const before = await trx
          .selectFrom('points_withdrawal_requests')
          .select(['status', 'points_amount', 'fee_points', 'cash_amount_cents'])
          .where('id', '=', input.requestId)
          .executeTakeFirst();
        const resolved = await resolvePointsRedemption(trx, { requestId: input.requestId, adminId: ctx.user.id, decision, adminNotes: input.notes, now });
        await recordAdminAction(trx, {
          adminId: ctx.user.id,
          action: decision === 'approve' ? 'points_withdrawal.approve' : 'points_withdrawal.reject',
          targetType: 'points_withdrawal',
          targetId: input.requestId,
          before,
          after: { status: resolved.redemption.status, admin_notes: resolved.redemption.adminNotes },
          reason: input.notes,
        });
        return resolved;
      });
      await publishBalanceChanges(ctx.services.events, outcome.affectedUserIds);
      return { id: outcome.redemption.id, status: outcome.redemption.status };
    });
}

export const approve = decide('approve');
export const reject = decide('reject');
