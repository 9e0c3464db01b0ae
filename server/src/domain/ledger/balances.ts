import { sql, type Kysely } from 'kysely';
import { ESCROWED_ORDER_STATUSES, type TBalances } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import type { EventBus } from '../../realtime/events.ts';
import type { Currency, SystemAccount } from './accounts.ts';
import { componentLogger } from '../../observability/logger.ts';

const log = componentLogger('ledger');

/**
 * A user's balances in one query (rule W-1): available and held from their ledger accounts (none yet
 * means zero), and in escrow: the totals of their open orders as buyer. The escrow account is one
 * system account for everybody; what of it is this buyer's is what its orders hold, which
 * verifyLedger checks to the cent (an open order's escrow is exactly its total).
 */
export async function getBalances(db: Kysely<Database>, userId: string): Promise<TBalances> {
  const account = (currency: Currency, kind: 'user_available' | 'user_held') =>
    sql<number>`coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.user_id = ${userId} AND a.currency = ${currency} AND a.kind = ${kind}), 0)::bigint`;
  const row = await db
    .selectNoFrom([
      account('usdn', 'user_available').as('usdn_available'),
      account('usdn', 'user_held').as('usdn_held'),
      sql<number>`coalesce((SELECT sum(o.total_cents) FROM orders o
                              WHERE o.buyer_id = ${userId} AND o.status IN (${sql.join(ESCROWED_ORDER_STATUSES)})), 0)::bigint`.as('usdn_escrow'),
      // held points (a pending redemption) are not spendable, so the badge shows available only
      account('points', 'user_available').as('points'),
    ])
    .executeTakeFirstOrThrow();
  return {
    usdnAvailableCents: Number(row.usdn_available),
    usdnHeldCents: Number(row.usdn_held),
    usdnEscrowCents: Number(row.usdn_escrow),
    points: Number(row.points),
  };
}

/**
 * A system account's balance (escrow, issuance…): credits minus debits of its transfers, since
 * system accounts cache none (ADR 0022). For checks and reports, not for a hot path.
 */
export async function systemAccountBalance(db: Kysely<Database>, currency: Currency, account: SystemAccount): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts as a')
    .select(
      sql<number>`(COALESCE((SELECT sum(amount) FROM ledger_transfers WHERE credit_account_id = a.id), 0)
                 - COALESCE((SELECT sum(amount) FROM ledger_transfers WHERE debit_account_id = a.id), 0))::bigint`.as('balance'),
    )
    .where('a.currency', '=', currency)
    .where('a.kind', '=', account)
    .where('a.user_id', 'is', null)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/**
 * Tells open balance subscriptions to re-read. Call it after the transaction committed: a
 * subscriber notified earlier would read the old numbers. The money has already moved, so a
 * failing event bus is logged, never turned into a failed request (clients re-read on reconnect).
 */
export async function publishBalanceChanges(events: EventBus, userIds: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(userIds)].map(async (userId) => {
      try {
        await events.publish({ type: 'balances-changed', userId });
      } catch (error) {
        log.error({ err: error }, 'balances-changed event not delivered');
      }
    }),
  );
}

/**
 * The same from inside the business transaction: the bus delivers only once it commits and
 * drops the events on rollback, so callers need not carry affectedUserIds out of the transaction.
 */
export async function publishBalanceChangesInTransaction(trx: Kysely<Database>, events: EventBus, userIds: Iterable<string>): Promise<void> {
  for (const userId of new Set(userIds)) await events.publishInTransaction(trx, { type: 'balances-changed', userId });
}
