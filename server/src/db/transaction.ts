import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** SQLSTATEs that mean "try the whole transaction again": serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 8;

export function isRetryableDbError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

export type Tx = Transaction<Database>;

/**
 * Runs `work` in one transaction and retries it from the start on serialization failures
 * and deadlocks (engineering rule E-6), so a race is never shown to a user as a 500.
 */
export async function runInTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Tx) => Promise<T>,
  options: { isolation?: 'read committed' | 'repeatable read' | 'serializable' } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      let builder = db.transaction();
      if (options.isolation) builder = builder.setIsolationLevel(options.isolation);
      return await builder.execute(work);
    } catch (error) {
      if (!isRetryableDbError(error) || attempt >= MAX_ATTEMPTS) throw error;
      // jittered back-off so two racing transactions do not collide again in lockstep
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/**
 * Runs `work`, one statement in autocommit, again on serialization failures and deadlocks, as
 * runInTransaction does for a whole transaction (engineering rule E-6): for the paths folded
 * into one database function, whose statement is its own transaction.
 */
export async function runStatementRetried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isRetryableDbError(error) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
