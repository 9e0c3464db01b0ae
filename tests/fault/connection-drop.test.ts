import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, test } from '../helpers/fixtures.ts';
import { onRealPostgres } from '../helpers/test-db.ts';
import { insertTestUser } from '../helpers/users.ts';
import { createTestSession } from '../helpers/ws-client.ts';
import { fund } from '../integration/ledger/ledger-fixtures.ts';
import { insertListing } from '../integration/orders/support.ts';
import { systemClock } from '../../server/src/clock.ts';
import { formatLedgerReport, verifyLedger } from '../../server/src/domain/ledger/index.ts';
import { openDatabase } from '../../server/src/db/database.ts';
import { sql } from 'kysely';
import { callMutation } from './trpc-http.ts';

/**
 * Fault test: the database connection of a purchase dies in the middle of its
 * transaction (the backend is terminated while the purchase waits for a row lock, after it has
 * already written its idempotency key and possibly moved money). The request must fail with a
 * typed error, leave nothing half-done, and the server must go on serving with the same pool.
 */
async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!onRealPostgres())('a connection dropped mid-transaction (real PostgreSQL)', () => {
  test('the purchase fails with a typed error, nothing of it remains, and the next request works', { timeout: 60_000 }, async ({ db, server: running }) => {
    const seller = await insertTestUser(db.db);
    const buyer = await insertTestUser(db.db);
    await fund(db.db, buyer.id, 'usdn', 10_000);
    const listingId = await insertListing(db.db, seller.id, { priceCents: 2_500, quantity: 3 });
    const { cookie } = await createTestSession(db.db, systemClock, buyer.id);
    const before = {
      usdn: await db.db.selectFrom('user_usdn').select('balance_cents').where('user_id', '=', buyer.id).executeTakeFirstOrThrow(),
      transfers: (await db.db.selectFrom('ledger_transfers').select('id').execute()).length,
    };

    // another session holds the listing's row lock, so the purchase stops mid-transaction
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM listings WHERE id = $1 FOR UPDATE', [listingId]);
    const lockerPid = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

    const input = { listingId, quantity: 1, idempotencyKey: randomUUID() };
    const pending = callMutation(running.url, 'orders.purchase', input, cookie);
    // the backend blocked by the locker's row lock, and no other: a backend of this database
    // that waits on another lock (the NOTIFY queue's lock is shared by every database of the
    // cluster, so parallel test files contend for it) must not be mistaken for the purchase
    const victim = await waitFor(async () => {
      const rows = await locker.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND $1 = ANY (pg_blocking_pids(pid))`,
        [lockerPid],
      );
      return rows.rows[0]?.pid;
    });
    await locker.query('SELECT pg_terminate_backend($1)', [victim]);
    await locker.query('ROLLBACK');
    await locker.end();

    const outcome = await pending;
    expect(outcome).toEqual({ kind: 'refused', status: 500, code: 'OPERATION_FAILED' });

    // nothing half-done: no order, no key remembered, stock and balance as they were, ledger whole
    expect(await db.db.selectFrom('orders').select('id').where('listing_id', '=', listingId).execute()).toEqual([]);
    expect(await db.db.selectFrom('idempotency_keys').select('key').where('key', '=', input.idempotencyKey).execute()).toEqual([]);
    expect((await db.db.selectFrom('listings').select('quantity').where('id', '=', listingId).executeTakeFirstOrThrow()).quantity).toBe(3);
    expect(await db.db.selectFrom('user_usdn').select('balance_cents').where('user_id', '=', buyer.id).executeTakeFirstOrThrow()).toEqual(before.usdn);
    expect((await db.db.selectFrom('ledger_transfers').select('id').execute()).length).toBe(before.transfers);
    const report = await verifyLedger(db.db);
    expect(report.ok, formatLedgerReport(report)).toBe(true);

    // the pool dropped the dead connection: the same request, retried, goes through once
    const retried = await callMutation<{ orderId: string }>(running.url, 'orders.purchase', input, cookie);
    expect(retried.kind).toBe('acknowledged');
    expect(await db.db.selectFrom('orders').select('id').where('listing_id', '=', listingId).execute()).toHaveLength(1);
  });

  test('a connection its backend ended is never handed out again, even to the very next statement', async ({ db }) => {
    // one connection, so a dead one kept in the pool would be the one the next statement gets
    const pool = await openDatabase({ kind: 'postgres', url: db.url!, poolSize: 1 });
    const outsider = new pg.Client({ connectionString: db.url });
    await outsider.connect();
    try {
      const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(pool.db)).rows[0]!.pid;
      // its failure is kept at once: it may arrive before the terminating call's own answer
      const sleeping = sql`SELECT pg_sleep(30)`.execute(pool.db).then(
        () => null,
        (error: unknown) => error,
      );
      await waitFor(async () => {
        const rows = await outsider.query<{ state: string }>('SELECT state FROM pg_stat_activity WHERE pid = $1', [pid]);
        return rows.rows[0]?.state === 'active' ? true : undefined;
      });
      await outsider.query('SELECT pg_terminate_backend($1)', [pid]);
      expect(await sleeping).toMatchObject({ code: '57P01' });
      // at once, before the closed socket is read: the pool must not give the dead client out
      const next = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(pool.db);
      expect(next.rows[0]!.pid).not.toBe(pid);
    } finally {
      await outsider.end();
      await pool.close();
    }
  });
});
