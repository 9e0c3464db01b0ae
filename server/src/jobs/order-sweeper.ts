import type { AppServices } from '../app-services.ts';
import { runInTransaction, type Tx } from '../db/transaction.ts';
import { runMoneyCommand } from '../domain/ledger/money-command.ts';
import { completeOrder } from '../domain/orders/complete-order.ts';
import { cancelUnshippedOrder } from '../domain/orders/cancel-unshipped.ts';
import { componentLogger } from '../observability/logger.ts';
import { measureJob } from '../observability/metrics.ts';

const log = componentLogger('jobs');

/** How often a server process sweeps; every process may run it (claims skip each other's rows). */
export const SWEEP_INTERVAL_MS = 60_000;
/** Rows claimed per transaction: small, so a sweep never holds many locks for long. */
const BATCH_SIZE = 20;

export interface SweepReport {
  autoCompleted: number;
  cancelledUnshipped: number;
  requestsExpired: number;
  offersExpired: number;
  invitationsExpired: number;
}

type OrderQueue = 'auto_complete' | 'ship_deadline';

/**
 * Claims one due order of a queue with FOR UPDATE SKIP LOCKED and resolves it in the same
 * transaction: a second process (or the buyer confirming at that moment) holding the row makes
 * this one skip it instead of waiting, and the service's guarded status UPDATE makes the
 * outcome happen once even if two claims ever met the same row in turn.
 */
async function sweepOneOrder(services: AppServices, queue: OrderQueue, now: Date, skip: string[]): Promise<'done' | 'skipped' | 'empty'> {
  const outcome = await runMoneyCommand(services, null, async (trx: Tx) => {
    const claimed = await trx
      .selectFrom('orders')
      .select('id')
      .$if(queue === 'auto_complete', (qb) => qb.where('status', '=', 'shipped').where('auto_complete_at', '<=', now).orderBy('auto_complete_at'))
      .$if(queue === 'ship_deadline', (qb) => qb.where('status', '=', 'paid').where('ship_deadline_at', '<=', now).orderBy('ship_deadline_at'))
      .$if(skip.length > 0, (qb) => qb.where('id', 'not in', skip))
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!claimed) return { kind: 'empty' as const, affectedUserIds: [] };
    const result =
      queue === 'auto_complete'
        ? await completeOrder(trx, { orderId: claimed.id, by: 'auto', now })
        : await cancelUnshippedOrder(trx, { orderId: claimed.id, now });
    return result ? { kind: 'done' as const, affectedUserIds: result.affectedUserIds } : { kind: 'skipped' as const, id: claimed.id, affectedUserIds: [] };
  });
  if (outcome.kind === 'skipped') skip.push(outcome.id);
  return outcome.kind;
}

async function sweepOrders(services: AppServices, queue: OrderQueue, now: Date): Promise<number> {
  let done = 0;
  const skip: string[] = [];
  // one transaction per order: a failure (logged by the caller) rolls back that order only
  for (;;) {
    const kind = await sweepOneOrder(services, queue, now, skip);
    if (kind === 'empty') return done;
    if (kind === 'done') done += 1;
  }
}

/** Buying requests past expires_at stop being active; their open offers expire with them. */
async function expireBuyingRequests(services: AppServices, now: Date): Promise<{ requests: number; offers: number }> {
  let requests = 0;
  let offers = 0;
  for (;;) {
    const batch = await runInTransaction(services.db, async (trx) => {
      const claimed = await trx
        .selectFrom('buying_requests')
        .select('id')
        .where('status', 'in', ['open', 'offer_limit_reached', 'in_negotiation'])
        .where('expires_at', 'is not', null)
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(BATCH_SIZE)
        .forUpdate()
        .skipLocked()
        .execute();
      if (claimed.length === 0) return { requests: 0, offers: 0 };
      const ids = claimed.map((row) => row.id);
      const expired = await trx
        .updateTable('buying_requests')
        .set({ status: 'expired', active_offers_count: 0 })
        .where('id', 'in', ids)
        .where('status', 'in', ['open', 'offer_limit_reached', 'in_negotiation'])
        .executeTakeFirst();
      const ended = await trx
        .updateTable('buying_offers')
        .set({ status: 'expired', updated_at: now })
        .where('request_id', 'in', ids)
        .where('status', 'in', ['pending', 'negotiating'])
        .executeTakeFirst();
      return { requests: Number(expired.numUpdatedRows), offers: Number(ended.numUpdatedRows) };
    });
    requests += batch.requests;
    offers += batch.offers;
    if (batch.requests < BATCH_SIZE) return { requests, offers };
  }
}

async function expireInvitations(services: AppServices, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const count = await runInTransaction(services.db, async (trx) => {
      const claimed = await trx
        .selectFrom('invitations')
        .select('id')
        .where('status', '=', 'pending')
        .where('expires_at', 'is not', null)
        .where('expires_at', '<=', now)
        .limit(BATCH_SIZE)
        .forUpdate()
        .skipLocked()
        .execute();
      if (claimed.length === 0) return 0;
      const result = await trx
        .updateTable('invitations')
        .set({ status: 'expired' })
        .where(
          'id',
          'in',
          claimed.map((row) => row.id),
        )
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    });
    total += count;
    if (count < BATCH_SIZE) return total;
  }
}

/**
 * One pass of the sweeper (engineering rule E-12, ADR 0013), at the services clock's "now":
 * shipped orders past auto_complete_at complete, paid orders past ship_deadline_at are cancelled
 * and refunded, buying requests and invitations past their expiry expire.
 */
export async function runSweepOnce(services: AppServices): Promise<SweepReport> {
  const now = services.clock.now();
  const autoCompleted = await sweepOrders(services, 'auto_complete', now);
  const cancelledUnshipped = await sweepOrders(services, 'ship_deadline', now);
  const expired = await expireBuyingRequests(services, now);
  const invitationsExpired = await expireInvitations(services, now);
  return { autoCompleted, cancelledUnshipped, requestsExpired: expired.requests, offersExpired: expired.offers, invitationsExpired };
}

/** Runs the sweeper every SWEEP_INTERVAL_MS; overlapping runs in one process are skipped. */
export function startOrderSweeper(services: AppServices, intervalMs = SWEEP_INTERVAL_MS): { stop(): void } {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await measureJob('order-sweep', () => runSweepOnce(services));
    } catch (error) {
      // the next tick retries; a sweep failure must never take the server down
      log.error({ err: error }, 'order sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
