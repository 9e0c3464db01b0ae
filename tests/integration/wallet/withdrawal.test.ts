import { randomUUID } from 'node:crypto';
import { putSetting } from '../../../server/src/domain/settings/settings.ts';
import { runInTransaction } from '../../../server/src/db/transaction.ts';
import { approveWithdrawal, rejectWithdrawal } from '../../../server/src/domain/wallet/resolve-withdrawal.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import type { TestServices } from '../../helpers/services.ts';
import type { TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { member } from '../../helpers/world.ts';
import { accountBalance } from '../ledger/ledger-fixtures.ts';
import { countRows, expectCleanLedger, failure, key, SOLANA_ADDRESS, SOLANA_ADDRESS_2, usdnOf } from './support.ts';

let db: TestDatabase;
let services: TestServices;
const CHAIN_HASH = '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZAMdL4VZHirAn5ApvKw8i6ZzL3SmfUDdpa8JnTdnDzcqmvCpXz4GMzrUB';

test.beforeAll(async ({ db: fileDb, services: fileServices }) => {
  db = fileDb;
  services = fileServices;
});
test.beforeEach(async () => {
  const now = services.clock.now();
  await putSetting(db.db, 'usdn_withdrawal_min', 10, null, now);
  await putSetting(db.db, 'usdn_withdrawal_fee_percentage', 0.03, null, now);
  await putSetting(db.db, 'usdn_to_usdt_rate', 1, null, now);
});

async function fundedMember(cents: number) {
  const { user, api } = await member(services, { usdnCents: cents });
  return { user, caller: api };
}

describe('wallet.withdrawalInfo', () => {
  test('reads minimum, fee and rate from the settings', async () => {
    const { caller } = await fundedMember(0);
    expect(await caller.wallet.withdrawalInfo()).toEqual({ minUsdn: 10, feeRate: 0.03, usdtRate: 1 });
  });
});

describe('wallet.createWithdrawal', () => {
  test('holds the whole amount at once, records fee and payout, and lists it', async () => {
    const { user, caller } = await fundedMember(10_000);
    const { id } = await caller.wallet.createWithdrawal({ amount: 50, address: ` ${SOLANA_ADDRESS} `, idempotencyKey: key() });
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 5000, held: 5000 });
    const row = await db.db.selectFrom('usdn_withdrawal_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      usdn_amount_cents: 5000,
      fee_cents: 150,
      usdt_amount_cents: 4850,
      network: 'solana',
      withdrawal_address: SOLANA_ADDRESS,
      status: 'pending',
    });
    const hold = await db.db.selectFrom('ledger_transfers').selectAll().where('reference_id', '=', id).executeTakeFirstOrThrow();
    expect(hold).toMatchObject({ kind: 'withdrawal_hold', reference_type: 'usdn_withdrawal', amount: 5000 });
    expect(await caller.wallet.withdrawals()).toEqual([
      expect.objectContaining({ id, status: 'pending', usdnAmountCents: 5000, feeCents: 150, usdtAmountCents: 4850, transactionHash: null }),
    ]);
    await expectCleanLedger(db.db);
  });

  test('the fee rounds half up to the cent and the payout follows the USDT rate, rounded down', async () => {
    const { caller } = await fundedMember(100_000);
    await putSetting(db.db, 'usdn_withdrawal_fee_percentage', 0.025, null, services.clock.now());
    await putSetting(db.db, 'usdn_to_usdt_rate', 0.997, null, services.clock.now());
    const { id } = await caller.wallet.createWithdrawal({ amount: 15, address: SOLANA_ADDRESS, idempotencyKey: key() });
    const row = await db.db.selectFrom('usdn_withdrawal_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // 15 x 2.5 % = 0.375 -> 0.38; (15 - 0.38) x 0.997 = 14.57614 -> 14.57
    expect(row).toMatchObject({ usdn_amount_cents: 1500, fee_cents: 38, usdt_amount_cents: 1457 });
  });

  test('a fraction -> AMOUNT_NOT_WHOLE; zero or less -> INVALID_AMOUNT', async () => {
    const { user, caller } = await fundedMember(10_000);
    expect((await failure(caller.wallet.createWithdrawal({ amount: 10.5, address: SOLANA_ADDRESS, idempotencyKey: key() }))).code).toBe('AMOUNT_NOT_WHOLE');
    expect((await failure(caller.wallet.createWithdrawal({ amount: 0, address: SOLANA_ADDRESS, idempotencyKey: key() }))).code).toBe('INVALID_AMOUNT');
    expect((await failure(caller.wallet.createWithdrawal({ amount: -20, address: SOLANA_ADDRESS, idempotencyKey: key() }))).code).toBe('INVALID_AMOUNT');
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 10_000, held: 0 });
  });

  test('below the minimum -> WITHDRAWAL_BELOW_MINIMUM with the configured minimum', async () => {
    const { caller } = await fundedMember(10_000);
    expect(await failure(caller.wallet.createWithdrawal({ amount: 9, address: SOLANA_ADDRESS, idempotencyKey: key() }))).toEqual({
      code: 'WITHDRAWAL_BELOW_MINIMUM',
      params: { min: '10' },
    });
    await putSetting(db.db, 'usdn_withdrawal_min', 25, null, services.clock.now());
    expect(await failure(caller.wallet.createWithdrawal({ amount: 24, address: SOLANA_ADDRESS, idempotencyKey: key() }))).toEqual({
      code: 'WITHDRAWAL_BELOW_MINIMUM',
      params: { min: '25' },
    });
    await caller.wallet.createWithdrawal({ amount: 25, address: SOLANA_ADDRESS, idempotencyKey: key() });
  });

  test('over the available balance -> INSUFFICIENT_BALANCE, and held money is not available', async () => {
    const { user, caller } = await fundedMember(3000);
    const requestsBefore = await countRows(db.db, 'usdn_withdrawal_requests');
    const over = await failure(caller.wallet.createWithdrawal({ amount: 31, address: SOLANA_ADDRESS, idempotencyKey: key() }));
    expect(over.code).toBe('INSUFFICIENT_BALANCE');
    expect(await countRows(db.db, 'usdn_withdrawal_requests')).toBe(requestsBefore);
    expect(await caller.wallet.withdrawals()).toEqual([]);
    await caller.wallet.createWithdrawal({ amount: 20, address: SOLANA_ADDRESS, idempotencyKey: key() });
    expect((await failure(caller.wallet.createWithdrawal({ amount: 11, address: SOLANA_ADDRESS, idempotencyKey: key() }))).code).toBe('INSUFFICIENT_BALANCE');
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 1000, held: 2000 });
  });

  test.each([
    ['empty', ''],
    ['blank', '   '],
    ['31 characters', SOLANA_ADDRESS.slice(0, 31)],
    ['an Ethereum address', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['base58 with a forbidden 0', 'So1111111111111111111111111111111111111110'],
    ['base58 of the wrong length', `${SOLANA_ADDRESS_2}2`],
  ])('address %s -> SOLANA_ADDRESS_INVALID', async (_name, address) => {
    const { user, caller } = await fundedMember(5000);
    expect((await failure(caller.wallet.createWithdrawal({ amount: 10, address, idempotencyKey: key() }))).code).toBe('SOLANA_ADDRESS_INVALID');
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 5000, held: 0 });
  });

  test('a retried submit with the same key holds once', async () => {
    const { user, caller } = await fundedMember(5000);
    const input = { amount: 20, address: SOLANA_ADDRESS_2, idempotencyKey: key() };
    const first = await caller.wallet.createWithdrawal(input);
    expect(await caller.wallet.createWithdrawal(input)).toEqual(first);
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 3000, held: 2000 });
  });

  test("withdrawals lists newest first and only the member's own", async () => {
    const { caller } = await fundedMember(10_000);
    await caller.wallet.createWithdrawal({ amount: 10, address: SOLANA_ADDRESS, idempotencyKey: key() });
    services.clock.advance(1000);
    await caller.wallet.createWithdrawal({ amount: 11, address: SOLANA_ADDRESS, idempotencyKey: key() });
    expect((await caller.wallet.withdrawals()).map((row) => row.usdnAmountCents)).toEqual([1100, 1000]);
    const { caller: other } = await fundedMember(0);
    expect(await other.wallet.withdrawals()).toEqual([]);
  });
});

