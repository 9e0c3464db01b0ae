import { randomUUID } from 'node:crypto';
import { putSetting } from '../../../server/src/domain/settings/settings.ts';
import { getBalances } from '../../../server/src/domain/ledger/index.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { accountBalance, appCodeOf, countTransfers } from '../ledger/ledger-fixtures.ts';
import { expectLedgerHealthy, notificationsOf } from '../orders/support.ts';
import { auditEntries, type MemberFactory } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 12);

const SOLANA_ADDRESS = 'So11111111111111111111111111111111111111112';
const CHAIN_HASH = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

test.beforeAll(async ({ db, services }) => {
  const now = services.clock.now();
  await putSetting(db.db, 'usdn_withdrawal_min', 10, null, now);
  await putSetting(db.db, 'usdn_withdrawal_fee_percentage', 0.03, null, now);
  await putSetting(db.db, 'usdn_to_usdt_rate', 1, null, now);
});

/** A member who asked to withdraw `amount` whole USDN: the amount is held at once. */
async function requested(member: MemberFactory, amount: number, nickname?: string) {
  const someone = await member({ usdnCents: amount * 100, ...(nickname ? { nickname } : {}) });
  const { id } = await someone.api.wallet.createWithdrawal({ amount, address: SOLANA_ADDRESS, idempotencyKey: randomUUID() });
  return { ...someone, requestId: id };
}
async function balances(db: TestDatabase, userId: string) {
  const b = await getBalances(db.db, userId);
  return { available: b.usdnAvailableCents, held: b.usdnHeldCents };
}
const auditOf = (db: TestDatabase, requestId: string) => auditEntries(db.db, 'usdn_withdrawal_request', requestId);
function requestRow(db: TestDatabase, requestId: string) {
  return db.db.selectFrom('usdn_withdrawal_requests').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow();
}

describe('admin.usdnWithdrawals.approve', () => {
  test('with the chain hash: the hold is burned (net + fee), completed, notified, audited', async ({ db, services, admin, member }) => {
    const { id: userId, requestId } = await requested(member, 100);
    const withdrawn = (await accountBalance(db.db, 'usdn', 'withdrawals', null)) ?? 0;
    const fees = (await accountBalance(db.db, 'usdn', 'fees', null)) ?? 0;
    expect(await admin.api.admin.usdnWithdrawals.approve({ requestId, transactionHash: ` ${CHAIN_HASH} ` })).toEqual({ status: 'completed' });
    expect(await balances(db, userId)).toEqual({ available: 0, held: 0 });
    expect(await accountBalance(db.db, 'usdn', 'withdrawals', null)).toBe(withdrawn + 9_700);
    expect(await accountBalance(db.db, 'usdn', 'fees', null)).toBe(fees + 300);
    expect(await requestRow(db, requestId)).toMatchObject({
      status: 'completed',
      transaction_hash: CHAIN_HASH,
      processed_by: admin.id,
      processed_at: services.clock.now(),
    });
    const view = await db.db.selectFrom('user_usdn').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(Number(view.total_withdrawn_cents)).toBe(10_000);
    expect((await notificationsOf(db.db, userId)).map((n) => n.type)).toEqual(['withdrawal_approved']);
    const [entry, ...more] = await auditOf(db, requestId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      admin_id: admin.id,
      action: 'usdn_withdrawal.approve',
      before: { status: 'pending', usdn_amount_cents: 10_000, fee_cents: 300, usdt_amount_cents: 9_700, withdrawal_address: SOLANA_ADDRESS, user_id: userId },
      after: { status: 'completed', transaction_hash: CHAIN_HASH },
    });
    await expectLedgerHealthy(db.db);
  });

  test('a blank hash is refused with TRANSACTION_HASH_REQUIRED, a malformed one with VALIDATION_FAILED; nothing changes', async ({ db, admin, member }) => {
    const { id: userId, requestId } = await requested(member, 40);
    const transfers = await countTransfers(db.db);
    await expectAppError(admin.api.admin.usdnWithdrawals.approve({ requestId, transactionHash: '   ' }), 'TRANSACTION_HASH_REQUIRED');
    await expectAppError(admin.api.admin.usdnWithdrawals.approve({ requestId, transactionHash: 'not a hash!' }), 'VALIDATION_FAILED');
    expect(await requestRow(db, requestId)).toMatchObject({ status: 'pending', transaction_hash: null, processed_by: null });
    expect(await balances(db, userId)).toEqual({ available: 0, held: 4_000 });
    expect(await countTransfers(db.db)).toBe(transfers);
    expect(await auditOf(db, requestId)).toHaveLength(0);
    expect(await notificationsOf(db.db, userId)).toHaveLength(0);
  });

  test('a second approval moves nothing: REQUEST_ALREADY_PROCESSED; unknown request NOT_FOUND', async ({ db, admin, member }) => {
    const { id: userId, requestId } = await requested(member, 20);
    await admin.api.admin.usdnWithdrawals.approve({ requestId, transactionHash: CHAIN_HASH });
    const transfers = await countTransfers(db.db);
    await expectAppError(admin.api.admin.usdnWithdrawals.approve({ requestId, transactionHash: CHAIN_HASH }), 'REQUEST_ALREADY_PROCESSED');
    await expectAppError(admin.api.admin.usdnWithdrawals.reject({ requestId, reason: 'too late' }), 'REQUEST_ALREADY_PROCESSED');
    expect(await countTransfers(db.db)).toBe(transfers);
    expect(await balances(db, userId)).toEqual({ available: 0, held: 0 });
    expect(await auditOf(db, requestId)).toHaveLength(1);
    await expectAppError(admin.api.admin.usdnWithdrawals.approve({ requestId: randomUUID(), transactionHash: CHAIN_HASH }), 'NOT_FOUND');
  });
});

