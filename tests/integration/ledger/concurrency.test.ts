import { sql } from 'kysely';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { onRealPostgres, NEEDS_POSTGRES } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import {
  formatLedgerReport,
  getBalances,
  transfer,
  verifyLedger,
  type AccountRef,
  type Currency,
  type TransferKind,
} from '../../../server/src/domain/ledger/index.ts';
import { appCodeOf, fund } from './ledger-fixtures.ts';

test.override('poolSize', 20);

/**
 * The acceptance test of the ledger (engineering rule E-6): many transfers racing over a few
 * accounts, on real PostgreSQL with a pool of 20 connections. Every transfer must either
 * succeed or be refused for lack of funds; none may deadlock, be retried, or surface as a 500,
 * and afterwards the books must balance to the cent.
 */
const USERS = 5;
const TRANSFERS = 200;
const FUNDING = { usdn: 10_000, points: 1_000 } as const;

let userIds: string[] = [];

/** Deterministic, so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface PlannedTransfer {
  currency: Currency;
  from: AccountRef;
  to: AccountRef;
  amount: number;
  kind: TransferKind;
}

/**
 * Random moves between the users' available balances, their held balances and the escrow
 * account, in both directions, so pairs of transfers regularly lock the same two rows in
 * opposite roles: the case that deadlocks without a fixed lock order.
 */
function planTransfers(random: () => number): PlannedTransfer[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const plan: PlannedTransfer[] = [];
  for (let i = 0; i < TRANSFERS; i++) {
    const currency: Currency = random() < 0.75 ? 'usdn' : 'points';
    const max = currency === 'usdn' ? 6_000 : 600;
    const amount = 1 + Math.floor(random() * max);
    const a = pick(userIds);
    const b = pick(userIds.filter((id) => id !== a));
    const shape = random();
    if (shape < 0.6) {
      plan.push({ currency, from: { user: a }, to: { user: b }, amount, kind: currency === 'usdn' ? 'transfer' : 'tip' });
    } else if (shape < 0.75) {
      plan.push({ currency, from: { user: a }, to: { system: 'escrow' }, amount, kind: 'purchase_escrow' });
    } else if (shape < 0.85) {
      // escrow is a system account: it may run negative while purchases and releases interleave
      plan.push({ currency, from: { system: 'escrow' }, to: { user: a }, amount, kind: 'escrow_release' });
    } else if (shape < 0.93) {
      plan.push({ currency, from: { user: a }, to: { user: a, kind: 'held' }, amount, kind: 'withdrawal_hold' });
    } else {
      plan.push({ currency, from: { user: a, kind: 'held' }, to: { user: a }, amount, kind: 'withdrawal_release' });
    }
  }
  return plan;
}

function refKey(currency: Currency, ref: AccountRef): string {
  return 'system' in ref ? `${currency}/${ref.system}` : `${currency}/${ref.user}/${ref.kind ?? 'available'}`;
}

test.beforeAll(async ({ db }) => {
  userIds = [];
  for (let i = 0; i < USERS; i++) {
    const user = await insertTestUser(db.db, { nickname: `racer${i}` });
    userIds.push(user.id);
    await fund(db.db, user.id, 'usdn', FUNDING.usdn);
    await fund(db.db, user.id, 'points', FUNDING.points);
  }
});