describe('resolve-withdrawal (admin side)', () => {
  async function pending(amount: number) {
    const { user, caller } = await fundedMember(amount * 100);
    const { id } = await caller.wallet.createWithdrawal({ amount, address: SOLANA_ADDRESS, idempotencyKey: key() });
    return { user, caller, id };
  }

  test('approval burns the net amount, books the fee, completes and notifies', async () => {
    const admin = await insertTestUser(db.db, { admin: true });
    const withdrawalsBefore = (await accountBalance(db.db, 'usdn', 'withdrawals', null)) ?? 0;
    const feesBefore = (await accountBalance(db.db, 'usdn', 'fees', null)) ?? 0;
    const { user, caller, id } = await pending(100);
    await runInTransaction(db.db, (trx) =>
      approveWithdrawal(trx, { requestId: id, adminId: admin.id, now: services.clock.now(), transactionHash: CHAIN_HASH }),
    );
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 0, held: 0 });
    expect(await accountBalance(db.db, 'usdn', 'withdrawals', null)).toBe(withdrawalsBefore + 9700);
    expect(await accountBalance(db.db, 'usdn', 'fees', null)).toBe(feesBefore + 300);
    const kinds = await db.db.selectFrom('ledger_transfers').select(['kind', 'amount']).where('reference_id', '=', id).orderBy('id').execute();
    expect(kinds).toEqual([
      { kind: 'withdrawal_hold', amount: 10_000 },
      { kind: 'withdrawal_burn', amount: 9700 },
      { kind: 'withdrawal_fee', amount: 300 },
    ]);
    expect((await caller.wallet.withdrawals())[0]).toMatchObject({ status: 'completed', transactionHash: CHAIN_HASH });
    const note = await db.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(note).toMatchObject({ type: 'withdrawal_approved', link: '/withdrawal?tab=history' });
    const view = await db.db.selectFrom('user_usdn').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(Number(view.total_withdrawn_cents)).toBe(10_000);
    await expectCleanLedger(db.db);
  });

  test('approval needs a hash', async () => {
    const admin = await insertTestUser(db.db, { admin: true });
    const { user, id } = await pending(10);
    const blank = await failure(
      runInTransaction(db.db, (trx) => approveWithdrawal(trx, { requestId: id, adminId: admin.id, now: services.clock.now(), transactionHash: ' ' })),
    );
    expect(blank.code).toBe('TRANSACTION_HASH_REQUIRED');
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 0, held: 1000 });
  });

  test('rejection needs a reason and releases the held amount', async () => {
    const admin = await insertTestUser(db.db, { admin: true });
    const { user, caller, id } = await pending(40);
    const blank = await failure(
      runInTransaction(db.db, (trx) => rejectWithdrawal(trx, { requestId: id, adminId: admin.id, now: services.clock.now(), reason: '' })),
    );
    expect(blank.code).toBe('REJECTION_REASON_REQUIRED');
    await runInTransaction(db.db, (trx) =>
      rejectWithdrawal(trx, { requestId: id, adminId: admin.id, now: services.clock.now(), reason: 'Address is an exchange' }),
    );
    expect(await usdnOf(db.db, user.id)).toEqual({ available: 4000, held: 0 });
    expect((await caller.wallet.withdrawals())[0]).toMatchObject({ status: 'rejected', rejectionReason: 'Address is an exchange' });
    const note = await db.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(note.type).toBe('withdrawal_rejected');
    // resolved requests cannot be acted on again
    const again = await failure(
      runInTransaction(db.db, (trx) => approveWithdrawal(trx, { requestId: id, adminId: admin.id, now: services.clock.now(), transactionHash: CHAIN_HASH })),
    );
    expect(again.code).toBe('REQUEST_ALREADY_PROCESSED');
    const missing = await failure(
      runInTransaction(db.db, (trx) => rejectWithdrawal(trx, { requestId: randomUUID(), adminId: admin.id, now: services.clock.now(), reason: 'x' })),
    );
    expect(missing.code).toBe('NOT_FOUND');
    await expectCleanLedger(db.db);
  });
});
