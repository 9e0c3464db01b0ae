import { randomUUID } from 'node:crypto';
import { putSetting } from '../../../server/src/domain/settings/settings.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { NEEDS_POSTGRES, onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { appCodeOf, countTransfers } from '../ledger/ledger-fixtures.ts';
import { expectLedgerHealthy, member, notificationsOf, usdn } from '../orders/support.ts';
import { storedUpload } from '../../helpers/uploads.ts';
import { auditEntries } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 12);

const SOLANA_ADDRESS = 'So11111111111111111111111111111111111111112';
const hash = () => `tx${randomUUID().replace(/-/g, '')}`;

test.beforeAll(async ({ db, services }) => {
  const now = services.clock.now();
  await putSetting(db.db, 'usdt_solana_address', SOLANA_ADDRESS, null, now);
  await putSetting(db.db, 'usdt_min_recharge', 10, null, now);
  await putSetting(db.db, 'usdt_recharge_rate', 1, null, now);
});

/** A member's top-up request as the wallet creates it (pending, no money moved). */
async function requested(services: TestServices, amountCents: number, options: { nickname?: string; withProof?: boolean } = {}) {
  const someone = await member(services, options.nickname ? { nickname: options.nickname } : {});
  const transactionHash = hash();
  const proofImages = options.withProof ? [await storedUpload(services, someone.id, 'proof')] : [];
  const { id } = await someone.api.wallet.createUsdtRecharge({
    amountCents,
    transactionHash,
    proofImages,
    idempotencyKey: randomUUID(),
  });
  return { ...someone, requestId: id, transactionHash, proofImages };
}
const auditOf = (db: TestDatabase, requestId: string) => auditEntries(db.db, 'usdt_recharge_request', requestId);
function requestRow(db: TestDatabase, requestId: string) {
  return db.db.selectFrom('usdt_recharge_requests').selectAll().where('id', '=', requestId).executeTakeFirstOrThrow();
}

describe('admin.usdtRecharges.approve', () => {
  test('credits the whole USDN of amount × rate, stamps the reviewer, notifies, audits', async ({ db, services, admin }) => {
    const { id: userId, requestId } = await requested(services, 1_299);
    await putSetting(db.db, 'usdt_recharge_rate', 1.5, null, services.clock.now());
    try {
      expect(await admin.api.admin.usdtRecharges.approve({ requestId, adminNotes: ' Seen on chain ' })).toEqual({ status: 'approved', creditedCents: 1_900 });
    } finally {
      await putSetting(db.db, 'usdt_recharge_rate', 1, null, services.clock.now());
    }
    expect(await usdn(db.db, userId)).toBe(1_900);
    expect(await requestRow(db, requestId)).toMatchObject({
      status: 'approved',
      credited_cents: 1_900,
      reviewed_by: admin.id,
      reviewed_at: services.clock.now(),
      admin_notes: 'Seen on chain',
    });
    expect((await notificationsOf(db.db, userId)).map((n) => n.type)).toEqual(['recharge_approved']);
    const [entry, ...more] = await auditOf(db, requestId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      admin_id: admin.id,
      action: 'usdt_recharge.approve',
      before: { status: 'pending', usdt_amount_cents: 1_299, user_id: userId },
      after: { status: 'approved', credited_cents: 1_900, admin_notes: 'Seen on chain' },
      reason: 'Seen on chain',
    });
    await expectLedgerHealthy(db.db);
  });

  test('a second approval (double click) credits nothing more: REQUEST_ALREADY_PROCESSED, one entry', async ({ db, services, admin }) => {
    const { id: userId, requestId } = await requested(services, 2_000);
    await admin.api.admin.usdtRecharges.approve({ requestId });
    const transfers = await countTransfers(db.db);
    await expectAppError(admin.api.admin.usdtRecharges.approve({ requestId }), 'REQUEST_ALREADY_PROCESSED');
    await expectAppError(admin.api.admin.usdtRecharges.reject({ requestId, reason: 'late' }), 'REQUEST_ALREADY_PROCESSED');
    expect(await usdn(db.db, userId)).toBe(2_000);
    expect(await countTransfers(db.db)).toBe(transfers);
    expect(await auditOf(db, requestId)).toHaveLength(1);
  });

  test('a request under review can still be approved; an unknown one is NOT_FOUND', async ({ db, services, admin }) => {
    const { id: userId, requestId } = await requested(services, 1_500);
    await db.db.updateTable('usdt_recharge_requests').set({ status: 'reviewing' }).where('id', '=', requestId).execute();
    await admin.api.admin.usdtRecharges.approve({ requestId });
    expect(await usdn(db.db, userId)).toBe(1_500);
    await expectAppError(admin.api.admin.usdtRecharges.approve({ requestId: randomUUID() }), 'NOT_FOUND');
  });
});

