import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ZAdminDashboard } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { adminProcedure } from '../../trpc/init.ts';

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
  const query = db.selectFrom(table).select(sql<number>`count(*)::int`.as('n'));
  return (where ? query.where(where) : query).executeTakeFirstOrThrow().then((row) => Number(row.n));
}

/**
 * Spec 3 §2.1: head counts of the tables the console manages, and the pending counts of the
 * tabs that need an admin's decision (the sidebar badges).
 */
export const dashboard = adminProcedure.output(ZAdminDashboard).query(async ({ ctx }) => {
  const db = ctx.services.db;
  const [
    users, listings, buyingRequests, orders, refunds, complaints, usdnWithdrawals, usdtRecharges, activeRechargeCodes, violations,
    pendingRefunds, pendingComplaints, pendingWithdrawals, unreviewedViolations, pendingUsdt, pendingUsdn,
  ] = await Promise.all([
    count(db, 'users'),
    count(db, 'listings'),
    count(db, 'buying_requests'),
    count(db, 'orders'),
    count(db, 'refunds'),
    count(db, 'complaints'),
    count(db, 'usdn_withdrawal_requests'),
    count(db, 'usdt_recharge_requests'),
    count(db, 'recharge_codes', sql<boolean>`status = 'active' AND (expires_at IS NULL OR expires_at > ${ctx.services.clock.now()})`),
    count(db, 'message_violations'),
    count(db, 'refunds', sql<boolean>`status = 'pending'`),
    count(db, 'complaints', sql<boolean>`status = 'pending'`),
    count(db, 'points_withdrawal_requests', sql<boolean>`status = 'pending'`),
    count(db, 'message_violations', sql<boolean>`reviewed_at IS NULL`),
    count(db, 'usdt_recharge_requests', sql<boolean>`status IN ('pending', 'reviewing')`),
    count(db, 'usdn_withdrawal_requests', sql<boolean>`status = 'pending'`),
  ]);
  return {
    totals: { users, listings, buyingRequests, orders, refunds, complaints, usdnWithdrawals, usdtRecharges, activeRechargeCodes, violations },
    pending: {
      refunds: pendingRefunds,
      complaints: pendingComplaints,
      withdrawals: pendingWithdrawals,
      violations: unreviewedViolations,
      usdtRecharges: pendingUsdt,
      usdnWithdrawals: pendingUsdn,
    },
  };
});
