import type { z } from 'zod';
import type { ZAdminSetCodeStatusInput, ZAdminCodeIdInput } from '@curio/shared';
import { DomainError } from '../../domain-error.ts';
import { runInTransaction, type Tx } from '../../../db/transaction.ts';
import { recordAdminAction } from '../../admin/audit.ts';
import { effectiveStatusOf } from './code-filter.ts';
import type { AppServices } from '../../../app-services.ts';

/** The code's row, locked, so a toggle, a delete and a member's redemption happen one after another. */
async function lockCode(trx: Tx, codeId: string) {
  const row = await trx
    .selectFrom('recharge_codes')
    .select(['id', 'code', 'status', 'value_cents', 'batch_name', 'expires_at'])
    .where('id', '=', codeId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

function snapshot(row: { code: string; status: string; value_cents: number; batch_name: string | null; expires_at: Date | null }) {
  return { code: row.code, status: row.status, value_cents: row.value_cents, batch_name: row.batch_name, expires_at: row.expires_at?.toISOString() ?? null };
}

/**
 * Enabling and disabling (rule AD-18): active ↔ disabled, nothing else. A used code stays used
 * (CODE_USED), an expired one cannot be revived or needs no disabling (CODE_EXPIRED), and asking
 * for the state the code is already in (a double click, a stale table) is
 * REQUEST_ALREADY_PROCESSED, with no audit entry.
 */
export async function setRechargeCodeStatus(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZAdminSetCodeStatusInput>,
): Promise<z.output<typeof ZAdminSetCodeStatusInput>> {
  const now = services.clock.now();
  await runInTransaction(services.db, async (trx) => {
    const row = await lockCode(trx, input.codeId);
    const shown = effectiveStatusOf(row, now);
    if (shown === 'used') throw new DomainError('CODE_USED');
    if (shown === 'expired' || (row.expires_at !== null && row.expires_at <= now)) throw new DomainError('CODE_EXPIRED');
    if (row.status === input.status) throw new DomainError('REQUEST_ALREADY_PROCESSED');
    await trx.updateTable('recharge_codes').set({ status: input.status }).where('id', '=', row.id).execute();
    await recordAdminAction(trx, {
      adminId: memberId,
      action: input.status === 'active' ? 'recharge_code.enable' : 'recharge_code.disable',
      targetType: 'recharge_code',
      targetId: row.id,
      before: snapshot(row),
      after: { ...snapshot(row), status: input.status },
    });
  });
  return input;
}

/**
 * Deletes a code that was never redeemed. A used code is refused (CODE_USED): its redemption
 * row and ledger transfer point at it and are the member's history, so it is kept (disable is
 * not needed either: it can never be redeemed again).
 */
export async function deleteRechargeCode(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZAdminCodeIdInput>,
): Promise<z.output<typeof ZAdminCodeIdInput>> {
  await runInTransaction(services.db, async (trx) => {
    const row = await lockCode(trx, input.codeId);
    const redeemed = await trx.selectFrom('recharge_code_redemptions').select('id').where('code_id', '=', row.id).executeTakeFirst();
    if (row.status === 'used' || redeemed) throw new DomainError('CODE_USED');
    await trx.deleteFrom('recharge_codes').where('id', '=', row.id).execute();
    await recordAdminAction(trx, {
      adminId: memberId,
      action: 'recharge_code.delete',
      targetType: 'recharge_code',
      targetId: row.id,
      before: snapshot(row),
      after: null,
    });
  });
  return input;
}