describe('admin.usdtRecharges.reject', () => {
  test('a blank reason is refused with REJECTION_REASON_REQUIRED and nothing changes', async ({ db, services, admin }) => {
    const { id: userId, requestId } = await requested(services, 2_000);
    await expectAppError(admin.api.admin.usdtRecharges.reject({ requestId, reason: '   ' }), 'REJECTION_REASON_REQUIRED');
    expect(await requestRow(db, requestId)).toMatchObject({ status: 'pending', rejection_reason: null, reviewed_by: null });
    expect(await auditOf(db, requestId)).toHaveLength(0);
    expect(await notificationsOf(db.db, userId)).toHaveLength(0);
  });

  test('with a reason: rejected, stamped, no money, member notified, audited with the reason', async ({ db, services, admin }) => {
    const { id: userId, requestId } = await requested(services, 2_000);
    const transfers = await countTransfers(db.db);
    expect(await admin.api.admin.usdtRecharges.reject({ requestId, reason: ' No such transaction ', adminNotes: 'checked tronscan' })).toEqual({
      status: 'rejected',
      creditedCents: null,
    });
    expect(await requestRow(db, requestId)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'No such transaction',
      admin_notes: 'checked tronscan',
      reviewed_by: admin.id,
    });
    expect(await usdn(db.db, userId)).toBe(0);
    expect(await countTransfers(db.db)).toBe(transfers);
    expect((await notificationsOf(db.db, userId)).map((n) => n.type)).toEqual(['recharge_rejected']);
    expect((await auditOf(db, requestId))[0]).toMatchObject({
      action: 'usdt_recharge.reject',
      before: { status: 'pending' },
      after: { status: 'rejected', rejection_reason: 'No such transaction' },
      reason: 'No such transaction',
    });
  });
});

