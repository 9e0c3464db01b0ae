import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '../helpers/fixtures.ts';
import { onRealPostgres } from '../helpers/test-db.ts';
import { insertTestUser } from '../helpers/users.ts';
import { createTestSession } from '../helpers/ws-client.ts';
import { fund } from '../integration/ledger/ledger-fixtures.ts';
import { insertListing } from '../integration/orders/support.ts';
import { startChild, type ChildServer } from '../../scripts/bench/chat-fanout/processes.ts';
import { systemClock } from '../../server/src/clock.ts';
import { formatLedgerReport, verifyLedger } from '../../server/src/domain/ledger/index.ts';
import { generateRechargeCodes } from '../../server/src/domain/wallet/recharge-codes/generate-codes.ts';
import { callMutation, runPool, type CallOutcome } from './trpc-http.ts';

/**
 * Fault test: a server process is killed with SIGKILL in the middle of a stream of
 * purchases, transfers and code redemptions, then a new one starts on the same database. Every
 * acknowledged operation must be there, the client's retries (same idempotency keys) must not
 * repeat any, and the ledger must still balance. Real PostgreSQL only: it runs separate server
 * processes, which PGlite (in-process) cannot serve.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = 'scripts/bench/chat-fanout/server-entry.ts';
const BUYERS = 12;
const LISTINGS = 4;
const STOCK = 1_000;
const PRICE_CENTS = 100;
const START_CENTS = 100_000;
const CODE_CENTS = 1_000;
const OPS_PER_BUYER = 24;
const IN_FLIGHT = 8;

type Op =
  | { kind: 'purchase'; buyer: number; input: { listingId: string; quantity: 1; idempotencyKey: string } }
  | { kind: 'transfer'; buyer: number; input: { email: string; amount: 1; idempotencyKey: string } }
  | { kind: 'redeem'; buyer: number; input: { code: string; idempotencyKey: string } };

const PATHS = { purchase: 'orders.purchase', transfer: 'wallet.transfer', redeem: 'wallet.redeemCode' } as const;

let server: ChildServer | null = null;

// the server processes are the test's own; the file's database (the `db` fixture) outlives them
test.afterAll(async () => {
  await server?.stop();
});

function startServer(label: string, databaseUrl: string): Promise<ChildServer> {
  return startChild(label, SERVER_ENTRY, { DATABASE_URL: databaseUrl, BENCH_POOL_SIZE: '10', NODE_ENV: 'production' }, ROOT);
}

describe.skipIf(!onRealPostgres())('a server killed mid-stream (real PostgreSQL)', () => {
  test('loses no acknowledged operation and repeats none after restart and retries', { timeout: 180_000 }, async ({ db }) => {
    const seller = await insertTestUser(db.db);
    const recipient = await insertTestUser(db.db);
    const listingIds: string[] = [];
    for (let i = 0; i < LISTINGS; i++)
      listingIds.push(await insertListing(db.db, seller.id, { priceCents: PRICE_CENTS, quantity: STOCK, title: `Crash lot ${i}` }));
    const buyers: { id: string; cookie: string }[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const user = await insertTestUser(db.db);
      await fund(db.db, user.id, 'usdn', START_CENTS);
      buyers.push({ id: user.id, cookie: (await createTestSession(db.db, systemClock, user.id)).cookie });
    }
    const codes = await generateRechargeCodes(db.db, {
      count: BUYERS * 4,
      valueCents: CODE_CENTS,
      batchName: 'crash',
      expiresAt: null,
      createdBy: null,
      now: new Date(),
    });

    // interleave the three kinds so the kill lands among all of them
    const ops: Op[] = [];
    let codeIndex = 0;
    for (let round = 0; round < OPS_PER_BUYER; round++) {
      for (let buyer = 0; buyer < BUYERS; buyer++) {
        const idempotencyKey = randomUUID();
        const slot = (round + buyer) % 6;
        if (slot === 5 && codeIndex < codes.length) ops.push({ kind: 'redeem', buyer, input: { code: codes[codeIndex++]!.code, idempotencyKey } });
        else if (slot % 2 === 0)
          ops.push({ kind: 'purchase', buyer, input: { listingId: listingIds[(round + buyer) % LISTINGS]!, quantity: 1, idempotencyKey } });
        else ops.push({ kind: 'transfer', buyer, input: { email: recipient.email, amount: 1, idempotencyKey } });
      }
    }

    server = await startServer('server-1', db.url!);
    const first = server;
    const killAfter = Math.floor(ops.length / 3);
    let acknowledged = 0;
    let killed = false;
    const firstRun = await runPool(
      ops.map((op) => async (): Promise<CallOutcome<unknown>> => {
        if (killed) return { kind: 'unknown', error: 'not sent: server down' };
        const outcome = await callMutation(`http://127.0.0.1:${first.port}`, PATHS[op.kind], op.input, buyers[op.buyer]!.cookie);
        if (outcome.kind === 'acknowledged' && ++acknowledged === killAfter && !killed) {
          killed = true;
          first.child.kill('SIGKILL'); // no shutdown hook runs: in-flight requests die with it
        }
        return outcome;
      }),
      IN_FLIGHT,
    );
    await new Promise<void>((resolve) =>
      first.child.exitCode !== null || first.child.signalCode !== null ? resolve() : first.child.once('exit', () => resolve()),
    );
    expect(firstRun.filter((o) => o.kind === 'refused')).toEqual([]);
    const acked = firstRun.map((o, i) => ({ o, op: ops[i]! })).filter(({ o }) => o.kind === 'acknowledged');
    const interrupted = firstRun.filter((o) => o.kind === 'unknown' && !o.error.startsWith('not sent')).length;
    expect(acked.length).toBeGreaterThanOrEqual(killAfter);
    expect(acked.length).toBeLessThan(ops.length);

    // every acknowledged operation is in the database of the dead server
    for (const { o, op } of acked) {
      const data = (o as { data: Record<string, unknown> }).data;
      if (op.kind === 'purchase') {
        expect(
          await db.db
            .selectFrom('orders')
            .select('id')
            .where('id', '=', data.orderId as string)
            .executeTakeFirst(),
        ).toBeDefined();
      } else if (op.kind === 'transfer') {
        expect(
          await db.db
            .selectFrom('usdn_transfers')
            .select('id')
            .where('id', '=', data.id as string)
            .executeTakeFirst(),
        ).toBeDefined();
      } else {
        const code = codes.find((c) => c.code === op.input.code)!;
        const row = await db.db.selectFrom('recharge_code_redemptions').select('user_id').where('code_id', '=', code.id).executeTakeFirst();
        expect(row?.user_id).toBe(buyers[op.buyer]!.id);
      }
    }

    // a new process; the client retries everything it sent, with the same keys
    server = await startServer('server-2', db.url!);
    const second = server;
    const retried = await runPool(
      ops.map((op) => () => callMutation(`http://127.0.0.1:${second.port}`, PATHS[op.kind], op.input, buyers[op.buyer]!.cookie)),
      IN_FLIGHT,
    );
    expect(retried.filter((o) => o.kind !== 'acknowledged')).toEqual([]);
    // an acknowledged operation replays its first answer instead of running again
    for (const [index, outcome] of firstRun.entries()) {
      if (outcome.kind === 'acknowledged') expect((retried[index] as { data: unknown }).data).toEqual(outcome.data);
    }

    // exactly once each: counts, stock and every balance agree with the list of operations
    const count = (kind: Op['kind'], buyer?: number) => ops.filter((op) => op.kind === kind && (buyer === undefined || op.buyer === buyer)).length;
    const orders = await db.db.selectFrom('orders').select(['listing_id', 'buyer_id']).execute();
    expect(orders).toHaveLength(count('purchase'));
    for (const [i, listingId] of listingIds.entries()) {
      const bought = ops.filter((op) => op.kind === 'purchase' && op.input.listingId === listingId).length;
      const listing = await db.db.selectFrom('listings').select('quantity').where('id', '=', listingId).executeTakeFirstOrThrow();
      expect(listing.quantity, `listing ${i}`).toBe(STOCK - bought);
    }
    expect(await db.db.selectFrom('usdn_transfers').select('id').execute()).toHaveLength(count('transfer'));
    expect(await db.db.selectFrom('recharge_code_redemptions').select('id').execute()).toHaveLength(count('redeem'));
    for (const [index, buyer] of buyers.entries()) {
      const expected = START_CENTS - PRICE_CENTS * count('purchase', index) - 100 * count('transfer', index) + CODE_CENTS * count('redeem', index);
      const row = await db.db.selectFrom('user_usdn').select('balance_cents').where('user_id', '=', buyer.id).executeTakeFirstOrThrow();
      expect(Number(row.balance_cents), `buyer ${index}`).toBe(expected);
    }
    const report = await verifyLedger(db.db);
    expect(report.ok, formatLedgerReport(report)).toBe(true);
    console.info(`[crash] ${ops.length} operations, ${acked.length} acknowledged before SIGKILL, ${interrupted} cut off in flight`);
  });
});
