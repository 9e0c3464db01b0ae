import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/src/db/schema.ts';
import { pointsRedemptionQuote } from '@curio/shared';
import { getBalances, publishBalanceChanges } from '../../../server/src/domain/ledger/index.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { resolvePointsRedemption } from '../../../server/src/domain/points/resolve-points-redemption.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { NEEDS_POSTGRES, onRealPostgres } from '../../helpers/test-db.ts';
import { expectLedgerClean } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

if (!onRealPostgres()) console.warn(`[points redemption races] skipped: ${NEEDS_POSTGRES}`);

let keySeq = 0;
function key(): string {
  keySeq += 1;
  return `redeem-key-${keySeq.toString().padStart(6, '0')}`;
}

async function held(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('user_points').select(['points_balance', 'points_held']).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.points_held ?? 0;
}

async function requestsOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('points_withdrawal_requests').selectAll().where('user_id', '=', userId).execute();
}

function resolve(services: TestServices, requestId: string, decision: 'approve' | 'reject', adminId: string, adminNotes?: string) {
  return runInTransaction(services.db, (trx) =>
    resolvePointsRedemption(trx, { requestId, adminId, decision, adminNotes: adminNotes ?? null, now: services.clock.now() }),
  );
}

describe('redemption quote (rule P-7, ADR 0016)', () => {
  test('100 points are one unit of cash, the 5 % fee is rounded up to whole points', () => {
    expect(pointsRedemptionQuote(1000)).toEqual({ points: 1000, feePoints: 50, cashCents: 950 });
    expect(pointsRedemptionQuote(1001)).toEqual({ points: 1001, feePoints: 51, cashCents: 950 });
    expect(pointsRedemptionQuote(1019)).toEqual({ points: 1019, feePoints: 51, cashCents: 968 });
    expect(pointsRedemptionQuote(1020)).toEqual({ points: 1020, feePoints: 51, cashCents: 969 });
    expect(pointsRedemptionQuote(123456)).toEqual({ points: 123456, feePoints: 6173, cashCents: 117283 });
  });
});

