import type { AppServices } from '../../app-services.ts';
import { runInTransaction, type Tx } from '../../db/transaction.ts';
import { publishBalanceChanges } from './balances.ts';
import { withIdempotency, type IdempotencyRequest, type JsonSafe } from './with-idempotency.ts';

/** What every money command reports: whose balances moved, so their open screens update. */
export interface MoneyMoved {
  affectedUserIds: readonly string[];
}

/**
 * Runs one money command: one retried transaction, at most once per (member, idempotency key)
 * when `idempotency` is given (a retry gets the first run's stored result), and after commit a
 * balances-changed event for everyone whose balance moved. Procedures, jobs and scripts all run
 * money through here, so none of them can forget the key or the push.
 *
 * Without a key the command must guard itself (admin decisions change a status row with a
 * `where status = 'pending'` guard, so a double click acts once).
 */
export function runMoneyCommand<T extends MoneyMoved>(
  services: Pick<AppServices, 'db' | 'events'>,
  idempotency: IdempotencyRequest | null,
  work: (trx: Tx) => Promise<T & JsonSafe<T>>,
): Promise<T>;
/** A guarded command without a key: its result is not stored, so it need not survive JSON. */
export function runMoneyCommand<T extends MoneyMoved>(
  services: Pick<AppServices, 'db' | 'events'>,
  idempotency: null,
  work: (trx: Tx) => Promise<T>,
): Promise<T>;
export async function runMoneyCommand<T extends MoneyMoved>(
  services: Pick<AppServices, 'db' | 'events'>,
  idempotency: IdempotencyRequest | null,
  work: (trx: Tx) => Promise<T & JsonSafe<T>>,
): Promise<T> {
  const done = await runInTransaction(services.db, (trx) => (idempotency ? withIdempotency<T>(trx, idempotency, () => work(trx)) : work(trx)));
  await publishBalanceChanges(services.events, done.affectedUserIds);
  return done;
}
