import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, TEST_PASSWORD, type TestUser } from '../../helpers/users.ts';
import { openAuthWorld, TestBrowser } from '../auth/support.ts';
import { appCodeOf, countTransfers, fund } from '../ledger/ledger-fixtures.ts';
import { expectLedgerHealthy, notificationsOf, usdn } from '../orders/support.ts';
import { auditEntries } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 12);

/** The users tab (rules AD-8 and AD-9): list, ban (reason required, ends sessions), unban, USDN adjustment. */

const auditOf = (db: TestDatabase, userId: string) => auditEntries(db.db, 'user', userId);

function bansOf(db: TestDatabase, userId: string) {
  return db.db.selectFrom('user_bans').selectAll().where('user_id', '=', userId).execute();
}

async function signedIn(services: TestServices, user: TestUser): Promise<TestBrowser> {
  const browser = new TestBrowser(services);
  await (await browser.caller()).auth.signIn({ email: user.email, password: TEST_PASSWORD });
  return browser;
}

describe('admin.users.list', () => {
  test('lists users newest first with USDN balance, ban state and role; searches nickname and e-mail; filters', async ({ db, services }) => {
    const tag = randomUUID().slice(0, 6);
    const older = await insertTestUser(db.db, { nickname: `Older ${tag}`, email: `older-${tag}@example.test` });
    const newer = await insertTestUser(db.db, { nickname: `Newer ${tag}`, email: `newer-${tag}@example.test` });
    await db.db
      .updateTable('users')
      .set({ created_at: new Date('2026-01-01T00:00:00Z') })
      .where('id', '=', older.id)
      .execute();
    await fund(db.db, newer.id, 'usdn', 12_300);
    const chief = await insertTestUser(db.db, { admin: true, nickname: 'Chief admin' });
    const api = await callerFor(services, chief.id);
    await api.admin.users.ban({ userId: older.id, reason: 'Spam' });

    const page = await api.admin.users.list({ search: tag });
    expect(page.total).toBe(2);
    expect(page.items.map((u) => u.id)).toEqual([newer.id, older.id]);
    expect(page.items[0]).toMatchObject({ nickname: `Newer ${tag}`, email: newer.email, usdnCents: 12_300, usdnHeldCents: 0, isAdmin: false, ban: null });
    expect(page.items[1]!.ban).toMatchObject({ reason: 'Spam', bannedBy: { id: chief.id, nickname: 'Chief admin' } });

    // by e-mail, case-insensitively; % and _ are taken literally
    expect((await api.admin.users.list({ search: `NEWER-${tag}@` })).items.map((u) => u.id)).toEqual([newer.id]);
    expect((await api.admin.users.list({ search: `${tag}%` })).total).toBe(0);
    // filters
    expect((await api.admin.users.list({ search: tag, filter: 'banned' })).items.map((u) => u.id)).toEqual([older.id]);
    const admins = await api.admin.users.list({ filter: 'admins' });
    expect(admins.items.every((u) => u.isAdmin)).toBe(true);
    expect(admins.items.map((u) => u.id)).toContain(chief.id);
    // paging: total counts all matches, the page holds pageSize
    const first = await api.admin.users.list({ search: tag, pageSize: 1 });
    expect(first).toMatchObject({ total: 2, items: [{ id: newer.id }] });
    expect((await api.admin.users.list({ search: tag, pageSize: 1, page: 2 })).items.map((u) => u.id)).toEqual([older.id]);
  });
});

