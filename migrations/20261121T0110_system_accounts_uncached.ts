import { sql, type Kysely } from 'kysely';

/**
 * System ledger accounts (issuance, escrow, fees, withdrawals, rewards) stop caching a balance
 * (ADR 0022). Every purchase moved money into the one escrow row, so every purchase waited for
 * the previous one's COMMIT on that row's lock: the bench measured throughput flat from 4 to 64
 * buyers in flight. A system account's balance is now the sum of its transfers; only user
 * accounts, whose balance guards against overspending, keep a cached, locked balance.
 *
 * The CHECK makes the rule visible in the schema and catches any path that still writes one.
 */
const STATEMENTS = [
  `UPDATE ledger_accounts SET balance = 0 WHERE user_id IS NULL AND balance <> 0`,
  `ALTER TABLE ledger_accounts
     ADD CONSTRAINT ledger_system_accounts_carry_no_balance CHECK (user_id IS NOT NULL OR balance = 0)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only; restore from a backup instead');
}
