import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { appCodeOf, fund } from '../ledger/ledger-fixtures.ts';
import { expectLedgerHealthy, notificationsOf } from '../orders/support.ts';
import { auditEntries } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 8);

/** A member with `points`, who asks to redeem `redeem` of them (held at once). */
async function requested(services: TestServices, options: { nickname?: string; points?: number; redeem?: number; account?: string } = {}) {
  const user = await insertTestUser(services.db, options.nickname ? { nickname: options.nickname } : {});
  await fund(services.db, user.id, 'points', options.points ?? 5_000);
  const api = await callerFor(services, user.id);
  // a minute apart, so "newest first" is a real order rather than a tie
  services.clock.advance(60_000);
  const request = await api.points.redemption.create({
    points: options.redeem ?? 2_000,
    method: 'alipay',
    account: options.account ?? 'alipay-account-1',
    idempotencyKey: randomUUID(),
  });
  return { user, requestId: request.id };
}

async function pointsOf(db: TestDatabase, userId: string) {
  const row = await db.db.selectFrom('user_points').select(['points_balance', 'points_held']).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return { available: row.points_balance ?? 0, held: row.points_held ?? 0 };
}
const requestRow = (db: TestDatabase, id: string) => db.db.selectFrom('points_withdrawal_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditOf = (db: TestDatabase, id: string) => auditEntries(db.db, 'points_withdrawal', id);
const transfersOf = (db: TestDatabase, id: string) =>
  db.db
    .selectFrom('ledger_transfers')
    .select(['kind', 'amount'])
    .where('reference_type', '=', 'points_withdrawal')
    .where('reference_id', '=', id)
    .orderBy('id')
    .execute();

describe('admin.pointsWithdrawals.list', () => {
  test('newest first with member, points, fee, cash, method and account; status filter; search by nickname or account; paging', async ({ services, admin }) => {
    const first = await requested(services, { nickname: 'Redeemer Ann', account: 'ann@alipay' });
    const second = await requested(services, { nickname: 'Redeemer Bob', redeem: 1_000, account: 'bob-wechat-77' });
    await admin.api.admin.pointsWithdrawals.reject({ requestId: first.requestId, notes: 'Account name does not match' });

    const all = await admin.api.admin.pointsWithdrawals.list({ search: 'Redeemer' });
    expect(all.total).toBe(2);
    expect(all.items.map((item) => item.id)).toEqual([second.requestId, first.requestId]);
    expect(all.items[0]).toMatchObject({
      user: { id: second.user.id, nickname: 'Redeemer Bob' },
      points: 1_000,
      feePoints: 50,
      cashCents: 950,
      method: 'alipay',
      account: 'bob-wechat-77',
      status: 'pending',
      adminNotes: null,
      processedAt: null,
    });
    expect(all.items[1]).toMatchObject({ status: 'rejected', adminNotes: 'Account name does not match' });
    expect(all.items[1]!.processedAt).toBeInstanceOf(Date);

    const pending = await admin.api.admin.pointsWithdrawals.list({ status: 'pending', search: 'Redeemer' });
    expect(pending.items.map((item) => item.id)).toEqual([second.requestId]);
    expect((await admin.api.admin.pointsWithdrawals.list({ status: 'rejected', search: 'Redeemer' })).items.map((item) => item.id)).toEqual([first.requestId]);
    expect((await admin.api.admin.pointsWithdrawals.list({ status: 'completed', search: 'Redeemer' })).total).toBe(0);
    expect((await admin.api.admin.pointsWithdrawals.list({ search: 'bob-wechat' })).items.map((item) => item.id)).toEqual([second.requestId]);
    // % and _ are literal characters in a search
    expect((await admin.api.admin.pointsWithdrawals.list({ search: 'Redeemer_%' })).total).toBe(0);

    const page2 = await admin.api.admin.pointsWithdrawals.list({ search: 'Redeemer', page: 2, pageSize: 1 });
    expect(page2).toMatchObject({ total: 2, items: [{ id: first.requestId }] });
  });
});

describe('admin.pointsWithdrawals.approve', () => {
  test('the held points leave the platform, status completed, audited, member notified; a second click changes nothing', async ({ db, services, admin }) => {
    const { user, requestId } = await requested(services);
    expect(await pointsOf(db, user.id)).toEqual({ available: 3_000, held: 2_000 });
    expect(await admin.api.admin.pointsWithdrawals.approve({ requestId, notes: 'Paid by Alipay' })).toEqual({ id: requestId, status: 'completed' });
    expect(await pointsOf(db, user.id)).toEqual({ available: 3_000, held: 0 });
    expect(await requestRow(db, requestId)).toMatchObject({ status: 'completed', admin_notes: 'Paid by Alipay', processed_by: admin.id });
    expect((await transfersOf(db, requestId)).map((t) => [t.kind, t.amount])).toEqual([
      ['withdrawal_hold', 2_000],
      ['withdrawal_burn', 1_900],
      ['withdrawal_fee', 100],
    ]);
    const [entry, ...more] = await auditOf(db, requestId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      admin_id: admin.id,
      action: 'points_withdrawal.approve',
      before: { status: 'pending', points_amount: 2_000, fee_points: 100, cash_amount_cents: 1_900 },
      after: { status: 'completed', admin_notes: 'Paid by Alipay' },
      reason: 'Paid by Alipay',
    });
    expect((await notificationsOf(db.db, user.id)).map((n) => n.type)).toContain('points_redemption_approved');

    await expectAppError(admin.api.admin.pointsWithdrawals.approve({ requestId }), 'REQUEST_ALREADY_PROCESSED');
    await expectAppError(admin.api.admin.pointsWithdrawals.reject({ requestId, notes: 'too late' }), 'REQUEST_ALREADY_PROCESSED');
    expect(await auditOf(db, requestId)).toHaveLength(1);
    expect(await transfersOf(db, requestId)).toHaveLength(3);
    expect(await pointsOf(db, user.id)).toEqual({ available: 3_000, held: 0 });
    await expectLedgerHealthy(db.db);
  });

  test('notes are optional on approval', async ({ db, services, admin }) => {
    const { requestId } = await requested(services);
    await admin.api.admin.pointsWithdrawals.approve({ requestId, notes: '   ' });
    expect((await requestRow(db, requestId)).admin_notes).toBeNull();
    expect((await auditOf(db, requestId))[0]!.reason).toBeNull();
  });

  test('an unknown request: NOT_FOUND, nothing recorded', async ({ db, admin }) => {
    const missing = randomUUID();
    await expectAppError(admin.api.admin.pointsWithdrawals.approve({ requestId: missing }), 'NOT_FOUND');
    await expectAppError(admin.api.admin.pointsWithdrawals.reject({ requestId: missing, notes: 'x' }), 'NOT_FOUND');
    expect(await auditOf(db, missing)).toHaveLength(0);
  });
});