describe('admin.users.ban / unban', () => {
  test('ban: reason required (REASON_REQUIRED), nothing changes without one', async ({ db, admin }) => {
    const user = await insertTestUser(db.db);
    await expectAppError(admin.api.admin.users.ban({ userId: user.id, reason: '   ' }), 'REASON_REQUIRED');
    await expectAppError(admin.api.admin.users.ban({ userId: user.id } as never), 'REASON_REQUIRED');
    expect(await bansOf(db, user.id)).toHaveLength(0);
    expect(await auditOf(db, user.id)).toHaveLength(0);
    expect(await notificationsOf(db.db, user.id)).toHaveLength(0);
  });

  test('ban ends every session, notifies "banned" and is audited; a second ban is USER_ALREADY_BANNED', async ({ db, services, admin }) => {
    const user = await insertTestUser(db.db);
    // callers on a bus that records what was published
    const { services: recorded } = openAuthWorld({ db, services });
    const browser = await signedIn(recorded, user);
    expect(await (await browser.caller()).auth.me()).not.toBeNull();
    const api = await callerFor(recorded, admin.id);

    expect(await api.admin.users.ban({ userId: user.id, reason: '  Selling counterfeits  ' })).toEqual({ banned: true });
    const [ban] = await bansOf(db, user.id);
    expect(ban).toMatchObject({ status: 'active', reason: 'Selling counterfeits', banned_by: admin.id });
    expect(await (await browser.caller()).auth.me()).toBeNull();
    expect(await db.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    expect(recorded.events.published).toContainEqual(expect.objectContaining({ type: 'session-revoked', userId: user.id }));
    expect(await notificationsOf(db.db, user.id)).toEqual([expect.objectContaining({ type: 'banned', params: { reason: 'Selling counterfeits' } })]);
    const [entry, ...more] = await auditOf(db, user.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      admin_id: admin.id,
      action: 'user.ban',
      before: { banned: false },
      after: { banned: true, banId: ban!.id, endedSessions: 1 },
      reason: 'Selling counterfeits',
    });

    await expectAppError(api.admin.users.ban({ userId: user.id, reason: 'Again' }), 'USER_ALREADY_BANNED');
    expect(await bansOf(db, user.id)).toHaveLength(1);
    expect(await auditOf(db, user.id)).toHaveLength(1);
    expect(await notificationsOf(db.db, user.id)).toHaveLength(1);
  });

  test('admins cannot be banned (CANNOT_BAN_ADMIN), nor can an unknown user (USER_NOT_FOUND)', async ({ db, admin }) => {
    const otherAdmin = await insertTestUser(db.db, { admin: true });
    await expectAppError(admin.api.admin.users.ban({ userId: otherAdmin.id, reason: 'Rogue admin' }), 'CANNOT_BAN_ADMIN');
    expect(await bansOf(db, otherAdmin.id)).toHaveLength(0);
    expect(await auditOf(db, otherAdmin.id)).toHaveLength(0);
    const nobody = randomUUID();
    await expectAppError(admin.api.admin.users.ban({ userId: nobody, reason: 'Ghost' }), 'USER_NOT_FOUND');
    expect(await auditOf(db, nobody)).toHaveLength(0);
  });

  test('unban lifts the active ban with the time, audited; unbanning a member who is not banned is USER_NOT_BANNED', async ({ db, services, admin }) => {
    const user = await insertTestUser(db.db);
    await expectAppError(admin.api.admin.users.unban({ userId: user.id }), 'USER_NOT_BANNED');
    await expectAppError(admin.api.admin.users.unban({ userId: randomUUID() }), 'USER_NOT_FOUND');
    expect(await auditOf(db, user.id)).toHaveLength(0);

    await admin.api.admin.users.ban({ userId: user.id, reason: 'Abuse' });
    services.clock.advance(60_000);
    expect(await admin.api.admin.users.unban({ userId: user.id, reason: 'Appeal accepted' })).toEqual({ banned: false });
    const [ban] = await bansOf(db, user.id);
    expect(ban).toMatchObject({ status: 'lifted', unbanned_at: services.clock.now() });
    const entries = await auditOf(db, user.id);
    expect(entries.map((e) => e.action)).toEqual(['user.ban', 'user.unban']);
    expect(entries[1]).toMatchObject({ before: { banned: true, banId: ban!.id, banReason: 'Abuse' }, after: { banned: false }, reason: 'Appeal accepted' });
    // the member can sign in again
    await signedIn(services, user);
    await expectAppError(admin.api.admin.users.unban({ userId: user.id }), 'USER_NOT_BANNED');
    expect(await auditOf(db, user.id)).toHaveLength(2);
  });
});

