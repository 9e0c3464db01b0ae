import type { z } from 'zod';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ZAdminDashboard } from '@curio/shared';
import { type TAdminPendingCounts } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { countRows } from './paged-list.ts';
import type { AppServices } from '../../app-services.ts';

type CountedTable =
  | 'users'
  | 'listings'
  | 'buying_requests'
  | 'orders'
  | 'refunds'
  | 'complaints'
  | 'usdn_withdrawal_requests'
  | 'usdt_recharge_requests'
  | 'recharge_codes'
  | 'message_violations'
  | 'points_withdrawal_requests';

/** One count(*) per table, with an optional filter written as SQL over that table's columns. */
function count(db: Kysely<Database>, table: CountedTable, where?: RawBuilder<boolean>) {
  const query = db.selectFrom(table);
  return countRows(where ? query.where(where) : query);
}

/** The requests waiting for an admin's decision: the console's sidebar badges. */
export async function countPending(db: Kysely<Database>): Promise<TAdminPendingCounts> {
  const [refunds, complaints, withdrawals, violations, usdtRecharges, usdnWithdrawals] = await Promise.all([
    count(db, 'refunds', sql<boolean>`status = 'pending'`),
    count(db, 'complaints', sql<boolean>`status = 'pending'`),
    count(db, 'points_withdrawal_requests', sql<boolean>`status = 'pending'`),
    count(db, 'message_violations', sql<boolean>`reviewed_at IS NULL`),
    count(db, 'usdt_recharge_requests', sql<boolean>`status IN ('pending', 'reviewing')`),
    count(db, 'usdn_withdrawal_requests', sql<boolean>`status = 'pending'`),
  ]);
  return { refunds, complaints, withdrawals, violations, usdtRecharges, usdnWithdrawals };
}

/** Head counts of the tables the console manages, and the pending counts (rule AD-7). */
export async function dashboardFigures(services: AppServices): Promise<z.output<typeof ZAdminDashboard>> {
  const db = services.db;
  const [users, listings, buyingRequests, orders, refunds, complaints, usdnWithdrawals, usdtRecharges, activeRechargeCodes, violations, pending] =
    await Promise.all([
      count(db, 'users'),
      count(db, 'listings'),
      count(db, 'buying_requests'),
      count(db, 'orders'),
      count(db, 'refunds'),
      count(db, 'complaints'),
      count(db, 'usdn_withdrawal_requests'),
      count(db, 'usdt_recharge_requests'),
      count(db, 'recharge_codes', sql<boolean>`status = 'active' AND (expires_at IS NULL OR expires_at > ${services.clock.now()})`),
      count(db, 'message_violations'),
      countPending(db),
    ]);
  return {
    totals: { users, listings, buyingRequests, orders, refunds, complaints, usdnWithdrawals, usdtRecharges, activeRechargeCodes, violations },
    pending,
  };
}
