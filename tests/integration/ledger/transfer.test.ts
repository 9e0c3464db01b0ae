import { sql } from 'kysely';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, type TestUser } from '../../helpers/users.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { formatLedgerReport, getBalances, systemAccountBalance, transfer, verifyLedger } from '../../../server/src/domain/ledger/index.ts';
import { accountBalance, appCodeOf, appParamsOf, countTransfers, fund } from './ledger-fixtures.ts';

let db: TestDatabase;
let alice: TestUser;
let bob: TestUser;

test.beforeAll(async ({ db: database }) => {
  db = database;
  alice = await insertTestUser(db.db, { nickname: 'alice' });
  bob = await insertTestUser(db.db, { nickname: 'bob' });
});

async function expectLedgerHealthy(): Promise<void> {
  const report = await verifyLedger(db.db);
  expect(report.ok, formatLedgerReport(report)).toBe(true);
}

describe('transfer', () => {
  test('moves money between users, records one immutable transfer and reports who was affected', async () => {
    const carol = await insertTestUser(db.db);
    const dave = await insertTestUser(db.db);
    // accounts are created lazily: none before the first transfer
    expect(await accountBalance(db.db, 'usdn', 'user_available', carol.id)).toBeNull();
    await fund(db.db, carol.id, 'usdn', 10_000);

    const result = await runInTransaction(db.db, (trx) =>
      transfer(trx, {
        currency: 'usdn',
        from: { user: carol.id },
        to: { user: dave.id },
        amount: 2_550,
        kind: 'transfer',
        referenceType: 'usdn_transfer',
        referenceId: 'ref-1',
        memo: 'for the vase',
        createdBy: carol.id,
      }),
    );

    expect(result.affectedUserIds.sort()).toEqual([carol.id, dave.id].sort());
    expect(await getBalances(db.db, carol.id)).toEqual({ usdnAvailableCents: 7_450, usdnHeldCents: 0, usdnEscrowCents: 0, points: 0 });
    expect(await getBalances(db.db, dave.id)).toEqual({ usdnAvailableCents: 2_550, usdnHeldCents: 0, usdnEscrowCents: 0, points: 0 });

    const row = await db.db.selectFrom('ledger_transfers').selectAll().where('id', '=', result.transferId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      currency: 'usdn',
      amount: 2_550,
      kind: 'transfer',
      reference_type: 'usdn_transfer',
      reference_id: 'ref-1',
      memo: 'for the vase',
      created_by: carol.id,
    });
    await expectLedgerHealthy();
  });

  test('an insufficient balance throws INSUFFICIENT_BALANCE with the amount needed and writes nothing', async () => {
    const poor = await insertTestUser(db.db);
    await fund(db.db, poor.id, 'usdn', 1_000);
    const transfersBefore = await countTransfers(db.db);

    let caught: unknown;
    await runInTransaction(db.db, async (trx) => {
      try {
        await transfer(trx, { currency: 'usdn', from: { user: poor.id }, to: { user: bob.id }, amount: 1_001, kind: 'tip' });
      } catch (error) {
        caught = error;
      }
      // nothing was written before the check, so the caller's transaction is still usable
      await transfer(trx, { currency: 'usdn', from: { user: poor.id }, to: { user: bob.id }, amount: 1_000, kind: 'tip' });
    });

    expect(appCodeOf(caught)).toBe('INSUFFICIENT_BALANCE');
    expect(appParamsOf(caught)).toMatchObject({ needed: '10.01', neededCents: 1_001, availableCents: 1_000 });
    expect(await countTransfers(db.db)).toBe(transfersBefore + 1);
    expect(await getBalances(db.db, poor.id)).toMatchObject({ usdnAvailableCents: 0 });
    await expectLedgerHealthy();
  });

  test('a failed transfer rolls back the whole business transaction it ran in', async () => {
    const spender = await insertTestUser(db.db);
    await fund(db.db, spender.id, 'usdn', 500);
    const transfersBefore = await countTransfers(db.db);

    const attempt = runInTransaction(db.db, async (trx) => {
      await transfer(trx, { currency: 'usdn', from: { user: spender.id }, to: { system: 'escrow' }, amount: 400, kind: 'purchase_escrow' });
      await transfer(trx, { currency: 'usdn', from: { user: spender.id }, to: { system: 'escrow' }, amount: 400, kind: 'purchase_escrow' });
    });

    await expect(attempt).rejects.toSatisfy((error) => appCodeOf(error) === 'INSUFFICIENT_BALANCE');
    expect(await countTransfers(db.db)).toBe(transfersBefore);
    expect(await getBalances(db.db, spender.id)).toMatchObject({ usdnAvailableCents: 500 });
  });

  test('points have their own balance and their own error', async () => {
    const member = await insertTestUser(db.db);
    await fund(db.db, member.id, 'points', 30);
    await fund(db.db, member.id, 'usdn', 10_000);

    const attempt = runInTransaction(db.db, (trx) =>
      transfer(trx, { currency: 'points', from: { user: member.id }, to: { system: 'fees' }, amount: 31, kind: 'publish_fee' }),
    );
    await expect(attempt).rejects.toSatisfy((error) => appCodeOf(error) === 'INSUFFICIENT_POINTS');
    await expect(attempt).rejects.toSatisfy((error) => appParamsOf(error)?.needed === 31 && appParamsOf(error)?.available === 30);

    await runInTransaction(db.db, (trx) =>
      transfer(trx, { currency: 'points', from: { user: member.id }, to: { system: 'fees' }, amount: 1, kind: 'publish_fee' }),
    );
    expect(await getBalances(db.db, member.id)).toEqual({ usdnAvailableCents: 10_000, usdnHeldCents: 0, usdnEscrowCents: 0, points: 29 });
    await expectLedgerHealthy();
  });

  test('system accounts may go negative; user accounts never', async () => {
    const before = (await accountBalance(db.db, 'usdn', 'issuance', null)) ?? 0;
    await fund(db.db, alice.id, 'usdn', 5_000);
    expect(await accountBalance(db.db, 'usdn', 'issuance', null)).toBe(before - 5_000);
    expect(before - 5_000).toBeLessThan(0);

    // the CHECK constraint refuses a negative user balance even from code that bypasses the ledger
    const direct = sql`UPDATE ledger_accounts SET balance = -1 WHERE user_id = ${alice.id}`.execute(db.db);
    await expect(direct).rejects.toMatchObject({ code: '23514' });
  });

  test('system accounts cache no balance: theirs is the sum of their transfers', async () => {
    const before = await systemAccountBalance(db.db, 'usdn', 'issuance');
    await fund(db.db, bob.id, 'usdn', 700);
    expect(await systemAccountBalance(db.db, 'usdn', 'issuance')).toBe(before - 700);
    const cached = await db.db.selectFrom('ledger_accounts').select('balance').where('user_id', 'is', null).execute();
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.every((row) => row.balance === 0)).toBe(true);

    // a path that wrote one anyway would be refused by the schema
    const direct = sql`UPDATE ledger_accounts SET balance = 5 WHERE user_id IS NULL`.execute(db.db);
    await expect(direct).rejects.toMatchObject({ code: '23514' });
    await expectLedgerHealthy();
  });

  test('a withdrawal-style hold moves money to the held balance and back', async () => {
    const member = await insertTestUser(db.db);
    await fund(db.db, member.id, 'usdn', 3_000);

    const hold = await runInTransaction(db.db, (trx) =>
      transfer(trx, { currency: 'usdn', from: { user: member.id }, to: { user: member.id, kind: 'held' }, amount: 2_000, kind: 'withdrawal_hold' }),
    );
    expect(hold.affectedUserIds).toEqual([member.id]);
    expect(await getBalances(db.db, member.id)).toEqual({ usdnAvailableCents: 1_000, usdnHeldCents: 2_000, usdnEscrowCents: 0, points: 0 });

    // held money cannot be spent twice
    const spend = runInTransaction(db.db, (trx) =>
      transfer(trx, { currency: 'usdn', from: { user: member.id }, to: { user: bob.id }, amount: 1_500, kind: 'transfer' }),
    );
    await expect(spend).rejects.toSatisfy((error) => appCodeOf(error) === 'INSUFFICIENT_BALANCE');

    await runInTransaction(db.db, async (trx) => {
      await transfer(trx, { currency: 'usdn', from: { user: member.id, kind: 'held' }, to: { system: 'withdrawals' }, amount: 1_940, kind: 'withdrawal_burn' });
      await transfer(trx, { currency: 'usdn', from: { user: member.id, kind: 'held' }, to: { system: 'fees' }, amount: 60, kind: 'withdrawal_fee' });
    });
    expect(await getBalances(db.db, member.id)).toEqual({ usdnAvailableCents: 1_000, usdnHeldCents: 0, usdnEscrowCents: 0, points: 0 });
    await expectLedgerHealthy();
  });

  test.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('amount %s is INVALID_AMOUNT and writes nothing', async (amount) => {
    const transfersBefore = await countTransfers(db.db);
    const attempt = runInTransaction(db.db, (trx) =>
      transfer(trx, { currency: 'usdn', from: { system: 'issuance' }, to: { user: bob.id }, amount, kind: 'admin_adjustment' }),
    );
    await expect(attempt).rejects.toSatisfy((error) => appCodeOf(error) === 'INVALID_AMOUNT');
    expect(await countTransfers(db.db)).toBe(transfersBefore);
  });

  test('an unknown user is USER_NOT_FOUND, and an account cannot pay itself', async () => {
    const unknown = runInTransaction(db.db, (trx) =>
      transfer(trx, {
        currency: 'usdn',
        from: { system: 'issuance' },
        to: { user: '00000000-0000-4000-8000-000000000000' },
        amount: 1,
        kind: 'admin_adjustment',
      }),
    );
    await expect(unknown).rejects.toSatisfy((error) => appCodeOf(error) === 'USER_NOT_FOUND');

    const self = runInTransaction(db.db, (trx) =>
      transfer(trx, { currency: 'usdn', from: { user: alice.id }, to: { user: alice.id }, amount: 1, kind: 'transfer' }),
    );
    await expect(self).rejects.toThrow(/to itself/);
  });

  test('transfers cannot be edited or deleted, only corrected by a new transfer', async () => {
    const { transferId } = await fund(db.db, bob.id, 'usdn', 100);
    await expect(db.db.updateTable('ledger_transfers').set({ amount: 1 }).where('id', '=', transferId).execute()).rejects.toThrow(/immutable/);
    await expect(db.db.deleteFrom('ledger_transfers').where('id', '=', transferId).execute()).rejects.toThrow(/immutable/);
    await expect(sql`TRUNCATE ledger_transfers CASCADE`.execute(db.db)).rejects.toThrow(/immutable/);
    const row = await db.db.selectFrom('ledger_transfers').select('amount').where('id', '=', transferId).executeTakeFirst();
    expect(row?.amount).toBe(100);
  });

  test('USDN and points are separate currencies that each sum to zero', async () => {
    const report = await verifyLedger(db.db);
    expect(report.ok, formatLedgerReport(report)).toBe(true);
    expect(report.sums).toEqual({ usdn: 0, points: 0 });
    expect(report.transfers).toBe(await countTransfers(db.db));
    const mixed = await db.db.selectFrom('ledger_accounts').select('currency').where('kind', '=', 'issuance').orderBy('currency').execute();
    expect(mixed.map((row) => row.currency)).toEqual(['usdn']);
  });
});

describe('verifyLedger', () => {
  test('reports an account whose balance drifted from its transfers, and the broken sum', async () => {
    const victim = await insertTestUser(db.db);
    await fund(db.db, victim.id, 'points', 50);
    // simulate a bug that changed a balance without a transfer
    await db.db.updateTable('ledger_accounts').set({ balance: 70 }).where('user_id', '=', victim.id).where('currency', '=', 'points').execute();

    const report = await verifyLedger(db.db);
    expect(report.ok).toBe(false);
    expect(report.violations).toContainEqual({ check: 'currency_sum', currency: 'points', sum: 20 });
    expect(report.violations).toContainEqual(expect.objectContaining({ check: 'account_balance', userId: victim.id, balance: 70, fromTransfers: 50 }));
    expect(formatLedgerReport(report)).toMatch(/points sums to 20, not 0/);

    // repair for the tests after this one
    await db.db.updateTable('ledger_accounts').set({ balance: 50 }).where('user_id', '=', victim.id).where('currency', '=', 'points').execute();
    await expectLedgerHealthy();
  });
});
