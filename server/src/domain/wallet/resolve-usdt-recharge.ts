import { formatCents, formatWalletAmount, usdtRechargeCreditCents } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import type { Tx } from '../../db/transaction.ts';
import { decideAudited } from '../admin/audited-decision.ts';
import { transfer } from '../ledger/index.ts';
import { DomainError } from '../domain-error.ts';
import { notify } from '../notifications/notify.ts';
import { getSetting } from '../settings/settings.ts';

const ACTIONABLE = ['pending', 'reviewing'];
const RECHARGE_LINK = '/recharge?tab=usdt';

/**
 * Locks the request row. Two admins acting at once queue here; the second reads the status the
 * first committed and is refused, so a request moves money at most once.
 */
async function lockActionable(trx: Tx, requestId: string) {
  const row = await trx
    .selectFrom('usdt_recharge_requests')
    .select(['id', 'user_id', 'usdt_amount_cents', 'status'])
    .where('id', '=', requestId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND');
  // already approved or rejected by someone else: nothing to do, and nothing may move again
  if (!ACTIONABLE.includes(row.status)) throw new DomainError('REQUEST_ALREADY_PROCESSED');
  return row;
}

export interface ResolveResult {
  affectedUserIds: string[];
}

/**
 * Approves a USDT top-up (rule W-7): credits the whole-number part of amount x
 * usdt_recharge_rate as USDN from issuance, stamps reviewer and time, notifies the member.
 * The rate is read at approval, when the USDT has actually arrived (ADR 0015).
 */
export async function approveUsdtRecharge(
  trx: Tx,
  input: { requestId: string; adminId: string; now: Date; adminNotes?: string },
): Promise<ResolveResult & { creditedCents: number }> {
  const row = await lockActionable(trx, input.requestId);
  const rate = await getSetting(trx, 'usdt_recharge_rate');
  const creditedCents = usdtRechargeCreditCents(row.usdt_amount_cents, rate);
  await recordDecision(trx, row.id, input, { status: 'approved', credited_cents: creditedCents });
  let affectedUserIds: string[] = [];
  // under a whole USDN (a minimum set below 1 USDT) the request is approved with nothing to credit
  if (creditedCents > 0) {
    const moved = await transfer(trx, {
      currency: 'usdn',
      from: { system: 'issuance' },
      to: { user: row.user_id },
      amount: creditedCents,
      kind: 'usdt_recharge',
      referenceType: 'usdt_recharge_request',
      referenceId: row.id,
      createdBy: input.adminId,
    });
    affectedUserIds = moved.affectedUserIds;
  }
  await notify(trx, {
    userId: row.user_id,
    type: 'recharge_approved',
    params: { usdt: formatWalletAmount(row.usdt_amount_cents), amount: formatCents(creditedCents) },
    link: RECHARGE_LINK,
  });
  return { creditedCents, affectedUserIds };
}

/** Rejects a USDT top-up with a required reason (rule AD-22); no money moves. */
export async function rejectUsdtRecharge(
  trx: Tx,
  input: { requestId: string; adminId: string; now: Date; reason: string; adminNotes?: string },
): Promise<ResolveResult> {
  const reason = input.reason.trim();
  // rule AD-22: a rejection needs a reason
  if (reason === '') throw new DomainError('REJECTION_REASON_REQUIRED');
  const row = await lockActionable(trx, input.requestId);
  await recordDecision(trx, row.id, input, { status: 'rejected', rejection_reason: reason });
  await notify(trx, {
    userId: row.user_id,
    type: 'recharge_rejected',
    params: { usdt: formatWalletAmount(row.usdt_amount_cents), reason },
    link: RECHARGE_LINK,
  });
  return { affectedUserIds: [] };
}

/** Writes the decision on the locked request, with the admin who took it and their notes. */
async function recordDecision(
  trx: Tx,
  requestId: string,
  by: { adminId: string; now: Date; adminNotes?: string },
  decision: { status: 'approved'; credited_cents: number } | { status: 'rejected'; rejection_reason: string },
): Promise<void> {
  await trx
    .updateTable('usdt_recharge_requests')
    .set({ ...decision, reviewed_by: by.adminId, reviewed_at: by.now, admin_notes: by.adminNotes?.trim() || null })
    .where('id', '=', requestId)
    .execute();
}

/** The request as it stood, for the audit entry (read before the resolver locks and changes it). */
function rechargeAsItStood(trx: Tx, requestId: string) {
  return trx
    .selectFrom('usdt_recharge_requests')
    .select(['status', 'usdt_amount_cents', 'transaction_hash', 'user_id'])
    .where('id', '=', requestId)
    .executeTakeFirst();
}

/** The admin approves a USDT top-up: the member is credited amount × rate in whole USDN. */
export function approveUsdtRechargeAsAdmin(services: AppServices, input: { adminId: string; requestId: string; adminNotes?: string | undefined }) {
  const { adminId, requestId, adminNotes } = input;
  return decideAudited(services, {
    adminId,
    action: 'usdt_recharge.approve',
    targetType: 'usdt_recharge_request',
    targetId: requestId,
    reason: adminNotes ?? null,
    before: (trx) => rechargeAsItStood(trx, requestId),
    decide: (trx, now) => approveUsdtRecharge(trx, { requestId, adminId, now, ...(adminNotes ? { adminNotes } : {}) }),
    after: (outcome) => ({ status: 'approved', credited_cents: outcome.creditedCents, admin_notes: adminNotes ?? null }),
  });
}

/** The admin rejects a USDT top-up with a reason; no money moves. */
export function rejectUsdtRechargeAsAdmin(
  services: AppServices,
  input: { adminId: string; requestId: string; reason: string; adminNotes?: string | undefined },
) {
  const { adminId, requestId, adminNotes } = input;
  const reason = input.reason.trim();
  return decideAudited(services, {
    adminId,
    action: 'usdt_recharge.reject',
    targetType: 'usdt_recharge_request',
    targetId: requestId,
    reason,
    before: (trx) => rechargeAsItStood(trx, requestId),
    decide: (trx, now) => rejectUsdtRecharge(trx, { requestId, adminId, now, reason, ...(adminNotes ? { adminNotes } : {}) }),
    after: () => ({ status: 'rejected', rejection_reason: reason, admin_notes: adminNotes ?? null }),
  });
}
