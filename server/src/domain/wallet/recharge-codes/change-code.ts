import type { z } from 'zod';
import type { ZAdminSetCodeStatusInput, ZAdminCodeIdInput, ZAdminCodeBatchInput, ZAdminCodeBatchResult } from '@curio/shared';
import { DomainError } from '../../domain-error.ts';
import { runInTransaction, type Tx } from '../../../db/transaction.ts';
import { recordAdminAction } from '../../admin/audit.ts';
import { effectiveStatusOf, whereEffectiveStatus } from './code-filter.ts';
import type { AppServices } from '../../../app-services.ts';

/**
 * The code's row, locked, so a toggle, a delete and a member's redemption happen one after
 * another. A deleted used code is gone for the admin (NOT_FOUND), like a deleted unused one.
 */
async function lockCode(trx: Tx, codeId: string) {
  const row = await trx
    .selectFrom('recharge_codes')
    .select(['id', 'code', 'status', 'value_cents', 'batch_name', 'expires_at'])
    .where('id', '=', codeId)
    .where('deleted_at', 'is', null)
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
 * Deletes a code in any state (rule AD-18). A code never redeemed goes outright. A used one
 * cannot: its redemption row and ledger transfer point at it and are the member's history (the
 * redemption list shows its batch name), so it is marked deleted instead and leaves every admin
 * list, count and export (ADR 0032). Either way the audit entry keeps what the code was.
 */
export async function deleteRechargeCode(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZAdminCodeIdInput>,
): Promise<z.output<typeof ZAdminCodeIdInput>> {
  const now = services.clock.now();
  await runInTransaction(services.db, async (trx) => {
    const row = await lockCode(trx, input.codeId);
    const redeemed = await trx.selectFrom('recharge_code_redemptions').select('id').where('code_id', '=', row.id).executeTakeFirst();
    if (row.status === 'used' || redeemed) {
      await trx.updateTable('recharge_codes').set({ deleted_at: now, deleted_by: memberId }).where('id', '=', row.id).execute();
    } else {
      await trx.deleteFrom('recharge_codes').where('id', '=', row.id).execute();
    }
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

/**
 * Disables every code of a batch that could still be redeemed (active and unexpired) in one
 * UPDATE: used, expired and already disabled codes stay as they are. The row locks it takes
 * serialise it with redemptions, so a code is either redeemed first (and stays used) or
 * disabled first (and redemption refuses it). One audit entry names the batch and lists the
 * codes it disabled; a batch with nothing left to disable is REQUEST_ALREADY_PROCESSED, an
 * unknown one NOT_FOUND.
 */
export async function disableRechargeCodeBatch(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZAdminCodeBatchInput>,
): Promise<z.output<typeof ZAdminCodeBatchResult>> {
  const now = services.clock.now();
  return runInTransaction(services.db, async (trx) => {
    const disabled = await trx
      .updateTable('recharge_codes')
      .set({ status: 'disabled' })
      .where('batch_name', '=', input.batchName)
      .where((eb) => whereEffectiveStatus(eb, 'active', now))
      .where('deleted_at', 'is', null)
      .returning(['id', 'code'])
      .execute();
    if (disabled.length === 0) {
      const exists = await trx
        .selectFrom('recharge_codes')
        .select('id')
        .where('batch_name', '=', input.batchName)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      throw new DomainError(exists ? 'REQUEST_ALREADY_PROCESSED' : 'NOT_FOUND');
    }
    await recordAdminAction(trx, {
      adminId: memberId,
      action: 'recharge_code.disable_batch',
      targetType: 'recharge_code_batch',
      targetId: input.batchName,
      before: { status: 'active' },
      after: { status: 'disabled', count: disabled.length, codeIds: disabled.map((row) => row.id) },
    });
    return { batchName: input.batchName, disabled: disabled.length };
  });
}
