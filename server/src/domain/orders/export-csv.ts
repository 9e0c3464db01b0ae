import type { z } from 'zod';
import type { TOrderStatus, ZOrdersCsv, ZOrdersCsvInput } from '@curio/shared';
import { BRAND, formatCents, localDateIn, ORDERS_CSV_COLUMNS } from '@curio/shared';
import { memberTimeZone } from './member-time-zone.ts';
import { formatLocalMinute } from './local-time.ts';
import { spreadsheetCsv } from '../admin/spreadsheet-csv.ts';
import type { AppServices } from '../../app-services.ts';

/**
 * The member's sold orders as CSV (rule O-15): id, title, buyer, quantity, total,
 * status, created. UTF-8 with a BOM and CRLF line ends, so Excel opens Chinese titles correctly;
 * totals in USDN, times on the member's wall clock; text a buyer or seller typed cannot smuggle
 * in a formula. Column titles and statuses are in the exporter's language when the client sends
 * its labels (the order page's own), as the recharge-code export does; the codes otherwise.
 */
export async function exportOrdersCsv(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZOrdersCsvInput> | undefined,
): Promise<z.output<typeof ZOrdersCsv>> {
  const labels = input?.labels;
  const now = services.clock.now();
  const timeZone = await memberTimeZone(services.db, memberId, input?.timeZone);
  const rows = await services.db
    .selectFrom('orders as o')
    .innerJoin('profiles as bp', 'bp.user_id', 'o.buyer_id')
    .select(['o.id', 'o.title', 'bp.nickname', 'o.quantity', 'o.total_cents', 'o.status', 'o.created_at'])
    .where('o.seller_id', '=', memberId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
  const records = rows.map((row) => [
    row.id,
    row.title,
    row.nickname,
    String(row.quantity),
    formatCents(row.total_cents),
    labels?.statuses[row.status as TOrderStatus] ?? row.status,
    formatLocalMinute(row.created_at, timeZone),
  ]);
  const header = ORDERS_CSV_COLUMNS.map((column) => labels?.columns[column] ?? column);
  const csv = spreadsheetCsv([header, ...records]);
  return { filename: `${BRAND.toLowerCase()}-orders-${localDateIn(now, timeZone)}.csv`, csv };
}
