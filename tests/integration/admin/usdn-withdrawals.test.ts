import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { putSetting } from '../../../server/src/domain/settings/settings.ts';
import { getBalances } from '../../../server/src/domain/ledger/index.ts';
import { callerFor, createTestServices, type TestServices, type Caller } from '../../helpers/services.ts';
import { createTestDatabase, NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { accountBalance, appCodeOf, countTransfers } from '../ledger/ledger-fixtures.ts';
import { expectLedgerHealthy, member, notificationsOf } from '../orders/support.ts';
import { auditEntries } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

let db: TestDatabase;
let services: TestServices;
let adminId: string;
let admin: Caller;

const SOLANA_ADDRESS = 'So11111111111111111111111111111111111111112';
const CHAIN_HASH = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 12 });
  services = createTestServices(db);
  const now = services.clock.now();
  await putSetting(db.db, 'usdn_withdrawal_min', 10, null, now);
  await putSetting(db.db, 'usdn_withdrawal_fee_percentage', 0.03, null, now);
  await putSetting(db.db, 'usdn_to_usdt_rate', 1, null, now);
  adminId = (await insertTestUser(db.db, { admin: true, nickname: 'payer' })).id;
  admin = await callerFor(services, adminId);
});
afterAll(async () => {
  await db?.close();
});

/** A member who asked to withdraw `amount` whole USDN: the amount is held at once. */
async function requested(amount: number, nickname?: string) {
  const someone = await member(services, { usdnCents: amount * 100, ...(nickname ? { nickname } : {}) });
  const { id } = await someone.api.wallet.createWithdrawal({ amount, address: SOLANA_ADDRESS, idempotencyKey: randomUUID() });
  return { ...someone, requestId: id };
}
async function balances(userId: string) {
  const b = await getBalances(db.db, userId);
  return { available: b.usdnAvailableCents, held: b.usdnHeldCents };
}
const auditOf = (requestId: string) => auditEntries(db.db, 'usdn_withdrawal_request', requestId);
function requestRow(requestId: string) {
  return db.db.selectFrom('usdn_withdrawal_requests').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow();
}

