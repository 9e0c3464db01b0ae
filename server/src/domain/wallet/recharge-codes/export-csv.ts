import type { z } from 'zod';
import type { ZAdminRechargeCodeCsv, ZAdminRechargeCodeCsvInput } from '@curio/shared';
import { BRAND, displayRedeemCode, formatCents } from '@curio/shared';
import { spreadsheetCsv } from '../../admin/spreadsheet-csv.ts';
import { whereCodeFilter } from './code-filter.ts';
import type { AppServices } from '../../../app-services.ts';

/** Far above one batch (1000); a guard against building an unbounded string in memory. */
const MAX_ROWS = 50_000;

const ENGLISH_LABELS = { code: 'code', value: 'value', batchName: 'batch name', expiresAt: 'expires at (UTC)', permanent: 'permanent' };

/**
 * The codes as CSV (rule AD-18) with a byte-order mark (Excel then reads UTF-8 batch names),
 * columns code, value, batch name, expiry or "permanent". Either the table's current filter or
 * one batch. Column titles come from the client in the admin's language; English otherwise.
 * Batch names are typed by admins, but a cell starting with = still must not run as a formula.
 */
export async function exportRechargeCodesCsv(
  services: AppServices,
  input: z.output<typeof ZAdminRechargeCodeCsvInput>,
): Promise<z.output<typeof ZAdminRechargeCodeCsv>> {
  const now = services.clock.now();
  const labels = input.labels ?? ENGLISH_LABELS;
  const rows = await services.db
    .selectFrom('recharge_codes')
    .select(['code', 'value_cents', 'batch_name', 'expires_at'])
    .where((eb) => whereCodeFilter(eb, input, now))
    .orderBy('created_at', 'desc')
    .orderBy('code')
    .limit(MAX_ROWS)
    .execute();
  const records = rows.map((row) => [
    displayRedeemCode(row.code),
    formatCents(row.value_cents),
    row.batch_name ?? '',
    row.expires_at ? row.expires_at.toISOString().slice(0, 16).replace('T', ' ') : labels.permanent,
  ]);
  const csv = spreadsheetCsv([[labels.code, labels.value, labels.batchName, labels.expiresAt], ...records]);
  const stamp = now.toISOString().slice(0, 10);
  return { filename: `${BRAND.toLowerCase()}-recharge-codes-${stamp}.csv`, csv, count: rows.length };
}
