import { sql, type Kysely } from 'kysely';
import type { TBalances } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import type { EventBus } from '../../realtime/events.ts';
import type { Currency, SystemAccount } from './accounts.ts';
import { componentLogger } from '../../observability/logger.ts';

const log = componentLogger('ledger');

/** A user's top-bar balances, read straight from their ledger accounts (none yet means zero). */
export async function getBalances(db: Kysely<Database>, userId: string): Promise<TBalances> {
  const rows = await db.selectFrom('ledger_accounts').select(['currency', 'kind', 'balance']).where('user_id', '=', userId).execute();
  const balanceOf = (currency: string, kind: string) => rows.find((row) => row.currency === currency && row.kind === kind)?.balance ?? 0;
  return {
    usdnAvailableCents: balanceOf('usdn', 'user_available'),
    usdnHeldCents: balanceOf('usdn', 'user_held'),
    // held points (a pending redemption) are not spendable, so the badge shows available only
    points: balanceOf('points', 'user_available'),
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
