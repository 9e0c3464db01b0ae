import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { appCodeOf, fund } from '../ledger/ledger-fixtures.ts';
import { insertListing, key, listingRow } from '../orders/support.ts';
import { auditEntries } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 12);

/**
 * The back office (rules AD-18 and AD-28 to AD-32): the admin role granted and revoked from the users tab,
 * the member detail view, CSV exports, sorting and date ranges, bulk review of pending listings
 * and disabling a whole code batch. Every one is an admin procedure (access.test.ts walks them)
 * and every change is audited.
 */

const DAY = 86_400_000;

function isAdmin(db: TestDatabase, userId: string) {
  return db.db.selectFrom('user_roles').select('user_id').where('user_id', '=', userId).where('role', '=', 'admin').executeTakeFirst().then(Boolean);
}

function auditActions(db: TestDatabase, action: string) {
  return db.db.selectFrom('admin_audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

describe('admin.users.setRole', () => {
  test('grant: the member becomes an admin at their next call; revoke: they lose it at once; both audited with the reason', async ({
    db,
    services,
    admin,
    member,
  }) => {
    const helper = await member({ nickname: 'Helper' });
    // each HTTP request builds its context afresh: a new caller is the helper's next request
    const nextRequest = () => callerFor(services, helper.id);
    await expectAppError((await nextRequest()).admin.dashboard(), 'ADMIN_REQUIRED');

    expect(await admin.api.admin.users.setRole({ userId: helper.id, admin: true, reason: ' Joins the support team ' })).toEqual({
      userId: helper.id,
      isAdmin: true,
    });
    expect(await (await nextRequest()).admin.dashboard()).toBeTruthy();
    expect((await admin.api.admin.users.list({ filter: 'admins', search: 'Helper' })).items.map((u) => u.id)).toContain(helper.id);

    await admin.api.admin.users.setRole({ userId: helper.id, admin: false, reason: 'Left the team' });
    await expectAppError((await nextRequest()).admin.dashboard(), 'ADMIN_REQUIRED');
    expect(await isAdmin(db, helper.id)).toBe(false);

    expect((await auditEntries(db.db, 'user', helper.id)).map((e) => [e.action, e.admin_id, e.reason, e.after])).toEqual([
      ['user.grant_admin', admin.id, 'Joins the support team', expect.objectContaining({ admin: true })],
      ['user.revoke_admin', admin.id, 'Left the team', expect.objectContaining({ admin: false })],
    ]);
  });

  test('refusals change nothing and log nothing: no reason, no change, unknown user, banned member', async ({ db, admin, member }) => {
    const target = await member();
    await expectAppError(admin.api.admin.users.setRole({ userId: target.id, admin: true, reason: '  ' }), 'REASON_REQUIRED');
    await expectAppError(admin.api.admin.users.setRole({ userId: target.id, admin: false, reason: 'Not one' }), 'REQUEST_ALREADY_PROCESSED');
    await expectAppError(admin.api.admin.users.setRole({ userId: randomUUID(), admin: true, reason: 'Who?' }), 'USER_NOT_FOUND');
    await admin.api.admin.users.ban({ userId: target.id, reason: 'Spam' });
    await expectAppError(admin.api.admin.users.setRole({ userId: target.id, admin: true, reason: 'Promote' }), 'CANNOT_PROMOTE_BANNED');
    expect(await isAdmin(db, target.id)).toBe(false);
    expect((await auditEntries(db.db, 'user', target.id)).map((e) => e.action)).toEqual(['user.ban']);
  });

  test('the last admin cannot be removed (LAST_ADMIN), not even by themselves; with a second admin they can', async ({ db, services, admin }) => {
    // this file's other admins go, so the fixture admin is the only one
    await db.db.deleteFrom('user_roles').where('role', '=', 'admin').where('user_id', '<>', admin.id).execute();
    await expectAppError(admin.api.admin.users.setRole({ userId: admin.id, admin: false, reason: 'Stepping down' }), 'LAST_ADMIN');
    expect(await isAdmin(db, admin.id)).toBe(true);
    expect(await auditEntries(db.db, 'user', admin.id)).toHaveLength(0);

    const second = await insertTestUser(db.db, { admin: true });
    await (await callerFor(services, second.id)).admin.users.setRole({ userId: admin.id, admin: false, reason: 'Handing over' });
    expect(await isAdmin(db, admin.id)).toBe(false);
    await expectAppError((await callerFor(services, second.id)).admin.users.setRole({ userId: second.id, admin: false, reason: 'Me too' }), 'LAST_ADMIN');
    // give the fixture admin back to the rest of the file
    await db.db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
  });
});

describe.skipIf(!onRealPostgres())('admin.users.setRole races (real PostgreSQL)', () => {
  test('two admins revoking each other at once: one goes, the other stays (the console keeps an admin)', async ({ db, services, admin }) => {
    await db.db.deleteFrom('user_roles').where('role', '=', 'admin').execute();
    const [a, b] = [await insertTestUser(db.db, { admin: true }), await insertTestUser(db.db, { admin: true })];
    const outcomes = await Promise.allSettled([
      (await callerFor(services, a.id)).admin.users.setRole({ userId: b.id, admin: false, reason: 'Coup' }),
      (await callerFor(services, b.id)).admin.users.setRole({ userId: a.id, admin: false, reason: 'Counter-coup' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(['LAST_ADMIN', 'ADMIN_REQUIRED']).toContain(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))[0]);
    const admins = await db.db.selectFrom('user_roles').select('user_id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
    const entries = [...(await auditEntries(db.db, 'user', a.id)), ...(await auditEntries(db.db, 'user', b.id))];
    expect(entries.map((e) => e.action)).toEqual(['user.revoke_admin']);
    await db.db.insertInto('user_roles').values({ user_id: admin.id, role: 'admin' }).execute();
  });
});

describe('the member detail view', () => {
  test('admin.users.get: balances, role and every ban, lifted ones too; admin.users.history: their ledger; admin.orders.list: their orders', async ({
    db,
    admin,
    member,
  }) => {
    const subject = await member({ nickname: 'Detailed', usdnCents: 50_000, points: 300 });
    const seller = await member({ nickname: 'Their seller' });
    const stranger = await member({ nickname: 'Stranger', usdnCents: 50_000 });
    await admin.api.admin.users.ban({ userId: subject.id, reason: 'First strike' });
    await admin.api.admin.users.unban({ userId: subject.id });
    await admin.api.admin.users.ban({ userId: subject.id, reason: 'Second strike' });
    await admin.api.admin.users.unban({ userId: subject.id });
    await admin.api.admin.users.adjustUsdn({ userId: subject.id, amount: 7, reason: 'Goodwill', idempotencyKey: key() });
    const bought = await subject.api.orders.purchase({
      listingId: await insertListing(db.db, seller.id, { title: 'Their sextant' }),
      quantity: 1,
      idempotencyKey: key(),
    });
    await stranger.api.orders.purchase({ listingId: await insertListing(db.db, seller.id, { title: 'Not theirs' }), quantity: 1, idempotencyKey: key() });

    const detail = await admin.api.admin.users.get({ userId: subject.id });
    expect(detail.user).toMatchObject({ id: subject.id, nickname: 'Detailed', isAdmin: false, ban: null, usdnCents: 50_000 + 700 - 2_500, points: 300 });
    expect(detail.bans.map((ban) => [ban.reason, ban.status, ban.bannedBy?.id])).toEqual([
      ['Second strike', 'lifted', admin.id],
      ['First strike', 'lifted', admin.id],
    ]);
    expect(detail.bans.every((ban) => ban.liftedAt instanceof Date)).toBe(true);

    const history = await admin.api.admin.users.history({ userId: subject.id, currency: 'usdn' });
    expect(history).toEqual(await subject.api.wallet.history({ currency: 'usdn', limit: 20 }));
    expect(history.entries.map((entry) => [entry.kind, entry.amount])).toEqual(
      expect.arrayContaining([
        ['admin_adjustment', 700],
        ['purchase_escrow', -2_500],
      ]),
    );

    const orders = await admin.api.admin.orders.list({ memberId: subject.id });
    expect(orders.items.map((order) => [order.id, order.title])).toEqual([[bought.orderId, 'Their sextant']]);
    expect((await admin.api.admin.orders.list({ memberId: seller.id })).total).toBe(2);

    await expectAppError(admin.api.admin.users.get({ userId: randomUUID() }), 'USER_NOT_FOUND');
  });
});

describe('sorting and date ranges', () => {
  test('users sort by USDN, nickname, sign-up; a sign-up date range keeps [from, to)', async ({ db, admin }) => {
    const tag = randomUUID().slice(0, 6);
    const [poor, rich, middle] = [
      await insertTestUser(db.db, { nickname: `C-${tag}` }),
      await insertTestUser(db.db, { nickname: `A-${tag}` }),
      await insertTestUser(db.db, { nickname: `B-${tag}` }),
    ];
    await fund(db.db, rich.id, 'usdn', 90_000);
    await fund(db.db, middle.id, 'usdn', 40_000);
    const days = [new Date('2026-03-01T10:00:00Z'), new Date('2026-03-05T10:00:00Z'), new Date('2026-03-09T10:00:00Z')];
    for (const [user, day] of [
      [poor, days[0]],
      [rich, days[1]],
      [middle, days[2]],
    ] as const) {
      await db.db.updateTable('users').set({ created_at: day }).where('id', '=', user.id).execute();
    }
    const ids = async (input: Parameters<typeof admin.api.admin.users.list>[0]) =>
      (await admin.api.admin.users.list({ search: tag, ...input })).items.map((user) => user.id);

    expect(await ids({ sort: 'usdn', direction: 'desc' })).toEqual([rich.id, middle.id, poor.id]);
    expect(await ids({ sort: 'usdn', direction: 'asc' })).toEqual([poor.id, middle.id, rich.id]);
    expect(await ids({ sort: 'nickname', direction: 'asc' })).toEqual([rich.id, middle.id, poor.id]);
    expect(await ids({})).toEqual([middle.id, rich.id, poor.id]);
    expect(await ids({ sort: 'createdAt', direction: 'asc' })).toEqual([poor.id, rich.id, middle.id]);
    expect(await ids({ from: new Date('2026-03-05T10:00:00Z'), to: new Date('2026-03-09T10:00:00Z') })).toEqual([rich.id]);
    expect(await ids({ from: new Date('2026-03-02T00:00:00Z') })).toEqual([middle.id, rich.id]);
  });

  test('orders sort by total; the audit log takes a date range', async ({ db, admin, member }) => {
    const seller = await member();
    const buyer = await member({ usdnCents: 100_000 });
    const tag = randomUUID().slice(0, 6);
    const cheap = await buyer.api.orders.purchase({
      listingId: await insertListing(db.db, seller.id, { title: `cheap ${tag}`, priceCents: 1_000 }),
      quantity: 1,
      idempotencyKey: key(),
    });
    const dear = await buyer.api.orders.purchase({
      listingId: await insertListing(db.db, seller.id, { title: `dear ${tag}`, priceCents: 9_000 }),
      quantity: 1,
      idempotencyKey: key(),
    });
    const byTotal = await admin.api.admin.orders.list({ search: tag, sort: 'total', direction: 'asc' });
    expect(byTotal.items.map((order) => order.id)).toEqual([cheap.orderId, dear.orderId]);

    // audit entries carry the database's time, not the test clock's
    const now = new Date();
    const listing = await insertListing(db.db, seller.id);
    await admin.api.admin.listings.approve({ listingId: listing });
    const inRange = await admin.api.admin.audit.list({ search: listing, from: new Date(now.getTime() - DAY), to: new Date(now.getTime() + DAY) });
    expect(inRange.items.map((entry) => entry.action)).toEqual(['listing.approve']);
    expect((await admin.api.admin.audit.list({ search: listing, to: new Date(now.getTime() - DAY) })).total).toBe(0);
  });

  test('the audit log sorts by date, newest first by default, oldest first on request', async ({ db, admin, member }) => {
    const seller = await member();
    const listing = await insertListing(db.db, seller.id);
    await admin.api.admin.listings.approve({ listingId: listing });
    await admin.api.admin.listings.takeDown({ listingId: listing, reason: 'Counterfeit' });
    const actions = async (direction?: 'asc' | 'desc') =>
      (await admin.api.admin.audit.list({ search: listing, sort: 'createdAt', ...(direction ? { direction } : {}) })).items.map((entry) => entry.action);

    // the entries carry their transaction's time; the id breaks a tie the same way round
    expect(await actions()).toEqual(['listing.take_down', 'listing.approve']);
    expect(await actions('asc')).toEqual(['listing.approve', 'listing.take_down']);
  });
});

describe('CSV exports', () => {
  test("users: the filtered table with a BOM and the admin's column titles; the export itself is audited", async ({ db, admin }) => {
    const tag = randomUUID().slice(0, 6);
    const user = await insertTestUser(db.db, { nickname: `=cmd ${tag}`, email: `csv-${tag}@example.test` });
    await fund(db.db, user.id, 'usdn', 12_345);
    const { filename, csv, count } = await admin.api.admin.users.exportCsv({ search: tag, labels: { email: '邮箱', nickname: '昵称' } });
    expect(filename).toMatch(/^curio-users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(count).toBe(1);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [head, row] = csv.slice(1).trimEnd().split('\r\n');
    expect(head).toBe('id,邮箱,昵称,role,USDN,USDN held,points,ban reason,signed up (UTC),last active (UTC)');
    // a nickname starting with = is text, not a formula
    expect(row).toContain(`${user.id},csv-${tag}@example.test,'=cmd ${tag},member,123.45,0.00,0,`);
    const [entry] = await auditActions(db, 'users.export');
    expect(entry).toMatchObject({ admin_id: admin.id, target_type: 'export', target_id: 'users', after: { count: 1, filters: { search: tag } } });
  });

  test('orders and the audit log export what their tables show', async ({ db, admin, member }) => {
    const seller = await member({ nickname: 'CSV seller' });
    const buyer = await member({ nickname: 'CSV buyer', usdnCents: 10_000 });
    const tag = randomUUID().slice(0, 6);
    const { orderId } = await buyer.api.orders.purchase({
      listingId: await insertListing(db.db, seller.id, { title: `Globe ${tag}`, priceCents: 4_200 }),
      quantity: 1,
      idempotencyKey: key(),
    });
    const orders = await admin.api.admin.orders.exportCsv({ search: tag });
    expect(orders.count).toBe(1);
    expect(orders.csv).toContain(`${orderId},Globe ${tag},42.00,paid,CSV buyer,CSV seller,`);

    const audit = await admin.api.admin.audit.exportCsv({ action: 'users.export' });
    expect(audit.csv.slice(1).split('\r\n')[0]).toBe('time (UTC),admin,action,target type,target id,reason,before,after');
    expect(audit.count).toBe((await auditActions(db, 'users.export')).length);
    expect(await auditActions(db, 'orders.export')).toHaveLength(1);
  });

  test("coded values (order status, role, audit action and target) in the admin's language when the client names them; codes otherwise", async ({
    db,
    admin,
    member,
  }) => {
    const seller = await member({ nickname: 'Label seller' });
    const buyer = await member({ nickname: 'Label buyer', usdnCents: 10_000 });
    const tag = randomUUID().slice(0, 6);
    const { orderId } = await buyer.api.orders.purchase({
      listingId: await insertListing(db.db, seller.id, { title: `Lamp ${tag}`, priceCents: 1_500 }),
      quantity: 1,
      idempotencyKey: key(),
    });
    const orders = await admin.api.admin.orders.exportCsv({ search: tag, values: { status: { paid: '已付款', shipped: '已发货' } } });
    expect(orders.csv).toContain(`${orderId},Lamp ${tag},15.00,已付款,Label buyer,Label seller,`);
    // the labels are not filters: the audit entry records what was exported, not how it was worded
    const [entry] = (await auditActions(db, 'orders.export')).filter((e) => (e.after as { filters: { search?: string } }).filters.search === tag);
    expect(entry?.after).toEqual({ count: 1, filters: { search: tag, direction: 'desc' } });

    const user = await insertTestUser(db.db, { nickname: `Role ${tag}` });
    const users = await admin.api.admin.users.exportCsv({ search: tag, values: { role: { admin: '管理员', member: '普通用户' } } });
    expect(users.csv).toContain(`${user.id},${user.email},Role ${tag},普通用户,`);
    // a code without a label, and a call without labels (a script), keep the stable codes
    expect((await admin.api.admin.users.exportCsv({ search: tag, values: { role: { admin: '管理员' } } })).csv).toContain(`Role ${tag},member,`);
    expect((await admin.api.admin.users.exportCsv({ search: tag })).csv).toContain(`Role ${tag},member,`);

    const audit = await admin.api.admin.audit.exportCsv({
      search: 'users',
      action: 'users.export',
      values: { action: { 'users.export': 'Exported users' }, targetType: { export: 'Export' } },
    });
    expect(audit.csv).toContain(',Exported users,Export,users,');
    expect(audit.csv).not.toContain(',users.export,');
  });
});

describe('bulk review of pending listings', () => {
  test('bulk approve: each pending listing approved and audited on its own; one decided meanwhile fails alone', async ({ db, admin, member }) => {
    const seller = await member();
    const [a, b] = [await insertListing(db.db, seller.id), await insertListing(db.db, seller.id)];
    const decided = await insertListing(db.db, seller.id, { reviewStatus: 'rejected', status: 'unavailable' });
    const missing = randomUUID();

    const { results } = await admin.api.admin.listings.bulkApprove({ listingIds: [a, b, decided, missing, a] });
    expect(Object.fromEntries(results.map((r) => [r.listingId, r.code]))).toEqual({
      [a]: null,
      [b]: null,
      [decided]: 'REQUEST_ALREADY_PROCESSED',
      [missing]: 'LISTING_NOT_FOUND',
    });
    expect(await listingRow(db.db, a)).toMatchObject({ review_status: 'approved' });
    expect(await listingRow(db.db, b)).toMatchObject({ review_status: 'approved' });
    // a rejected listing is not approved by a bulk action over the review queue
    expect(await listingRow(db.db, decided)).toMatchObject({ review_status: 'rejected', status: 'unavailable' });
    for (const id of [a, b]) expect((await auditEntries(db.db, 'listing', id)).map((e) => e.action)).toEqual(['listing.approve']);
    expect(await auditEntries(db.db, 'listing', decided)).toHaveLength(0);
  });

  test('bulk reject needs a reason, and each seller is told it', async ({ db, admin, member }) => {
    const [one, two] = [await member(), await member()];
    const [a, b] = [await insertListing(db.db, one.id, { title: 'Fake coin' }), await insertListing(db.db, two.id, { title: 'Fake stamp' })];
    await expectAppError(admin.api.admin.listings.bulkReject({ listingIds: [a, b], reason: '' }), 'REASON_REQUIRED');
    expect(await listingRow(db.db, a)).toMatchObject({ review_status: 'pending' });

    const { results } = await admin.api.admin.listings.bulkReject({ listingIds: [a, b], reason: 'Replicas are not allowed' });
    expect(results.every((r) => r.ok)).toBe(true);
    for (const [seller, title] of [
      [one, 'Fake coin'],
      [two, 'Fake stamp'],
    ] as const) {
      const { items } = await seller.api.notifications.list();
      expect(items.map((n) => [n.type, n.params])).toEqual([['listing_rejected', { title, reason: 'Replicas are not allowed' }]]);
    }
    expect((await auditEntries(db.db, 'listing', a))[0]).toMatchObject({ action: 'listing.reject', reason: 'Replicas are not allowed' });
  });
});

describe('admin.rechargeCodes.disableBatch', () => {
  test("disables the batch's redeemable codes at once; used and expired ones stay; one audit entry; a second call changes nothing", async ({
    db,
    services,
    admin,
    member,
  }) => {
    const batchName = `batch-${randomUUID().slice(0, 8)}`;
    await admin.api.admin.rechargeCodes.generate({ valueUsdn: 10, quantity: 4, expiryDays: 30, batchName });
    const codes = await db.db.selectFrom('recharge_codes').select(['id', 'code']).where('batch_name', '=', batchName).orderBy('code').execute();
    const buyer = await member();
    await buyer.api.wallet.redeemCode({ code: codes[0]!.code, idempotencyKey: key() });

    expect(await admin.api.admin.rechargeCodes.disableBatch({ batchName })).toEqual({ batchName, disabled: 3 });
    const statuses = await admin.api.admin.rechargeCodes.list({ batchName, pageSize: 10 });
    expect(statuses.items.map((item) => item.status).sort()).toEqual(['disabled', 'disabled', 'disabled', 'used']);
    await expectAppError(
      member().then((m) => m.api.wallet.redeemCode({ code: codes[1]!.code, idempotencyKey: key() })),
      'CODE_DISABLED',
    );

    const batchEntries = async () => (await auditEntries(db.db, 'recharge_code_batch', batchName)).filter((e) => e.action === 'recharge_code.disable_batch');
    const [entry, ...more] = await batchEntries();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ admin_id: admin.id, after: { status: 'disabled', count: 3 } });

    await expectAppError(admin.api.admin.rechargeCodes.disableBatch({ batchName }), 'REQUEST_ALREADY_PROCESSED');
    await expectAppError(admin.api.admin.rechargeCodes.disableBatch({ batchName: 'no such batch' }), 'NOT_FOUND');
    expect(await batchEntries()).toHaveLength(1);

    // an expired batch has nothing left to disable
    const lapsed = `batch-${randomUUID().slice(0, 8)}`;
    await admin.api.admin.rechargeCodes.generate({ valueUsdn: 10, quantity: 2, expiryDays: 1, batchName: lapsed });
    services.clock.advance(2 * DAY);
    try {
      await expectAppError(admin.api.admin.rechargeCodes.disableBatch({ batchName: lapsed }), 'REQUEST_ALREADY_PROCESSED');
    } finally {
      services.clock.advance(-2 * DAY);
    }
  });
});
