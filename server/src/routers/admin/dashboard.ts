import { tracked } from '@trpc/server';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ZAdminDashboard, ZResumableSubscriptionInput, type TAdminPendingCounts } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import { adminProcedure } from '../../trpc/init.ts';
import { countRows } from './paging.ts';
import { UserEventWatch } from '../../realtime/user-event-watch.ts';
import { ADMIN_QUEUE_ID } from '../../realtime/events.ts';

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
async function countPending(db: Kysely<Database>): Promise<TAdminPendingCounts> {
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

/** Spec 3 §2.2: head counts of the tables the console manages, and the pending counts. */
export const dashboard = adminProcedure.output(ZAdminDashboard).query(async ({ ctx }) => {
  const db = ctx.services.db;
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
      count(db, 'recharge_codes', sql<boolean>`status = 'active' AND (expires_at IS NULL OR expires_at > ${ctx.services.clock.now()})`),
      count(db, 'message_violations'),
      countPending(db),
    ]);
  return {
    totals: { users, listings, buyingRequests, orders, refunds, complaints, usdnWithdrawals, usdtRecharges, activeRechargeCodes, violations },
    pending,
  };
});

/**
 * Spec 3 §2.1: the badges kept live. Database triggers raise 'admin-queue-changed' whenever a
 * request joins or leaves a queue (migrations/20261121T0090_admin_queue_events.ts), whoever
 * caused it and in whichever process; each wake-up re-counts, so a lost or doubled event
 * cannot leave a wrong number, and an unchanged count is not sent again.
 */
export const onPendingCounts = adminProcedure
  .input(ZResumableSubscriptionInput)
  .subscription(async function* ({ ctx, input, signal }) {
    const watch = new UserEventWatch(ctx.services.events, ADMIN_QUEUE_ID, ['admin-queue-changed'], signal);
    try {
      let lastSentId = input?.lastEventId ?? null;
      do {
        const pending = await countPending(ctx.services.db);
        const id = `pending:${Object.values(pending).join(',')}`;
        if (id !== lastSentId) {
          lastSentId = id;
          yield tracked(id, pending);
        }
      } while (await watch.next());
    } finally {
      watch.stop();
    }
  });