describe('points redemption requests', () => {
  test('a visitor must sign in first', async ({ services }) => {
    await expectAppError(
      (await callerFor(services)).points.redemption.create({ points: 1000, method: 'wechat', account: 'wx-1', idempotencyKey: key() }),
      'LOGIN_REQUIRED',
    );
  });

  test('below 1000 points: POINTS_REDEMPTION_MINIMUM with the minimum, nothing held', async ({ db, member }) => {
    const { user, api: caller } = await member({ points: 5000 });
    await expectAppError(
      caller.points.redemption.create({ points: 999, method: 'wechat', account: 'wx-1', idempotencyKey: key() }),
      'POINTS_REDEMPTION_MINIMUM',
      {
        min: 1000,
      },
    );
    expect(await requestsOf(db.db, user.id)).toEqual([]);
    expect((await getBalances(db.db, user.id)).points).toBe(5000);
  });

  test('points must be a whole number of at least 1', async ({ member }) => {
    const { api: caller } = await member({ points: 5000 });
    await expectAppError(caller.points.redemption.create({ points: 1000.5, method: 'alipay', account: 'a@b.c', idempotencyKey: key() }), 'AMOUNT_NOT_WHOLE');
    await expectAppError(caller.points.redemption.create({ points: -1000, method: 'alipay', account: 'a@b.c', idempotencyKey: key() }), 'AMOUNT_NOT_WHOLE');
  });

  test('an account is required (blank counts as missing); an unknown method is refused', async ({ db, member }) => {
    const { user, api: caller } = await member({ points: 5000 });
    await expectAppError(caller.points.redemption.create({ points: 1000, method: 'wechat', account: '   ', idempotencyKey: key() }), 'ACCOUNT_REQUIRED');
    await expectAppError(caller.points.redemption.create({ points: 1000, method: 'wechat', account: '', idempotencyKey: key() }), 'ACCOUNT_REQUIRED');
    await expectAppError(
      caller.points.redemption.create({ points: 1000, method: 'paypal' as 'wechat', account: 'x', idempotencyKey: key() }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.points.redemption.create({ points: 1000, method: 'wechat', account: 'x'.repeat(101), idempotencyKey: key() }),
      'CONTENT_TOO_LONG',
      {
        max: 100,
      },
    );
    expect(await requestsOf(db.db, user.id)).toEqual([]);
  });

  test('more points than available: INSUFFICIENT_POINTS and no request is left behind', async ({ db, member }) => {
    const { user, api: caller } = await member({ points: 1200 });
    await expectAppError(caller.points.redemption.create({ points: 1500, method: 'wechat', account: 'wx-1', idempotencyKey: key() }), 'INSUFFICIENT_POINTS');
    expect(await requestsOf(db.db, user.id)).toEqual([]);
    expect((await getBalances(db.db, user.id)).points).toBe(1200);
  });

  test('a request holds its points at once and shows in the history with fee and cash', async ({ db, member }) => {
    const { user, api: caller } = await member({ points: 2500 });
    const created = await caller.points.redemption.create({ points: 2000, method: 'alipay', account: '  alice@pay.example ', idempotencyKey: key() });
    expect(created).toMatchObject({
      points: 2000,
      method: 'alipay',
      account: 'alice@pay.example',
      feePoints: 100,
      cashCents: 1900,
      status: 'pending',
      adminNotes: null,
    });
    expect((await getBalances(db.db, user.id)).points).toBe(500);
    expect(await held(db.db, user.id)).toBe(2000);
    const hold = await db.db
      .selectFrom('ledger_transfers')
      .select(['kind', 'reference_type', 'reference_id', 'amount'])
      .where('reference_id', '=', created.id)
      .execute();
    expect(hold).toEqual([{ kind: 'withdrawal_hold', reference_type: 'points_withdrawal', reference_id: created.id, amount: 2000 }]);
    // the rest cannot be redeemed again: held points are not available
    await expectAppError(caller.points.redemption.create({ points: 1000, method: 'alipay', account: 'x', idempotencyKey: key() }), 'INSUFFICIENT_POINTS');
    expect(await caller.points.redemption.mine()).toEqual([created]);
    const center = await caller.points.center();
    expect(center).toMatchObject({ balance: 500, held: 2000, lifetimeEarned: 2500, lifetimeSpent: 0 });
    await expectLedgerClean(db);
  });

  test('a double submit with one idempotency key makes one request; other parameters conflict', async ({ db, member }) => {
    const { user, api: caller } = await member({ points: 3000 });
    const input = { points: 1000, method: 'wechat' as const, account: 'wx-double', idempotencyKey: key() };
    const first = await caller.points.redemption.create(input);
    const second = await caller.points.redemption.create(input);
    expect(second).toEqual(first);
    expect(await requestsOf(db.db, user.id)).toHaveLength(1);
    expect((await getBalances(db.db, user.id)).points).toBe(2000);
    await expectAppError(caller.points.redemption.create({ ...input, points: 1500 }), 'IDEMPOTENCY_CONFLICT');
  });

  test('approval burns the points once: cash part to withdrawals, fee to fees; the member is notified', async ({ db, services, admin, member }) => {
    const { user, api: caller } = await member({ points: 1001 });
    const created = await caller.points.redemption.create({ points: 1001, method: 'wechat', account: 'wx-approve', idempotencyKey: key() });
    const { redemption, affectedUserIds } = await resolve(services, created.id, 'approve', admin.id, ' paid on 21 Nov ');
    await publishBalanceChanges(services.events, affectedUserIds);
    expect(redemption).toMatchObject({ status: 'completed', adminNotes: 'paid on 21 Nov', feePoints: 51, cashCents: 950 });
    expect(redemption.processedAt).not.toBeNull();
    expect(affectedUserIds).toContain(user.id);
    expect((await getBalances(db.db, user.id)).points).toBe(0);
    expect(await held(db.db, user.id)).toBe(0);
    const moves = await db.db.selectFrom('ledger_transfers').select(['kind', 'amount']).where('reference_id', '=', created.id).orderBy('id').execute();
    expect(moves).toEqual([
      { kind: 'withdrawal_hold', amount: 1001 },
      { kind: 'withdrawal_burn', amount: 950 },
      { kind: 'withdrawal_fee', amount: 51 },
    ]);
    const notes = await db.db.selectFrom('notifications').select(['type', 'params', 'link']).where('user_id', '=', user.id).execute();
    expect(notes).toEqual([
      { type: 'points_redemption_approved', params: { points: 1001, cash: '9.50', notes: 'paid on 21 Nov' }, link: '/points-redemption?tab=history' },
    ]);
    // exactly once: a second decision changes nothing
    await expectAppError(resolve(services, created.id, 'reject', admin.id), 'REQUEST_ALREADY_PROCESSED');
    await expectAppError(resolve(services, created.id, 'approve', admin.id), 'REQUEST_ALREADY_PROCESSED');
    expect(await db.db.selectFrom('ledger_transfers').select('id').where('reference_id', '=', created.id).execute()).toHaveLength(3);
    const center = await caller.points.center();
    expect(center).toMatchObject({ balance: 0, held: 0, lifetimeEarned: 1001, lifetimeSpent: 1001 });
    expect((await caller.points.redemption.mine())[0]).toMatchObject({ status: 'completed', adminNotes: 'paid on 21 Nov' });
    await expectLedgerClean(db);
  });

  test('rejection returns the points to the balance and tells the member why', async ({ db, services, admin, member }) => {
    const { user, api: caller } = await member({ points: 1500 });
    const created = await caller.points.redemption.create({ points: 1200, method: 'alipay', account: 'ali-reject', idempotencyKey: key() });
    expect((await getBalances(db.db, user.id)).points).toBe(300);
    const { redemption } = await resolve(services, created.id, 'reject', admin.id, 'account name does not match');
    expect(redemption).toMatchObject({ status: 'rejected', adminNotes: 'account name does not match' });
    expect((await getBalances(db.db, user.id)).points).toBe(1500);
    expect(await held(db.db, user.id)).toBe(0);
    const notes = await db.db.selectFrom('notifications').select(['type']).where('user_id', '=', user.id).execute();
    expect(notes).toEqual([{ type: 'points_redemption_rejected' }]);
    const rewards = await caller.points.rewards();
    expect(rewards[0]).toMatchObject({ type: 'refund', amount: 1200, source: 'withdrawal_release' });
    expect(rewards[1]).toMatchObject({ type: 'spend', amount: -1200, source: 'withdrawal_hold' });
    // returned points are not "earned" again
    expect((await caller.points.center()).lifetimeEarned).toBe(1500);
    await expectAppError(resolve(services, created.id, 'approve', admin.id), 'REQUEST_ALREADY_PROCESSED');
    await expectLedgerClean(db);
  });

  test('resolving an unknown request is NOT_FOUND', async ({ services, admin }) => {
    await expectAppError(resolve(services, '00000000-0000-4000-8000-000000000000', 'approve', admin.id), 'NOT_FOUND');
  });

  test.skipIf(!onRealPostgres())('parallel redemptions beyond the balance never overspend', async ({ db, member }) => {
    const { user, api: caller } = await member({ points: 3500 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => caller.points.redemption.create({ points: 1000, method: 'wechat', account: 'wx-race', idempotencyKey: key() })),
    );
    const ok = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(ok).toHaveLength(3);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect((outcome.reason as Error).message).toBe('INSUFFICIENT_POINTS');
    }
    expect(await requestsOf(db.db, user.id)).toHaveLength(3);
    expect((await getBalances(db.db, user.id)).points).toBe(500);
    expect(await held(db.db, user.id)).toBe(3000);
    await expectLedgerClean(db);
  });

  test.skipIf(!onRealPostgres())('an approval and a rejection racing: exactly one wins', async ({ db, services, admin, member }) => {
    const { user, api: caller } = await member({ points: 1000 });
    const created = await caller.points.redemption.create({ points: 1000, method: 'wechat', account: 'wx-two-admins', idempotencyKey: key() });
    const outcomes = await Promise.allSettled([
      resolve(services, created.id, 'approve', admin.id),
      resolve(services, created.id, 'reject', admin.id),
      resolve(services, created.id, 'approve', admin.id),
      resolve(services, created.id, 'reject', admin.id),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const row = (await requestsOf(db.db, user.id))[0]!;
    const balance = (await getBalances(db.db, user.id)).points;
    expect(row.status === 'completed' ? balance === 0 : balance === 1000).toBe(true);
    expect(await held(db.db, user.id)).toBe(0);
    expect(await db.db.selectFrom('notifications').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    await expectLedgerClean(db);
  });
});