describe('admin.usdtRecharges list and stats', () => {
  test('shows member, amount, hash, proof URLs and reviewer; filters by status; searches nickname or hash', async ({ db, services, admin }) => {
    const waiting = await requested(services, 3_000, { nickname: `zoe-${randomUUID().slice(0, 6)}`, withProof: true });
    const proof = waiting.proofImages[0]!;
    const done = await requested(services, 4_000);
    const cashier = await insertTestUser(db.db, { admin: true, nickname: 'cashier' });
    await (await callerFor(services, cashier.id)).admin.usdtRecharges.approve({ requestId: done.requestId });

    const byNickname = await admin.api.admin.usdtRecharges.list({ search: 'ZOE-' });
    expect(byNickname.items.map((i) => i.id)).toContain(waiting.requestId);
    const [item] = (await admin.api.admin.usdtRecharges.list({ search: waiting.transactionHash.slice(4, 20).toUpperCase() })).items;
    expect(item).toMatchObject({
      id: waiting.requestId,
      member: { id: waiting.id, email: waiting.user.email },
      usdtAmountCents: 3_000,
      status: 'pending',
      transactionHash: waiting.transactionHash,
      proofUrls: [`/uploads/${proof}`],
      creditedCents: null,
      reviewer: null,
    });

    const pending = await admin.api.admin.usdtRecharges.list({ status: 'pending', pageSize: 100 });
    expect(pending.items.every((i) => i.status === 'pending' || i.status === 'reviewing')).toBe(true);
    expect(pending.items.map((i) => i.id)).toContain(waiting.requestId);
    const approved = await admin.api.admin.usdtRecharges.list({ status: 'approved', pageSize: 100 });
    expect(approved.items.find((i) => i.id === done.requestId)).toMatchObject({
      status: 'approved',
      creditedCents: 4_000,
      reviewer: { id: cashier.id, nickname: 'cashier' },
    });
    expect(approved.items.map((i) => i.id)).not.toContain(waiting.requestId);

    const all = await admin.api.admin.usdtRecharges.list({ pageSize: 100 });
    expect(all.items[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(all.items.at(-1)!.createdAt.getTime());
    const stats = await admin.api.admin.usdtRecharges.stats();
    expect(stats.total).toBe(all.total);
    expect(stats.pending + stats.approved + stats.rejected).toBe(stats.total);
    expect(stats.pending).toBe(pending.total);
    expect(stats.approved).toBe(approved.total);
    const credited = await db.db.selectFrom('usdt_recharge_requests').select('credited_cents').where('status', '=', 'approved').execute();
    expect(stats.creditedCents).toBe(credited.reduce((sum, r) => sum + (r.credited_cents ?? 0), 0));
  });
});

describe.skipIf(!onRealPostgres())('admin.usdtRecharges races (real PostgreSQL)', () => {
  test('two admins approving one request at once credit it once and leave one audit entry', async ({ db, services, admin }) => {
    const { id: userId, requestId } = await requested(services, 5_000);
    const second = await insertTestUser(db.db, { admin: true });
    const callers = [admin.api, await callerFor(services, second.id), admin.api];
    const outcomes = await Promise.allSettled(callers.map((api) => api.admin.usdtRecharges.approve({ requestId })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['REQUEST_ALREADY_PROCESSED', 'REQUEST_ALREADY_PROCESSED']);
    expect(await usdn(db.db, userId)).toBe(5_000);
    expect(await db.db.selectFrom('ledger_transfers').select('id').where('reference_id', '=', requestId).execute()).toHaveLength(1);
    expect(await auditOf(db, requestId)).toHaveLength(1);
    expect((await notificationsOf(db.db, userId)).map((n) => n.type)).toEqual(['recharge_approved']);
    await expectLedgerHealthy(db.db);
  });

  test('an approval and a rejection at once: exactly one wins', async ({ db, services, admin }) => {
    const { id: userId, requestId } = await requested(services, 5_000);
    const outcomes = await Promise.allSettled([
      admin.api.admin.usdtRecharges.approve({ requestId }),
      admin.api.admin.usdtRecharges.reject({ requestId, reason: 'duplicate' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const row = await requestRow(db, requestId);
    expect(await usdn(db.db, userId)).toBe(row.status === 'approved' ? 5_000 : 0);
    expect(await auditOf(db, requestId)).toHaveLength(1);
    await expectLedgerHealthy(db.db);
  });
});
if (!onRealPostgres()) console.warn(`[admin.usdtRecharges races] skipped: ${NEEDS_POSTGRES}`);

describe('admin.usdtRecharges.list sort', () => {
  test('by amount either way, or by date (newest first by default)', async ({ db, services, admin }) => {
    const tag = `Sort${randomUUID().slice(0, 6)}`;
    const small = await requested(services, 1_500, { nickname: `${tag}a` });
    const large = await requested(services, 9_000, { nickname: `${tag}b` });
    const middle = await requested(services, 4_000, { nickname: `${tag}c` });
    const days = [new Date('2026-02-01T10:00:00Z'), new Date('2026-02-03T10:00:00Z'), new Date('2026-02-02T10:00:00Z')];
    for (const [request, day] of [
      [small, days[0]],
      [large, days[1]],
      [middle, days[2]],
    ] as const) {
      await db.db.updateTable('usdt_recharge_requests').set({ created_at: day }).where('id', '=', request.requestId).execute();
    }
    const ids = async (input: Omit<Parameters<typeof admin.api.admin.usdtRecharges.list>[0], 'search'>) =>
      (await admin.api.admin.usdtRecharges.list({ search: tag, ...input })).items.map((item) => item.id);

    expect(await ids({ sort: 'amount', direction: 'desc' })).toEqual([large.requestId, middle.requestId, small.requestId]);
    expect(await ids({ sort: 'amount', direction: 'asc' })).toEqual([small.requestId, middle.requestId, large.requestId]);
    expect(await ids({})).toEqual([large.requestId, middle.requestId, small.requestId]);
    expect(await ids({ sort: 'createdAt', direction: 'asc' })).toEqual([small.requestId, middle.requestId, large.requestId]);
  });
});
