import { formatCents, TRANSACTION_HASH_PATTERN } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import type { Tx } from '../../db/transaction.ts';
import { decideAudited } from '../admin/audited-decision.ts';
import { transfer } from '../ledger/index.ts';
import { DomainError } from '../domain-error.ts';
import { notify } from '../notifications/notify.ts';

const ACTIONABLE = ['pending', 'approved'];
const WITHDRAWAL_LINK = '/withdrawal?tab=history';

/** Locks the request; a second admin acting at once waits here and then finds it resolved. */
async function lockActionable(trx: Tx, requestId: string) {
  const row = await trx
    .selectFrom('usdn_withdrawal_requests')
    .select(['id', 'user_id', 'usdn_amount_cents', 'fee_cents', 'usdt_amount_cents', 'status'])
    .where('id', '=', requestId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND');
  if (!ACTIONABLE.includes(row.status)) throw new DomainError('REQUEST_ALREADY_PROCESSED');
  return row;
}

/**
 * Completes a withdrawal once the admin has paid it out on chain (rule W-11): the held amount
 * leaves the member's held balance, the net part to the withdrawals account (what left the
 * platform) and the fee to the fees account. The member is notified.
 */
export async function approveWithdrawal(
  trx: Tx,
  input: { requestId: string; adminId: string; now: Date; transactionHash: string },
): Promise<{ affectedUserIds: string[] }> {
  const hash = input.transactionHash.trim();
  // rule AD-23: an approval needs the chain transaction hash
  if (hash === '') throw new DomainError('TRANSACTION_HASH_REQUIRED');
  if (!TRANSACTION_HASH_PATTERN.test(hash)) throw new DomainError('VALIDATION_FAILED', { field: 'transactionHash' });
  const row = await lockActionable(trx, input.requestId);
  await trx
    .updateTable('usdn_withdrawal_requests')
    .set({ status: 'completed', transaction_hash: hash, processed_by: input.adminId, processed_at: input.now })
    .where('id', '=', row.id)
    .execute();
  const net = row.usdn_amount_cents - row.fee_cents;
  const reference = { referenceType: 'usdn_withdrawal', referenceId: row.id, createdBy: input.adminId };
  const affected = new Set<string>();
  if (net > 0) {
    const moved = await transfer(trx, {
      currency: 'usdn',
      from: { user: row.user_id, kind: 'held' },
      to: { system: 'withdrawals' },
      amount: net,
      kind: 'withdrawal_burn',
      ...reference,
    });
    moved.affectedUserIds.forEach((id) => affected.add(id));
  }
  if (row.fee_cents > 0) {
    const moved = await transfer(trx, {
      currency: 'usdn',
      from: { user: row.user_id, kind: 'held' },
      to: { system: 'fees' },
      amount: row.fee_cents,
      kind: 'withdrawal_fee',
      ...reference,
    });
    moved.affectedUserIds.forEach((id) => affected.add(id));
  }
  await notify(trx, {
    userId: row.user_id,
    type: 'withdrawal_approved',
    params: { amount: formatCents(row.usdn_amount_cents), usdt: formatCents(row.usdt_amount_cents), hash },
    link: WITHDRAWAL_LINK,
  });
  return { affectedUserIds: [...affected] };
}

/** Rejects a withdrawal with a required reason: the held amount returns to the available balance. */
export async function rejectWithdrawal(
  trx: Tx,
  input: { requestId: string; adminId: string; now: Date; reason: string },
): Promise<{ affectedUserIds: string[] }> {
  const reason = input.reason.trim();
  // rule AD-23: a rejection needs a reason
  if (reason === '') throw new DomainError('REJECTION_REASON_REQUIRED');
  const row = await lockActionable(trx, input.requestId);
  await trx
    .updateTable('usdn_withdrawal_requests')
    .set({ status: 'rejected', rejection_reason: reason, processed_by: input.adminId, processed_at: input.now })
    .where('id', '=', row.id)
    .execute();
  const moved = await transfer(trx, {
    currency: 'usdn',
    from: { user: row.user_id, kind: 'held' },
    to: { user: row.user_id },
    amount: row.usdn_amount_cents,
    kind: 'withdrawal_release',
    referenceType: 'usdn_withdrawal',
    referenceId: row.id,
    createdBy: input.adminId,
  });
  await notify(trx, {
    userId: row.user_id,
    type: 'withdrawal_rejected',
    params: { amount: formatCents(row.usdn_amount_cents), reason },
    link: WITHDRAWAL_LINK,
  });
  return { affectedUserIds: moved.affectedUserIds };
}

function withdrawalAsItStood(trx: Tx, requestId: string) {
  return trx
    .selectFrom('usdn_withdrawal_requests')
    .select(['status', 'usdn_amount_cents', 'fee_cents', 'usdt_amount_cents', 'withdrawal_address', 'user_id'])
    .where('id', '=', requestId)
    .executeTakeFirst();
}

/** The admin has paid a withdrawal out on chain and gives the hash: the held amount is burned. */
export function completeWithdrawalAsAdmin(services: AppServices, input: { adminId: string; requestId: string; transactionHash: string }) {
  const { adminId, requestId } = input;
  const hash = input.transactionHash.trim();
  return decideAudited(services, {
    adminId,
    action: 'usdn_withdrawal.approve',
    targetType: 'usdn_withdrawal_request',
    targetId: requestId,
    before: (trx) => withdrawalAsItStood(trx, requestId),
    decide: (trx, now) => approveWithdrawal(trx, { requestId, adminId, now, transactionHash: hash }),
    after: () => ({ status: 'completed', transaction_hash: hash }),
  });
}

/** The admin rejects a withdrawal with a reason: the held amount returns to the member. */
export function rejectWithdrawalAsAdmin(services: AppServices, input: { adminId: string; requestId: string; reason: string }) {
  const { adminId, requestId } = input;
  const reason = input.reason.trim();
  return decideAudited(services, {
    adminId,
    action: 'usdn_withdrawal.reject',
    targetType: 'usdn_withdrawal_request',
    targetId: requestId,
    reason,
    before: (trx) => withdrawalAsItStood(trx, requestId),
    decide: (trx, now) => rejectWithdrawal(trx, { requestId, adminId, now, reason }),
    after: () => ({ status: 'rejected', rejection_reason: reason }),
  });
}
