import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { BRAND, formatCents, type TAdminCsv, type ZAdminAuditCsvInput, type ZAdminOrdersCsvInput, type ZAdminUsersCsvInput } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { spreadsheetCsv } from './spreadsheet-csv.ts';
import { recordAdminAction } from './audit.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { AppServices } from '../../app-services.ts';
import { listUsers } from './lists/users.ts';
import { listOrders } from './lists/orders.ts';
import { listAuditLog } from './lists/audit-log.ts';

/**
 * CSV exports of the users, orders and audit tables (ADR 0032). Each is its table's own list
 * query with the same filters, search, date range and sort, without paging: what the admin sees,
 * all of it. Bounded, so one click cannot build an unbounded string in memory. An export hands
 * members' e-mails and balances out of the console, so it is itself an audited action: the
 * entry records the table, the filters and how many rows left.
 */
export const MAX_EXPORT_ROWS = 50_000;

type Labels = Record<string, string> | undefined;
type Values = Record<string, Record<string, string>> | undefined;

/** A coded value (status, role, action) as the admin reads it where the client named it, else the code. */
function coded(values: Values, column: string, code: string): string {
  return values?.[column]?.[code] ?? code;
}

/** A time as spreadsheets sort it, in UTC (the column title says so). */
function utc(date: Date | null): string {
  return date ? date.toISOString().slice(0, 16).replace('T', ' ') : '';
}

/** The header row: the admin's column titles where given, the English ones otherwise. */
function header<K extends string>(english: Record<K, string>, labels: Labels): string[] {
  return (Object.keys(english) as K[]).map((key) => labels?.[key] ?? english[key]);
}

function named(table: string, now: Date, count: number, rows: string[][]): TAdminCsv {
  return { filename: `${BRAND.toLowerCase()}-${table}-${now.toISOString().slice(0, 10)}.csv`, csv: spreadsheetCsv(rows), count };
}

type Exporter<I> = (db: Kysely<Database>, input: I, now: Date) => Promise<TAdminCsv>;

/** Runs one export and its audit entry in one transaction (the entry exists exactly when the file was made). */
export function exportAudited<I extends { labels?: unknown; values?: unknown }>(
  services: AppServices,
  adminId: string,
  table: string,
  exporter: Exporter<I>,
  input: I,
) {
  return runInTransaction(services.db, async (trx) => {
    const result = await exporter(trx, input, services.clock.now());
    const { labels: _labels, values: _values, ...filters } = input;
    await recordAdminAction(trx, { adminId, action: `${table}.export`, targetType: 'export', targetId: table, after: { count: result.count, filters } });
    return result;
  });
}

const USER_COLUMNS = {
  id: 'id',
  email: 'e-mail',
  nickname: 'nickname',
  role: 'role',
  usdn: 'USDN',
  usdnHeld: 'USDN held',
  points: 'points',
  ban: 'ban reason',
  createdAt: 'signed up (UTC)',
  lastActiveAt: 'last active (UTC)',
};

export async function exportUsersCsv(db: Kysely<Database>, input: z.output<typeof ZAdminUsersCsvInput>, now: Date): Promise<TAdminCsv> {
  const { items } = await listUsers(db, { ...input, page: 1, pageSize: MAX_EXPORT_ROWS });
  const rows = items.map((user) => [
    user.id,
    user.email,
    user.nickname,
    coded(input.values, 'role', user.isAdmin ? 'admin' : 'member'),
    formatCents(user.usdnCents),
    formatCents(user.usdnHeldCents),
    String(user.points),
    user.ban?.reason ?? '',
    utc(user.createdAt),
    utc(user.lastActiveAt),
  ]);
  return named('users', now, rows.length, [header(USER_COLUMNS, input.labels), ...rows]);
}

const ORDER_COLUMNS = {
  id: 'order id',
  title: 'title',
  total: 'total (USDN)',
  status: 'status',
  buyer: 'buyer',
  seller: 'seller',
  createdAt: 'created (UTC)',
};

export async function exportOrdersCsv(db: Kysely<Database>, input: z.output<typeof ZAdminOrdersCsvInput>, now: Date): Promise<TAdminCsv> {
  const { items } = await listOrders(db, { ...input, page: 1, pageSize: MAX_EXPORT_ROWS });
  const rows = items.map((order) => [
    order.id,
    order.title,
    formatCents(order.totalCents),
    coded(input.values, 'status', order.status),
    order.buyer.nickname,
    order.seller.nickname,
    utc(order.createdAt),
  ]);
  return named('orders', now, rows.length, [header(ORDER_COLUMNS, input.labels), ...rows]);
}

const AUDIT_COLUMNS = {
  createdAt: 'time (UTC)',
  admin: 'admin',
  action: 'action',
  targetType: 'target type',
  targetId: 'target id',
  reason: 'reason',
  before: 'before',
  after: 'after',
};

export async function exportAuditCsv(db: Kysely<Database>, input: z.output<typeof ZAdminAuditCsvInput>, now: Date): Promise<TAdminCsv> {
  const { items } = await listAuditLog(db, { ...input, page: 1, pageSize: MAX_EXPORT_ROWS });
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  const rows = items.map((entry) => [
    utc(entry.createdAt),
    entry.admin?.nickname ?? '',
    coded(input.values, 'action', entry.action),
    coded(input.values, 'targetType', entry.targetType),
    entry.targetId,
    entry.reason ?? '',
    json(entry.before),
    json(entry.after),
  ]);
  return named('audit-log', now, rows.length, [header(AUDIT_COLUMNS, input.labels), ...rows]);
}