describe('ledger under concurrency', () => {
  if (!onRealPostgres()) console.warn(`[ledger/concurrency] skipped: ${NEEDS_POSTGRES}`);

  test.skipIf(!onRealPostgres())(
    `${TRANSFERS} concurrent random transfers between ${USERS} users: no deadlock, no 500, books balance (real PostgreSQL)`,
    async ({ db }) => {
      const plan = planTransfers(seededRandom(20261121));
      let attempts = 0;
      const outcomes = await Promise.allSettled(
        plan.map((planned) =>
          runInTransaction(db.db, (trx) => {
            attempts += 1;
            return transfer(trx, planned);
          }),
        ),
      );

      const unexpected = outcomes.flatMap((outcome, i) => {
        if (outcome.status === 'fulfilled') return [];
        const code = appCodeOf(outcome.reason);
        const expectedCode = plan[i]!.currency === 'usdn' ? 'INSUFFICIENT_BALANCE' : 'INSUFFICIENT_POINTS';
        return code === expectedCode ? [] : [{ i, code, error: String(outcome.reason) }];
      });
      expect(unexpected).toEqual([]);
      // runInTransaction retries deadlocks silently: one attempt per transfer proves there were none
      expect(attempts).toBe(TRANSFERS);

      const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      const refused = TRANSFERS - succeeded;
      // the plan is tuned so both happen; otherwise the test would prove less than it claims
      expect(succeeded).toBeGreaterThan(TRANSFERS / 4);
      expect(refused).toBeGreaterThan(0);

      const report = await verifyLedger(db.db);
      expect(report.ok, formatLedgerReport(report)).toBe(true);
      expect(report.sums).toEqual({ usdn: 0, points: 0 });
      expect(report.transfers).toBe(USERS * 2 + succeeded);

      // no lost update: each balance is the funding plus exactly the transfers that succeeded
      const expected = new Map<string, number>();
      for (const id of userIds) {
        expected.set(refKey('usdn', { user: id }), FUNDING.usdn);
        expected.set(refKey('points', { user: id }), FUNDING.points);
      }
      plan.forEach((planned, i) => {
        if (outcomes[i]!.status !== 'fulfilled') return;
        const from = refKey(planned.currency, planned.from);
        const to = refKey(planned.currency, planned.to);
        expected.set(from, (expected.get(from) ?? 0) - planned.amount);
        expected.set(to, (expected.get(to) ?? 0) + planned.amount);
      });
      for (const id of userIds) {
        const balances = await getBalances(db.db, id);
        expect(balances).toEqual({
          usdnAvailableCents: expected.get(refKey('usdn', { user: id })),
          usdnHeldCents: expected.get(refKey('usdn', { user: id, kind: 'held' })) ?? 0,
          usdnEscrowCents: 0,
          points: expected.get(refKey('points', { user: id })),
        });
        for (const value of Object.values(balances)) expect(value).toBeGreaterThanOrEqual(0);
      }
    },
    120_000,
  );

  test.skipIf(!onRealPostgres())(
    'opposite transfers between the same two accounts, all at once, never deadlock (real PostgreSQL)',
    async ({ db }) => {
      const [a, b] = userIds as [string, string];
      await fund(db.db, a, 'points', 100);
      await fund(db.db, b, 'points', 100);
      const before = [await getBalances(db.db, a), await getBalances(db.db, b)];
      let attempts = 0;
      const results = await Promise.allSettled(
        Array.from({ length: 60 }, (_, i) =>
          runInTransaction(db.db, (trx) => {
            attempts += 1;
            return transfer(trx, {
              currency: 'points',
              from: { user: i % 2 === 0 ? a : b },
              to: { user: i % 2 === 0 ? b : a },
              amount: 1,
              kind: 'tip',
            });
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      // thirty each way: both end where they started
      expect([await getBalances(db.db, a), await getBalances(db.db, b)]).toEqual(before);
      expect(attempts).toBe(60);
      const report = await verifyLedger(db.db);
      expect(report.ok, formatLedgerReport(report)).toBe(true);
    },
    60_000,
  );

  test.skipIf(!onRealPostgres())(
    'money into escrow does not wait for another open transaction that also paid into escrow (real PostgreSQL)',
    async ({ db }) => {
      // ADR 0022: the system escrow row is neither locked nor updated, so a purchase no longer
      // waits for every other purchase's COMMIT. Before, the second transfer below blocked on
      // the first's row lock until lock_timeout.
      const [a, b] = userIds as [string, string];
      await fund(db.db, a, 'usdn', 500);
      await fund(db.db, b, 'usdn', 500);
      const before = [(await getBalances(db.db, a)).usdnAvailableCents, (await getBalances(db.db, b)).usdnAvailableCents];
      let releaseFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstPaid!: () => void;
      const firstHasPaid = new Promise<void>((resolve) => (firstPaid = resolve));

      const first = db.db.transaction().execute(async (trx) => {
        await transfer(trx, { currency: 'usdn', from: { user: a }, to: { system: 'escrow' }, amount: 100, kind: 'purchase_escrow' });
        firstPaid();
        await firstMayCommit;
      });
      await firstHasPaid;
      try {
        await db.db.transaction().execute(async (trx) => {
          await sql`SET LOCAL lock_timeout = '3s'`.execute(trx);
          await transfer(trx, { currency: 'usdn', from: { user: b }, to: { system: 'escrow' }, amount: 100, kind: 'purchase_escrow' });
        });
      } finally {
        releaseFirst();
        await first;
      }

      expect((await getBalances(db.db, a)).usdnAvailableCents).toBe(before[0]! - 100);
      expect((await getBalances(db.db, b)).usdnAvailableCents).toBe(before[1]! - 100);
      const report = await verifyLedger(db.db);
      expect(report.ok, formatLedgerReport(report)).toBe(true);
    },
    60_000,
  );
});