describe('admin.users.adjustUsdn', () => {
  const key = () => `adjust-${randomUUID()}`;

  test('adds and deducts whole USDN through the ledger (admin_adjustment), audited, visible as earn / spend', async ({ db, admin }) => {
    const user = await insertTestUser(db.db);
    expect(await admin.api.admin.users.adjustUsdn({ userId: user.id, amount: 50, reason: 'Goodwill credit', idempotencyKey: key() })).toEqual({
      balanceCents: 5_000,
    });
    expect(await admin.api.admin.users.adjustUsdn({ userId: user.id, amount: -20, reason: 'Duplicate credit', idempotencyKey: key() })).toEqual({
      balanceCents: 3_000,
    });
    expect(await usdn(db.db, user.id)).toBe(3_000);

    const entries = await db.db
      .selectFrom('usdn_transactions')
      .select(['amount_cents', 'transaction_type', 'source', 'description', 'created_by'])
      .where('user_id', '=', user.id)
      .orderBy('transfer_id')
      .execute();
    expect(entries).toEqual([
      { amount_cents: 5_000, transaction_type: 'earn', source: 'admin_adjustment', description: 'Goodwill credit', created_by: admin.id },
      { amount_cents: -2_000, transaction_type: 'spend', source: 'admin_adjustment', description: 'Duplicate credit', created_by: admin.id },
    ]);

    const audit = await auditOf(db, user.id);
    expect(audit.map((e) => [e.action, e.before, e.after, e.reason])).toEqual([
      ['user.adjust_usdn', { usdnCents: 0 }, { usdnCents: 5_000, changeCents: 5_000 }, 'Goodwill credit'],
      ['user.adjust_usdn', { usdnCents: 5_000 }, { usdnCents: 3_000, changeCents: -2_000 }, 'Duplicate credit'],
    ]);
    await expectLedgerHealthy(db.db);
  });

  test('a result below zero is USER_USDN_INSUFFICIENT and nothing is written', async ({ db, admin }) => {
    const user = await insertTestUser(db.db);
    await fund(db.db, user.id, 'usdn', 1_000);
    const transfersBefore = await countTransfers(db.db);
    await expectAppError(
      admin.api.admin.users.adjustUsdn({ userId: user.id, amount: -11, reason: 'Chargeback', idempotencyKey: key() }),
      'USER_USDN_INSUFFICIENT',
    );
    expect(await usdn(db.db, user.id)).toBe(1_000);
    expect(await countTransfers(db.db)).toBe(transfersBefore);
    expect(await auditOf(db, user.id)).toHaveLength(0);
    // exactly to zero is allowed
    expect((await admin.api.admin.users.adjustUsdn({ userId: user.id, amount: -10, reason: 'Chargeback', idempotencyKey: key() })).balanceCents).toBe(0);
    await expectLedgerHealthy(db.db);
  });

  test('refuses a fraction (AMOUNT_NOT_WHOLE), zero (INVALID_AMOUNT), no reason (REASON_REQUIRED), an unknown user (USER_NOT_FOUND)', async ({ db, admin }) => {
    const user = await insertTestUser(db.db);
    const transfersBefore = await countTransfers(db.db);
    await expectAppError(admin.api.admin.users.adjustUsdn({ userId: user.id, amount: 1.5, reason: 'x', idempotencyKey: key() }), 'AMOUNT_NOT_WHOLE');
    await expectAppError(admin.api.admin.users.adjustUsdn({ userId: user.id, amount: 0, reason: 'x', idempotencyKey: key() }), 'INVALID_AMOUNT');
    await expectAppError(admin.api.admin.users.adjustUsdn({ userId: user.id, amount: 100_000_000, reason: 'x', idempotencyKey: key() }), 'INVALID_AMOUNT');
    await expectAppError(admin.api.admin.users.adjustUsdn({ userId: user.id, amount: 5, reason: ' ', idempotencyKey: key() }), 'REASON_REQUIRED');
    const nobody = randomUUID();
    await expectAppError(admin.api.admin.users.adjustUsdn({ userId: nobody, amount: 5, reason: 'x', idempotencyKey: key() }), 'USER_NOT_FOUND');
    expect(await countTransfers(db.db)).toBe(transfersBefore);
    expect(await auditOf(db, user.id)).toHaveLength(0);
    expect(await auditOf(db, nobody)).toHaveLength(0);
  });

  test('a double click (same idempotency key) adjusts once; the same key with another amount is a conflict', async ({ db, admin }) => {
    const user = await insertTestUser(db.db);
    const once = key();
    const input = { userId: user.id, amount: 7, reason: 'Promo', idempotencyKey: once };
    expect(await admin.api.admin.users.adjustUsdn(input)).toEqual({ balanceCents: 700 });
    expect(await admin.api.admin.users.adjustUsdn(input)).toEqual({ balanceCents: 700 });
    expect(await usdn(db.db, user.id)).toBe(700);
    expect(await auditOf(db, user.id)).toHaveLength(1);
    await expectAppError(admin.api.admin.users.adjustUsdn({ ...input, amount: 8 }), 'IDEMPOTENCY_CONFLICT');
    expect(await usdn(db.db, user.id)).toBe(700);
  });
});

describe.skipIf(!onRealPostgres())('admin.users races (real PostgreSQL; PGlite has one connection and cannot race)', () => {
  test('two deductions that together exceed the balance: one succeeds, the other is USER_USDN_INSUFFICIENT', async ({ db, services, admin }) => {
    const user = await insertTestUser(db.db);
    await fund(db.db, user.id, 'usdn', 3_000);
    const second = await insertTestUser(db.db, { admin: true });
    const callers = [admin.api, await callerFor(services, second.id)];
    const outcomes = await Promise.allSettled(
      callers.map((api) => api.admin.users.adjustUsdn({ userId: user.id, amount: -20, reason: 'Race', idempotencyKey: `race-${randomUUID()}` })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['USER_USDN_INSUFFICIENT']);
    expect(await usdn(db.db, user.id)).toBe(1_000);
    expect(await auditOf(db, user.id)).toHaveLength(1);
    await expectLedgerHealthy(db.db);
  });

  test('two admins banning one user at once: one ban, one audit entry, the other USER_ALREADY_BANNED', async ({ db, services, admin }) => {
    const user = await insertTestUser(db.db);
    const second = await insertTestUser(db.db, { admin: true });
    const callers = [admin.api, await callerFor(services, second.id)];
    const outcomes = await Promise.allSettled(callers.map((api) => api.admin.users.ban({ userId: user.id, reason: 'Race' })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['USER_ALREADY_BANNED']);
    expect(await bansOf(db, user.id)).toHaveLength(1);
    expect(await auditOf(db, user.id)).toHaveLength(1);
  });
});
