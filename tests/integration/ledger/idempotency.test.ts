import { sql } from 'kysely';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { onRealPostgres, NEEDS_POSTGRES, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, type TestUser } from '../../helpers/users.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { getBalances, transfer } from '../../../server/src/domain/ledger/index.ts';
import { canonicalJson, withIdempotency } from '../../../server/src/domain/ledger/with-idempotency.ts';
import { appCodeOf, countTransfers, fund } from './ledger-fixtures.ts';

test.override('poolSize', 4);

let db: TestDatabase;
let sender: TestUser;
let receiver: TestUser;

test.beforeAll(async ({ db: database }) => {
  db = database;
  sender = await insertTestUser(db.db);
  receiver = await insertTestUser(db.db);
  await fund(db.db, sender.id, 'usdn', 100_000);
});

interface TipResult {
  transferId: number;
  amountCents: number;
}

/** A money mutation as a procedure would write it: idempotency key first, then the transfer. */
function sendTip(key: string, amountCents: number, options: { userId?: string; operation?: string; pauseMs?: number } = {}) {
  const userId = options.userId ?? sender.id;
  return runInTransaction(db.db, (trx) =>
    withIdempotency(
      trx,
      { userId, key, operation: options.operation ?? 'orders.tip', params: { toUserId: receiver.id, amountCents } },
      async (): Promise<TipResult> => {
        const { transferId } = await transfer(trx, {
          currency: 'usdn',
          from: { user: userId },
          to: { user: receiver.id },
          amount: amountCents,
          kind: 'tip',
        });
        // hold the transaction open so a concurrent duplicate really overlaps it
        if (options.pauseMs) await sql`SELECT pg_sleep(${options.pauseMs / 1000})`.execute(trx);
        return { transferId, amountCents };
      },
    ),
  );
}

describe('withIdempotency', () => {
  test('a retry with the same key and parameters returns the first result and moves no more money', async () => {
    const before = await countTransfers(db.db);
    const first = await sendTip('tip-key-0001', 700);
    const retry = await sendTip('tip-key-0001', 700);
    expect(retry).toEqual(first);
    expect(await countTransfers(db.db)).toBe(before + 1);
    expect((await getBalances(db.db, receiver.id)).usdnAvailableCents).toBe(700);
  });

  test('the same key with other parameters, or for another operation, is IDEMPOTENCY_CONFLICT', async () => {
    await sendTip('tip-key-0002', 300);
    const before = await countTransfers(db.db);
    await expect(sendTip('tip-key-0002', 301)).rejects.toSatisfy((error) => appCodeOf(error) === 'IDEMPOTENCY_CONFLICT');
    await expect(sendTip('tip-key-0002', 300, { operation: 'wallet.transfer' })).rejects.toSatisfy((error) => appCodeOf(error) === 'IDEMPOTENCY_CONFLICT');
    expect(await countTransfers(db.db)).toBe(before);
  });

  test('keys belong to one user: another user may use the same key', async () => {
    const other = await insertTestUser(db.db);
    await fund(db.db, other.id, 'usdn', 1_000);
    await sendTip('shared-key-01', 100);
    const theirs = await sendTip('shared-key-01', 100, { userId: other.id });
    expect((await getBalances(db.db, other.id)).usdnAvailableCents).toBe(900);
    expect(theirs.amountCents).toBe(100);
  });

  test('a failed request is not remembered, so the same key can be retried once it can succeed', async () => {
    const broke = await insertTestUser(db.db);
    await expect(sendTip('retry-key-01', 500, { userId: broke.id })).rejects.toSatisfy((error) => appCodeOf(error) === 'INSUFFICIENT_BALANCE');
    const stored = await db.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', broke.id).execute();
    expect(stored).toEqual([]);

    await fund(db.db, broke.id, 'usdn', 500);
    const result = await sendTip('retry-key-01', 500, { userId: broke.id });
    expect(result.amountCents).toBe(500);
    expect((await getBalances(db.db, broke.id)).usdnAvailableCents).toBe(0);
  });

  test('parameters hash the same whatever their key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [2, { e: 0, f: 1 }] }, b: 1 }));
    expect(canonicalJson({ a: 1, skipped: undefined })).toBe('{"a":1}');
  });

  test.skipIf(!onRealPostgres())('two concurrent calls with one key: one effect, one answer (real PostgreSQL)', async () => {
    const before = await countTransfers(db.db);
    const balanceBefore = (await getBalances(db.db, sender.id)).usdnAvailableCents;
    const [a, b] = await Promise.all([sendTip('race-key-0001', 1_234, { pauseMs: 200 }), sendTip('race-key-0001', 1_234, { pauseMs: 200 })]);
    expect(a).toEqual(b);
    expect(await countTransfers(db.db)).toBe(before + 1);
    expect((await getBalances(db.db, sender.id)).usdnAvailableCents).toBe(balanceBefore - 1_234);
  });

  test.skipIf(!onRealPostgres())('concurrent calls with one key and different amounts: one succeeds, one conflicts (real PostgreSQL)', async () => {
    const before = await countTransfers(db.db);
    const outcomes = await Promise.allSettled([sendTip('race-key-0002', 100, { pauseMs: 200 }), sendTip('race-key-0002', 200, { pauseMs: 200 })]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(rejected.map((o) => appCodeOf(o.reason))).toEqual(['IDEMPOTENCY_CONFLICT']);
    expect(await countTransfers(db.db)).toBe(before + 1);
  });

  test.skipIf(!onRealPostgres())('under REPEATABLE READ the blocked duplicate is retried and still gets the first answer (real PostgreSQL)', async () => {
    const before = await countTransfers(db.db);
    const tip = () =>
      runInTransaction(
        db.db,
        (trx) =>
          withIdempotency(trx, { userId: sender.id, key: 'race-key-0003', operation: 'orders.tip', params: { n: 1 } }, async () => {
            const { transferId } = await transfer(trx, { currency: 'usdn', from: { user: sender.id }, to: { user: receiver.id }, amount: 10, kind: 'tip' });
            await sql`SELECT pg_sleep(0.2)`.execute(trx);
            return { transferId };
          }),
        { isolation: 'repeatable read' },
      );
    const [a, b] = await Promise.all([tip(), tip()]);
    expect(a).toEqual(b);
    expect(await countTransfers(db.db)).toBe(before + 1);
  });
});

if (!onRealPostgres()) console.warn(`[ledger/idempotency] concurrency tests skipped: ${NEEDS_POSTGRES}`);
