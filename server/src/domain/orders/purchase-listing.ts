import { sql } from 'kysely';
import { ORDER_LIMITS } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { runStatementRetried } from '../../db/transaction.ts';
import { publishBalanceChanges } from '../ledger/balances.ts';
import { requestHash } from '../ledger/with-idempotency.ts';
import { refusalFromDatabase } from '../database-refusal.ts';
import { ADMIN_QUEUE_ID, notifyThroughDatabase, type RealtimeEvent } from '../../realtime/events.ts';
import { componentLogger } from '../../observability/logger.ts';

const log = componentLogger('orders');

/** What a purchase answers, and what a retry with the same key gets back: the stored JSON. */
export interface BoughtListing {
  orderId: string;
  totalCents: number;
  affectedUserIds: string[];
}

/**
 * What curio_buy_listing's transaction would have announced itself: the buyer's balances, the
 * seller's bell and the admin dashboard's order count, on the database's events channel as
 * notify() and the orders trigger send them, in one statement. Sent after the commit because a
 * transaction that NOTIFYs commits only one at a time in PostgreSQL (ADR 0038). The order is
 * already paid: a failure here is logged, not the buyer's.
 *
 * A bus that does not hear the channel (the in-process test bus) is handed the balances itself,
 * as every other money command does.
 */
async function announceAfterPurchase(services: Pick<AppServices, 'db' | 'events'>, bought: BoughtListing, sellerId: string | null): Promise<void> {
  const rings: RealtimeEvent[] = sellerId
    ? [
        { type: 'notifications-changed', userId: sellerId },
        { type: 'admin-totals-changed', userId: ADMIN_QUEUE_ID },
      ]
    : [];
  try {
    if (services.events.hearsDatabaseNotify) {
      const balances = [...new Set(bought.affectedUserIds)].map((userId): RealtimeEvent => ({ type: 'balances-changed', userId }));
      await notifyThroughDatabase(services.db, [...balances, ...rings]);
    } else {
      await Promise.all([notifyThroughDatabase(services.db, rings), publishBalanceChanges(services.events, bought.affectedUserIds)]);
    }
  } catch (error) {
    log.error({ err: error }, 'purchase announcements not sent');
  }
}

/**
 * The member buys `quantity` of a listing (rules O-1 and O-2): stock taken, a paid order, the
 * total held in escrow and the seller notified, all or nothing and once per idempotency key, so a
 * double click or a retried request buys once. It is one statement, the database function
 * curio_buy_listing (migrations/20261127T0200_buy_listing_in_one_statement.ts, ADR 0038): the
 * stock is taken by one conditional UPDATE inside it (engineering rule E-6), so a hundred buyers
 * racing for three items get exactly three orders, and no transaction waits on this process
 * between statements. The buyer's balances-changed event, the seller's bell and the dashboard's
 * totals go out after it committed, in one statement (so a purchase over HTTP sends two, and a
 * third to read the session when this process does not hold it yet, ADR 0041).
 */
export async function buyListing(
  services: Pick<AppServices, 'db' | 'events' | 'clock'>,
  input: { buyerId: string; listingId: string; quantity: number; idempotencyKey: string },
): Promise<BoughtListing> {
  const { buyerId, listingId, quantity, idempotencyKey } = input;
  const now = services.clock.now();
  const shipDeadline = new Date(now.getTime() + ORDER_LIMITS.shipDeadlineMs);
  // the same hash withIdempotency stores, so a key is checked alike whichever path wrote it
  const hash = requestHash({ listingId, quantity });
  const { bought, sellerId } = await runStatementRetried(async () => {
    try {
      const { rows } = await sql<{ result: { bought: BoughtListing; sellerId: string | null } }>`
        SELECT curio_buy_listing(${buyerId}::uuid, ${listingId}::uuid, ${quantity}::integer, ${idempotencyKey}, ${hash},
                                 ${now}::timestamptz, ${shipDeadline}::timestamptz) AS result`.execute(services.db);
      return rows[0]!.result;
    } catch (error) {
      throw refusalFromDatabase(error) ?? error;
    }
  });
  // a key used before bought nothing now: its buyer is told to re-read, as any money command's retry is
  await announceAfterPurchase(services, bought, sellerId);
  return bought;
}