describe('admin.usdnWithdrawals.reject', () => {
  test('a blank reason is refused with REJECTION_REASON_REQUIRED and the hold stays', async ({ db, admin, member }) => {
    const { id: userId, requestId } = await requested(member, 30);
    await expectAppError(admin.api.admin.usdnWithdrawals.reject({ requestId, reason: '' }), 'REJECTION_REASON_REQUIRED');
    expect(await requestRow(db, requestId)).toMatchObject({ status: 'pending', rejection_reason: null });
    expect(await balances(db, userId)).toEqual({ available: 0, held: 3_000 });
    expect(await auditOf(db, requestId)).toHaveLength(0);
  });

  test('with a reason: the hold returns to the member, notified, audited', async ({ db, admin, member }) => {
    const { id: userId, requestId } = await requested(member, 30);
    expect(await admin.api.admin.usdnWithdrawals.reject({ requestId, reason: ' Address is an exchange ' })).toEqual({ status: 'rejected' });
    expect(await balances(db, userId)).toEqual({ available: 3_000, held: 0 });
    expect(await requestRow(db, requestId)).toMatchObject({ status: 'rejected', rejection_reason: 'Address is an exchange', processed_by: admin.id });
    expect((await notificationsOf(db.db, userId)).map((n) => n.type)).toEqual(['withdrawal_rejected']);
    expect((await auditOf(db, requestId))[0]).toMatchObject({
      action: 'usdn_withdrawal.reject',
      before: { status: 'pending', usdn_amount_cents: 3_000 },
      after: { status: 'rejected', rejection_reason: 'Address is an exchange' },
      reason: 'Address is an exchange',
    });
    await expectLedgerHealthy(db.db);
  });
});

describe('admin.usdnWithdrawals list and stats', () => {
  test('shows member, amounts, address, hash and reviewer; filters by status; searches', async ({ db, services, admin, member }) => {
    const nickname = `wd-${randomUUID().slice(0, 6)}`;
    const waiting = await requested(member, 50, nickname);
    const done = await requested(member, 60);
    const payer = await insertTestUser(db.db, { admin: true, nickname: 'payer' });
    await (await callerFor(services, payer.id)).admin.usdnWithdrawals.approve({ requestId: done.requestId, transactionHash: CHAIN_HASH });

    const [item] = (await admin.api.admin.usdnWithdrawals.list({ search: nickname.toUpperCase() })).items;
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
    expect((await admin.api.admin.usdnWithdrawals.list({ search: waiting.user.email })).items.map((i) => i.id)).toEqual([waiting.requestId]);

    const pending = await admin.api.admin.usdnWithdrawals.list({ status: 'pending', pageSize: 100 });
    expect(pending.items.every((i) => i.status === 'pending')).toBe(true);
    const completed = await admin.api.admin.usdnWithdrawals.list({ status: 'completed', pageSize: 100 });
    expect(completed.items.find((i) => i.id === done.requestId)).toMatchObject({ transactionHash: CHAIN_HASH, reviewer: { id: payer.id, nickname: 'payer' } });
    expect(completed.items.map((i) => i.id)).not.toContain(waiting.requestId);

    const stats = await admin.api.admin.usdnWithdrawals.stats();
    expect(stats.pending).toBe(pending.total);
    expect(stats.completed).toBe(completed.total);
    expect(stats.pending + stats.completed + stats.rejected).toBe((await admin.api.admin.usdnWithdrawals.list({})).total);
    const waitingRows = await db.db.selectFrom('usdn_withdrawal_requests').select('usdt_amount_cents').where('status', '=', 'pending').execute();
    expect(stats.pendingUsdtCents).toBe(waitingRows.reduce((sum, r) => sum + r.usdt_amount_cents, 0));
    // the sidebar badge counts the same queue
    expect((await admin.api.admin.dashboard()).pending.usdnWithdrawals).toBe(stats.pending);
  });
});