describe('admin.usdnWithdrawals.approve', () => {
  test('with the chain hash: the hold is burned (net + fee), completed, notified, audited', async () => {
    const { id: userId, requestId } = await requested(100);
    const withdrawn = (await accountBalance(db.db, 'usdn', 'withdrawals', null)) ?? 0;
    const fees = (await accountBalance(db.db, 'usdn', 'fees', null)) ?? 0;
    expect(await admin.admin.usdnWithdrawals.approve({ requestId, transactionHash: ` ${CHAIN_HASH} ` })).toEqual({ status: 'completed' });
    expect(await balances(userId)).toEqual({ available: 0, held: 0 });
    expect(await accountBalance(db.db, 'usdn', 'withdrawals', null)).toBe(withdrawn + 9_700);
    expect(await accountBalance(db.db, 'usdn', 'fees', null)).toBe(fees + 300);
    expect(await requestRow(requestId)).toMatchObject({
      status: 'completed',
      transaction_hash: CHAIN_HASH,
      processed_by: adminId,
      processed_at: services.clock.now(),
    });
    const view = await db.db.selectFrom('user_usdn').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(Number(view.total_withdrawn_cents)).toBe(10_000);
    expect((await notificationsOf(db.db, userId)).map((n) => n.type)).toEqual(['withdrawal_approved']);
    const [entry, ...more] = await auditOf(requestId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      admin_id: adminId,
      action: 'usdn_withdrawal.approve',
      before: { status: 'pending', usdn_amount_cents: 10_000, fee_cents: 300, usdt_amount_cents: 9_700, withdrawal_address: SOLANA_ADDRESS, user_id: userId },
      after: { status: 'completed', transaction_hash: CHAIN_HASH },
    });
    await expectLedgerHealthy(db.db);
  });

  test('a blank hash is refused with TRANSACTION_HASH_REQUIRED, a malformed one with VALIDATION_FAILED; nothing changes', async () => {
    const { id: userId, requestId } = await requested(40);
    const transfers = await countTransfers(db.db);
    await expectAppError(admin.admin.usdnWithdrawals.approve({ requestId, transactionHash: '   ' }), 'TRANSACTION_HASH_REQUIRED');
    await expectAppError(admin.admin.usdnWithdrawals.approve({ requestId, transactionHash: 'not a hash!' }), 'VALIDATION_FAILED');
    expect(await requestRow(requestId)).toMatchObject({ status: 'pending', transaction_hash: null, processed_by: null });
    expect(await balances(userId)).toEqual({ available: 0, held: 4_000 });
    expect(await countTransfers(db.db)).toBe(transfers);
    expect(await auditOf(requestId)).toHaveLength(0);
    expect(await notificationsOf(db.db, userId)).toHaveLength(0);
  });

  test('a second approval moves nothing: REQUEST_ALREADY_PROCESSED; unknown request NOT_FOUND', async () => {
    const { id: userId, requestId } = await requested(20);
    await admin.admin.usdnWithdrawals.approve({ requestId, transactionHash: CHAIN_HASH });
    const transfers = await countTransfers(db.db);
    await expectAppError(admin.admin.usdnWithdrawals.approve({ requestId, transactionHash: CHAIN_HASH }), 'REQUEST_ALREADY_PROCESSED');
    await expectAppError(admin.admin.usdnWithdrawals.reject({ requestId, reason: 'too late' }), 'REQUEST_ALREADY_PROCESSED');
    expect(await countTransfers(db.db)).toBe(transfers);
    expect(await balances(userId)).toEqual({ available: 0, held: 0 });
    expect(await auditOf(requestId)).toHaveLength(1);
    await expectAppError(admin.admin.usdnWithdrawals.approve({ requestId: randomUUID(), transactionHash: CHAIN_HASH }), 'NOT_FOUND');
  });
});

describe('admin.usdnWithdrawals.reject', () => {
  test('a blank reason is refused with REJECTION_REASON_REQUIRED and the hold stays', async () => {
    const { id: userId, requestId } = await requested(30);
    await expectAppError(admin.admin.usdnWithdrawals.reject({ requestId, reason: '' }), 'REJECTION_REASON_REQUIRED');
    expect(await requestRow(requestId)).toMatchObject({ status: 'pending', rejection_reason: null });
    expect(await balances(userId)).toEqual({ available: 0, held: 3_000 });
    expect(await auditOf(requestId)).toHaveLength(0);
  });

  test('with a reason: the hold returns to the member, notified, audited', async () => {
    const { id: userId, requestId } = await requested(30);
    expect(await admin.admin.usdnWithdrawals.reject({ requestId, reason: ' Address is an exchange ' })).toEqual({ status: 'rejected' });
    expect(await balances(userId)).toEqual({ available: 3_000, held: 0 });
    expect(await requestRow(requestId)).toMatchObject({ status: 'rejected', rejection_reason: 'Address is an exchange', processed_by: adminId });
    expect((await notificationsOf(db.db, userId)).map((n) => n.type)).toEqual(['withdrawal_rejected']);
    expect((await auditOf(requestId))[0]).toMatchObject({
      action: 'usdn_withdrawal.reject',
      before: { status: 'pending', usdn_amount_cents: 3_000 },
      after: { status: 'rejected', rejection_reason: 'Address is an exchange' },
      reason: 'Address is an exchange',
    });
    await expectLedgerHealthy(db.db);
  });
});