describe('admin.pointsWithdrawals.reject', () => {
  test('without notes: REJECTION_REASON_REQUIRED and nothing changed (status, points, ledger, audit, notifications)', async ({ db, services, admin }) => {
    const { user, requestId } = await requested(services);
    const notificationsBefore = (await notificationsOf(db.db, user.id)).length;
    for (const notes of [undefined, null, '', '   ']) {
      await expectAppError(admin.api.admin.pointsWithdrawals.reject({ requestId, notes }), 'REJECTION_REASON_REQUIRED');
    }
    expect((await requestRow(db, requestId)).status).toBe('pending');
    expect(await pointsOf(db, user.id)).toEqual({ available: 3_000, held: 2_000 });
    expect(await transfersOf(db, requestId)).toHaveLength(1);
    expect(await auditOf(db, requestId)).toHaveLength(0);
    expect(await notificationsOf(db.db, user.id)).toHaveLength(notificationsBefore);
  });

  test('with notes: the points return to the member, audited with the reason, member notified with the notes', async ({ db, services, admin }) => {
    const { user, requestId } = await requested(services);
    expect(await admin.api.admin.pointsWithdrawals.reject({ requestId, notes: 'Account name does not match' })).toEqual({ id: requestId, status: 'rejected' });
    expect(await pointsOf(db, user.id)).toEqual({ available: 5_000, held: 0 });
    expect((await transfersOf(db, requestId)).map((t) => [t.kind, t.amount])).toEqual([
      ['withdrawal_hold', 2_000],
      ['withdrawal_release', 2_000],
    ]);
    expect(await auditOf(db, requestId)).toMatchObject([
      {
        action: 'points_withdrawal.reject',
        before: { status: 'pending' },
        after: { status: 'rejected', admin_notes: 'Account name does not match' },
        reason: 'Account name does not match',
      },
    ]);
    const notice = (await notificationsOf(db.db, user.id)).find((n) => n.type === 'points_redemption_rejected');
    expect(notice?.params).toMatchObject({ notes: 'Account name does not match' });
    await expectAppError(admin.api.admin.pointsWithdrawals.reject({ requestId, notes: 'again' }), 'REQUEST_ALREADY_PROCESSED');
    expect(await pointsOf(db, user.id)).toEqual({ available: 5_000, held: 0 });
    await expectLedgerHealthy(db.db);
  });

  test('notes longer than 500 characters: CONTENT_TOO_LONG, nothing changed', async ({ db, services, admin }) => {
    const { requestId } = await requested(services);
    await expectAppError(admin.api.admin.pointsWithdrawals.reject({ requestId, notes: 'x'.repeat(501) }), 'CONTENT_TOO_LONG');
    expect((await requestRow(db, requestId)).status).toBe('pending');
  });
});

describe.skipIf(!onRealPostgres())('admin.pointsWithdrawals races (real PostgreSQL: PGlite runs one connection and hides them)', () => {
  test('two admins deciding one request at once: it resolves once, points move once, one audit entry', async ({ db, services, admin }) => {
    const { user, requestId } = await requested(services);
    const other = await callerFor(services, (await insertTestUser(db.db, { admin: true })).id);
    const outcomes = await Promise.allSettled([
      admin.api.admin.pointsWithdrawals.approve({ requestId }),
      other.admin.pointsWithdrawals.reject({ requestId, notes: 'Duplicate' }),
      admin.api.admin.pointsWithdrawals.approve({ requestId }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['REQUEST_ALREADY_PROCESSED', 'REQUEST_ALREADY_PROCESSED']);
    expect(await auditOf(db, requestId)).toHaveLength(1);
    const held = await pointsOf(db, user.id);
    expect(held.held).toBe(0);
    expect([3_000, 5_000]).toContain(held.available);
    await expectLedgerHealthy(db.db);
  });
});
