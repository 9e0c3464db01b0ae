import { formatCents } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import type { Tx } from '../../db/transaction.ts';
import { decideAudited } from '../admin/audited-decision.ts';
import { DomainError } from '../domain-error.ts';
import { transfer } from '../ledger/index.ts';
import { notify } from '../notifications/notify.ts';
import { POINTS_REDEMPTION_REFERENCE, toPointsRedemption } from './redemption.ts';
import type { TPointsRedemption } from '@curio/shared';

export interface ResolvePointsRedemptionInput {
  requestId: string;
  adminId: string;
  decision: 'approve' | 'reject';
  adminNotes?: string | null;
  now: Date;
}

export interface ResolvedPointsRedemption {
  redemption: TPointsRedemption;
  /** Users whose balances changed: publishBalanceChanges after the commit. */
  affectedUserIds: string[];
}

/**
 * For the admin console (rule AD-25; ADR 0016). Runs inside the caller's transaction. The status
 * change is a guarded UPDATE from pending, so a request resolves exactly once whoever races:
 * the loser gets NOT_FOUND for a missing request or REQUEST_ALREADY_PROCESSED ("the status has
 * changed, refresh") for one already handled, and moves no points.
 *
 * - approve: the admin has paid the cash out; the held points leave the platform: points - fee
 *   to the withdrawals account (withdrawal_burn), the fee to fees (withdrawal_fee). Status
 *   completed, as there is no later step the platform could observe.
 * - reject: the points return (rule P-10): held -> available (withdrawal_release).
 */
export async function resolvePointsRedemption(trx: Tx, input: ResolvePointsRedemptionInput): Promise<ResolvedPointsRedemption> {
  const approve = input.decision === 'approve';
  const notes = input.adminNotes?.trim() || null;
  const row = await trx
    .updateTable('points_withdrawal_requests')
    .set({
      status: approve ? 'completed' : 'rejected',
      admin_notes: notes,
      processed_by: input.adminId,
      processed_at: input.now,
      completed_at: approve ? input.now : null,
    })
    .where('id', '=', input.requestId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const exists = await trx.selectFrom('points_withdrawal_requests').select('id').where('id', '=', input.requestId).executeTakeFirst();
    throw exists ? new DomainError('REQUEST_ALREADY_PROCESSED') : new DomainError('NOT_FOUND');
  }

  const common = {
    currency: 'points',
    from: { user: row.user_id, kind: 'held' },
    referenceType: POINTS_REDEMPTION_REFERENCE,
    referenceId: row.id,
    createdBy: input.adminId,
  } as const;
  const affected: string[] = [];
  if (approve) {
    const paidOut = row.points_amount - row.fee_points;
    if (paidOut > 0) {
      affected.push(...(await transfer(trx, { ...common, to: { system: 'withdrawals' }, amount: paidOut, kind: 'withdrawal_burn' })).affectedUserIds);
    }
    if (row.fee_points > 0) {
      affected.push(...(await transfer(trx, { ...common, to: { system: 'fees' }, amount: row.fee_points, kind: 'withdrawal_fee' })).affectedUserIds);
    }
  } else {
    affected.push(
      ...(
        await transfer(trx, { ...common, to: { user: row.user_id }, amount: row.points_amount, kind: 'withdrawal_release', ...(notes ? { memo: notes } : {}) })
      ).affectedUserIds,
    );
  }

  await notify(trx, {
    userId: row.user_id,
    type: approve ? 'points_redemption_approved' : 'points_redemption_rejected',
    params: {
      points: row.points_amount,
      cash: formatCents(row.cash_amount_cents),
      ...(notes ? { notes } : {}),
    },
    link: '/points-redemption?tab=history',
  });
  return { redemption: toPointsRedemption(row), affectedUserIds: affected };
}

/**
 * The admin approves a points redemption (the held points leave the platform) or rejects it
 * with notes (the points return to the member, who is told why).
 */
export function decidePointsRedemptionAsAdmin(
  services: AppServices,
  input: { adminId: string; requestId: string; decision: 'approve' | 'reject'; notes?: string | null | undefined },
) {
  const { adminId, requestId, decision } = input;
  if (decision === 'reject' && !input.notes) throw new DomainError('REJECTION_REASON_REQUIRED');
  return decideAudited(services, {
    adminId,
    action: decision === 'approve' ? 'points_withdrawal.approve' : 'points_withdrawal.reject',
    targetType: 'points_withdrawal',
    targetId: requestId,
    reason: input.notes ?? null,
    before: (trx) =>
      trx
        .selectFrom('points_withdrawal_requests')
        .select(['status', 'points_amount', 'fee_points', 'cash_amount_cents'])
        .where('id', '=', requestId)
        .executeTakeFirst(),
    decide: (trx, now) => resolvePointsRedemption(trx, { requestId, adminId, decision, adminNotes: input.notes, now }),
    after: (outcome) => ({ status: outcome.redemption.status, admin_notes: outcome.redemption.adminNotes }),
  });
}