describe('admin.usdnWithdrawals list and stats', () => {
  test('shows member, amounts, address, hash and reviewer; filters by status; searches', async () => {
    const nickname = `wd-${randomUUID().slice(0, 6)}`;
    const waiting = await requested(50, nickname);
    const done = await requested(60);
    await admin.admin.usdnWithdrawals.approve({ requestId: done.requestId, transactionHash: CHAIN_HASH });

    const [item] = (await admin.admin.usdnWithdrawals.list({ search: nickname.toUpperCase() })).items;
    expect(item).toMatchObject({
      id: waiting.requestId,
      member: { id: waiting.id, nickname, email: waiting.user.email },
      usdnAmountCents: 5_000,
      feeCents: 150,
      usdtAmountCents: 4_850,
      network: 'solana',
      withdrawalAddress: SOLANA_ADDRESS,
      status: 'pending',
      transactionHash: null,
      reviewer: null,
    });
    expect((await admin.admin.usdnWithdrawals.list({ search: waiting.user.email })).items.map((i) => i.id)).toEqual([waiting.requestId]);

    const pending = await admin.admin.usdnWithdrawals.list({ status: 'pending', pageSize: 100 });
    expect(pending.items.every((i) => i.status === 'pending')).toBe(true);
    const completed = await admin.admin.usdnWithdrawals.list({ status: 'completed', pageSize: 100 });
    expect(completed.items.find((i) => i.id === done.requestId)).toMatchObject({ transactionHash: CHAIN_HASH, reviewer: { id: adminId, nickname: 'payer' } });
    expect(completed.items.map((i) => i.id)).not.toContain(waiting.requestId);

    const stats = await admin.admin.usdnWithdrawals.stats();
    expect(stats.pending).toBe(pending.total);
    expect(stats.completed).toBe(completed.total);
    expect(stats.pending + stats.completed + stats.rejected).toBe((await admin.admin.usdnWithdrawals.list({})).total);
    const waitingRows = await db.db.selectFrom('usdn_withdrawal_requests').select('usdt_amount_cents').where('status', '=', 'pending').execute();
    expect(stats.pendingUsdtCents).toBe(waitingRows.reduce((sum, r) => sum + r.usdt_amount_cents, 0));
    // the sidebar badge counts the same queue
    expect((await admin.admin.dashboard()).pending.usdnWithdrawals).toBe(stats.pending);
  });
});

describe.skipIf(!onRealPostgres())('admin.usdnWithdrawals races (real PostgreSQL)', () => {
  test('two admins approving one withdrawal at once burn it once and leave one audit entry', async () => {
    const { id: userId, requestId } = await requested(80);
    const second = await insertTestUser(db.db, { admin: true });
    const callers = [admin, await callerFor(services, second.id), admin];
    const outcomes = await Promise.allSettled(callers.map((api) => api.admin.usdnWithdrawals.approve({ requestId, transactionHash: CHAIN_HASH })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['REQUEST_ALREADY_PROCESSED', 'REQUEST_ALREADY_PROCESSED']);
    const kinds = await db.db.selectFrom('ledger_transfers').select('kind').where('reference_id', '=', requestId).orderBy('id').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['withdrawal_hold', 'withdrawal_burn', 'withdrawal_fee']);
    expect(await balances(userId)).toEqual({ available: 0, held: 0 });
    expect(await auditOf(requestId)).toHaveLength(1);
    await expectLedgerHealthy(db.db);
  });

  test('an approval and a rejection at once: one wins, the money moves one way only', async () => {
    const { id: userId, requestId } = await requested(80);
    const outcomes = await Promise.allSettled([
      admin.admin.usdnWithdrawals.approve({ requestId, transactionHash: CHAIN_HASH }),
      admin.admin.usdnWithdrawals.reject({ requestId, reason: 'duplicate' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const row = await requestRow(requestId);
    expect(await balances(userId)).toEqual(row.status === 'rejected' ? { available: 8_000, held: 0 } : { available: 0, held: 0 });
    expect(await auditOf(requestId)).toHaveLength(1);
    await expectLedgerHealthy(db.db);
  });
});
if (!onRealPostgres()) console.warn(`[admin.usdnWithdrawals races] skipped: ${NEEDS_POSTGRES}`);