describe.skipIf(!onRealPostgres())('admin.usdnWithdrawals races (real PostgreSQL)', () => {
  test('two admins approving one withdrawal at once burn it once and leave one audit entry', async ({ db, services, admin, member }) => {
    const { id: userId, requestId } = await requested(member, 80);
    const second = await insertTestUser(db.db, { admin: true });
    const callers = [admin.api, await callerFor(services, second.id), admin.api];
    const outcomes = await Promise.allSettled(callers.map((api) => api.admin.usdnWithdrawals.approve({ requestId, transactionHash: CHAIN_HASH })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['REQUEST_ALREADY_PROCESSED', 'REQUEST_ALREADY_PROCESSED']);
    const kinds = await db.db.selectFrom('ledger_transfers').select('kind').where('reference_id', '=', requestId).orderBy('id').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['withdrawal_hold', 'withdrawal_burn', 'withdrawal_fee']);
    expect(await balances(db, userId)).toEqual({ available: 0, held: 0 });
    expect(await auditOf(db, requestId)).toHaveLength(1);
    await expectLedgerHealthy(db.db);
  });

  test('an approval and a rejection at once: one wins, the money moves one way only', async ({ db, admin, member }) => {
    const { id: userId, requestId } = await requested(member, 80);
    const outcomes = await Promise.allSettled([
      admin.api.admin.usdnWithdrawals.approve({ requestId, transactionHash: CHAIN_HASH }),
      admin.api.admin.usdnWithdrawals.reject({ requestId, reason: 'duplicate' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const row = await requestRow(db, requestId);
    expect(await balances(db, userId)).toEqual(row.status === 'rejected' ? { available: 8_000, held: 0 } : { available: 0, held: 0 });
    expect(await auditOf(db, requestId)).toHaveLength(1);
    await expectLedgerHealthy(db.db);
  });
});
if (!onRealPostgres()) console.warn(`[admin.usdnWithdrawals races] skipped: ${NEEDS_POSTGRES}`);

describe('admin.usdnWithdrawals.list sort', () => {
  test('by amount either way, or by date (newest first by default)', async ({ db, admin, member }) => {
    const tag = `Sort${randomUUID().slice(0, 6)}`;
    const small = await requested(member, 20, `${tag}a`);
    const large = await requested(member, 90, `${tag}b`);
    const middle = await requested(member, 50, `${tag}c`);
    const days = [new Date('2026-02-01T10:00:00Z'), new Date('2026-02-03T10:00:00Z'), new Date('2026-02-02T10:00:00Z')];
    for (const [request, day] of [
      [small, days[0]],
      [large, days[1]],
      [middle, days[2]],
    ] as const) {
      await db.db.updateTable('usdn_withdrawal_requests').set({ created_at: day }).where('id', '=', request.requestId).execute();
    }
    const ids = async (input: Omit<Parameters<typeof admin.api.admin.usdnWithdrawals.list>[0], 'search'>) =>
      (await admin.api.admin.usdnWithdrawals.list({ search: tag, ...input })).items.map((item) => item.id);

    expect(await ids({ sort: 'amount', direction: 'desc' })).toEqual([large.requestId, middle.requestId, small.requestId]);
    expect(await ids({ sort: 'amount', direction: 'asc' })).toEqual([small.requestId, middle.requestId, large.requestId]);
    expect(await ids({})).toEqual([large.requestId, middle.requestId, small.requestId]);
    expect(await ids({ sort: 'createdAt', direction: 'asc' })).toEqual([small.requestId, middle.requestId, large.requestId]);
  });
});
