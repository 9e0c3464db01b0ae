import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { systemAccountBalance, transfer, type Currency, type SystemAccount, type TransferResult } from '../../../server/src/domain/ledger/index.ts';

export { appCodeOf, appParamsOf } from '../../helpers/app-errors.ts';

/** Credits a user from the issuance account, as an approved top-up or an admin grant would. */
export function fund(db: Kysely<Database>, userId: string, currency: Currency, amount: number): Promise<TransferResult> {
  return runInTransaction(db, (trx) =>
    transfer(trx, {
      currency,
      from: { system: currency === 'usdn' ? 'issuance' : 'rewards' },
      to: { user: userId },
      amount,
      kind: currency === 'usdn' ? 'code_redemption' : 'checkin',
    }),
  );
}

export async function countTransfers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  // count(*) is a string from pg and a number from PGlite
  return Number(row.n);
}

/**
 * Balance of one account, or null when it was never created. A system account's is the sum of
 * its transfers (it caches none, ADR 0022); a user account's is its cached balance.
 */
export async function accountBalance(db: Kysely<Database>, currency: Currency, kind: string, userId: string | null): Promise<number | null> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('currency', '=', currency)
    .where('kind', '=', kind)
    .where('user_id', userId === null ? 'is' : '=', userId)
    .executeTakeFirst();
  if (row === undefined) return null;
  return userId === null ? systemAccountBalance(db, currency, kind as SystemAccount) : row.balance;
}
