import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser, TEST_PASSWORD, type TestUser } from '../../helpers/users.ts';
import { openAuthWorld, TestBrowser } from '../auth/support.ts';
import { appCodeOf } from '../ledger/ledger-fixtures.ts';
import { notificationsOf } from '../orders/support.ts';
import { auditEntries } from './support.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 12);

/**
 * The violations tab (rules AD-15 and AD-16): stats cards, filters, cards, and the three
 * decisions on an unreviewed violation (reviewed / warning / banned), each once
 * (ALREADY_REVIEWED).
 * Each test file has its own database, so the counts here are this file's only.
 */

/** A violation as the chat filter records it (sending a real message has its own tests). */
async function violation(db: TestDatabase, options: { sender?: TestUser; type?: string; types?: string[]; content?: string; at?: Date } = {}) {
  const sender = options.sender ?? (await insertTestUser(db.db));
  const receiver = await insertTestUser(db.db);
  const type = options.type ?? 'phone';
  const row = await db.db
    .insertInto('message_violations')
    .values({
      sender_id: sender.id,
      receiver_id: receiver.id,
      violation_type: type,
      detected_types: options.types ?? [type],
      original_content: options.content ?? 'call me on 13812345678',
      detected_patterns: ['13812345678'],
      ...(options.at ? { created_at: options.at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, sender, receiver };
}

function violationRow(db: TestDatabase, id: string) {
  return db.db.selectFrom('message_violations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const auditOf = (db: TestDatabase, id: string) => auditEntries(db.db, 'violation', id);

describe('admin.violations.list and stats', () => {
  test('four cards: total, unreviewed, today (UTC day of the server clock), top two types', async ({ db, services, admin }) => {
    const now = services.clock.now(); // 2026-11-21T08:00Z
    await violation(db, { type: 'wechat', at: new Date('2026-11-20T23:59:59Z') });
    await violation(db, { type: 'wechat', at: now });
    await violation(db, { type: 'wechat', at: now });
    await violation(db, { type: 'qq', at: now });
    await violation(db, { type: 'qq', at: new Date('2026-11-21T00:00:00Z') });
    const reviewed = await violation(db, { type: 'url', at: now });
    await admin.api.admin.violations.act({ violationId: reviewed.id, action: 'reviewed' });

    expect(await admin.api.admin.violations.stats()).toEqual({
      total: 6,
      unreviewed: 5,
      today: 5,
      topTypes: [
        { type: 'wechat', count: 3 },
        { type: 'qq', count: 2 },
      ],
    });
  });

  test('cards newest first with parties, content and review; filters all / unreviewed / by type; search', async ({ db, services }) => {
    const moderator = await insertTestUser(db.db, { admin: true, nickname: 'Moderator' });
    const api = await callerFor(services, moderator.id);
    const tag = randomUUID().slice(0, 8);
    const sender = await insertTestUser(db.db, { nickname: `Sender ${tag}` });
    const older = await violation(db, {
      sender,
      type: 'email',
      types: ['email', 'url'],
      content: `mail me x@y.test ${tag}`,
      at: new Date('2026-11-21T07:00:00Z'),
    });
    const newer = await violation(db, { sender, type: 'phone', content: `ring 13812345678 ${tag}`, at: new Date('2026-11-21T07:30:00Z') });
    await api.admin.violations.act({ violationId: older.id, action: 'reviewed', notes: 'False positive' });

    const all = await api.admin.violations.list({ search: tag });
    expect(all.total).toBe(2);
    expect(all.items.map((v) => v.id)).toEqual([newer.id, older.id]);
    expect(all.items[0]).toMatchObject({
      type: 'phone',
      status: 'unreviewed',
      originalContent: `ring 13812345678 ${tag}`,
      sender: { id: sender.id, nickname: `Sender ${tag}` },
      receiver: { id: newer.receiver.id },
      reviewedAt: null,
      reviewer: null,
      notes: null,
      senderBanned: false,
    });
    expect(all.items[1]).toMatchObject({
      status: 'reviewed',
      reviewedAt: services.clock.now(),
      reviewer: { id: moderator.id, nickname: 'Moderator' },
      notes: 'False positive',
    });

    expect((await api.admin.violations.list({ search: tag, filter: 'unreviewed' })).items.map((v) => v.id)).toEqual([newer.id]);
    expect((await api.admin.violations.list({ search: tag, filter: 'phone' })).items.map((v) => v.id)).toEqual([newer.id]);
    // a message with an e-mail and a link shows under both
    expect((await api.admin.violations.list({ search: tag, filter: 'url' })).items.map((v) => v.id)).toEqual([older.id]);
    expect((await api.admin.violations.list({ search: tag, filter: 'email' })).items.map((v) => v.id)).toEqual([older.id]);
    expect((await api.admin.violations.list({ search: tag, filter: 'qq' })).total).toBe(0);
    // search by the sender's nickname
    expect((await api.admin.violations.list({ search: `Sender ${tag}` })).total).toBe(2);
    await expectAppError(api.admin.violations.list({ filter: 'fax' as never }), 'VALIDATION_FAILED');
  });
});

describe('admin.violations.act', () => {
  test('reviewed: stamped with reviewer, time and notes, audited; nobody notified', async ({ db, services, admin }) => {
    const { id, sender } = await violation(db);
    expect(await admin.api.admin.violations.act({ violationId: id, action: 'reviewed', notes: '  Harmless  ' })).toEqual({
      status: 'reviewed',
      reviewedAt: services.clock.now(),
    });
    expect(await violationRow(db, id)).toMatchObject({ reviewed_by: admin.id, reviewed_at: services.clock.now(), action_taken: 'reviewed', notes: 'Harmless' });
    expect(await notificationsOf(db.db, sender.id)).toHaveLength(0);
    expect(await auditOf(db, id)).toEqual([
      expect.objectContaining({
        admin_id: admin.id,
        action: 'violation.review',
        before: { status: 'unreviewed' },
        after: { status: 'reviewed', senderId: sender.id },
        reason: 'Harmless',
      }),
    ]);
  });

  test('warning: the sender is notified; notes are optional', async ({ db, admin }) => {
    const { id, sender, receiver } = await violation(db);
    await admin.api.admin.violations.act({ violationId: id, action: 'warning' });
    expect(await violationRow(db, id)).toMatchObject({ action_taken: 'warning', notes: null, reviewed_by: admin.id });
    expect((await notificationsOf(db.db, sender.id)).map((n) => n.type)).toEqual(['warning']);
    expect(await notificationsOf(db.db, receiver.id)).toHaveLength(0);
    expect((await auditOf(db, id)).map((e) => [e.action, e.reason])).toEqual([['violation.warn', null]]);
  });

  test('banned: the sender is banned (sessions end, "banned" notification) with the notes as reason, or a default', async ({ db, services, admin }) => {
    const sender = await insertTestUser(db.db);
    // callers on a bus that records what was published
    const { services: recorded } = openAuthWorld({ db, services });
    const browser = new TestBrowser(recorded);
    await (await browser.caller()).auth.signIn({ email: sender.email, password: TEST_PASSWORD });
    const first = await violation(db, { sender, type: 'wechat' });
    const api = await callerFor(recorded, admin.id);
    await api.admin.violations.act({ violationId: first.id, action: 'banned', notes: 'Repeated WeChat handles' });
    expect(await violationRow(db, first.id)).toMatchObject({ action_taken: 'banned', notes: 'Repeated WeChat handles' });
    const bans = await db.db.selectFrom('user_bans').selectAll().where('user_id', '=', sender.id).execute();
    expect(bans).toEqual([expect.objectContaining({ status: 'active', reason: 'Repeated WeChat handles', banned_by: admin.id })]);
    expect(await (await browser.caller()).auth.me()).toBeNull();
    expect(recorded.events.published).toContainEqual(expect.objectContaining({ type: 'session-revoked', userId: sender.id }));
    expect(await notificationsOf(db.db, sender.id)).toEqual([expect.objectContaining({ type: 'banned', params: { reason: 'Repeated WeChat handles' } })]);
    expect((await auditOf(db, first.id))[0]).toMatchObject({ action: 'violation.ban', after: { status: 'banned', banId: bans[0]!.id } });

    // the list shows the sender as banned; a second violation of a banned sender can still be decided
    expect((await api.admin.violations.list({ filter: 'unreviewed' })).items.length).toBeGreaterThan(0);
    const second = await violation(db, { sender });
    expect((await api.admin.violations.list({ search: sender.email.split('@')[0] })).items[0]).toMatchObject({ id: second.id, senderBanned: true });
    await api.admin.violations.act({ violationId: second.id, action: 'banned' });
    expect(await db.db.selectFrom('user_bans').select('id').where('user_id', '=', sender.id).execute()).toHaveLength(1);

    // without notes the ban gets a default reason naming the rule
    const other = await violation(db, { type: 'qq' });
    await api.admin.violations.act({ violationId: other.id, action: 'banned' });
    const ban = await db.db.selectFrom('user_bans').select('reason').where('user_id', '=', other.sender.id).executeTakeFirstOrThrow();
    expect(ban.reason).toContain('qq');
  });

  test('a second decision is ALREADY_REVIEWED and changes nothing; unknown id NOT_FOUND', async ({ db, services, admin }) => {
    const { id, sender } = await violation(db);
    await admin.api.admin.violations.act({ violationId: id, action: 'reviewed' });
    const before = await violationRow(db, id);
    services.clock.advance(5_000);
    await expectAppError(admin.api.admin.violations.act({ violationId: id, action: 'warning', notes: 'late' }), 'ALREADY_REVIEWED');
    await expectAppError(admin.api.admin.violations.act({ violationId: id, action: 'banned' }), 'ALREADY_REVIEWED');
    expect(await violationRow(db, id)).toEqual(before);
    expect(await notificationsOf(db.db, sender.id)).toHaveLength(0);
    expect(await db.db.selectFrom('user_bans').select('id').where('user_id', '=', sender.id).execute()).toHaveLength(0);
    expect(await auditOf(db, id)).toHaveLength(1);
    await expectAppError(admin.api.admin.violations.act({ violationId: randomUUID(), action: 'reviewed' }), 'NOT_FOUND');
  });

  test('banning an admin sender is CANNOT_BAN_ADMIN and the violation stays unreviewed', async ({ db, admin }) => {
    const adminSender = await insertTestUser(db.db, { admin: true });
    const { id } = await violation(db, { sender: adminSender });
    await expectAppError(admin.api.admin.violations.act({ violationId: id, action: 'banned' }), 'CANNOT_BAN_ADMIN');
    expect(await violationRow(db, id)).toMatchObject({ reviewed_at: null, action_taken: null });
    expect(await auditOf(db, id)).toHaveLength(0);
    expect(await db.db.selectFrom('user_bans').select('id').where('user_id', '=', adminSender.id).execute()).toHaveLength(0);
  });

  test('notes longer than 500 characters are CONTENT_TOO_LONG; an unknown action VALIDATION_FAILED', async ({ db, admin }) => {
    const { id } = await violation(db);
    await expectAppError(admin.api.admin.violations.act({ violationId: id, action: 'reviewed', notes: 'x'.repeat(501) }), 'CONTENT_TOO_LONG');
    await expectAppError(admin.api.admin.violations.act({ violationId: id, action: 'deleted' as never }), 'VALIDATION_FAILED');
    expect(await violationRow(db, id)).toMatchObject({ reviewed_at: null });
  });
});

describe.skipIf(!onRealPostgres())('admin.violations races (real PostgreSQL; PGlite has one connection and cannot race)', () => {
  test('two admins deciding one violation at once: one decision, one audit entry, the other ALREADY_REVIEWED', async ({ db, services, admin }) => {
    const { id, sender } = await violation(db);
    const second = await insertTestUser(db.db, { admin: true });
    const callers = [admin.api, await callerFor(services, second.id)];
    const outcomes = await Promise.allSettled([
      callers[0]!.admin.violations.act({ violationId: id, action: 'warning' }),
      callers[1]!.admin.violations.act({ violationId: id, action: 'banned' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['ALREADY_REVIEWED']);
    expect(await auditOf(db, id)).toHaveLength(1);
    const row = await violationRow(db, id);
    const bans = await db.db.selectFrom('user_bans').select('id').where('user_id', '=', sender.id).execute();
    // whichever won, only its effect exists
    expect(bans).toHaveLength(row.action_taken === 'banned' ? 1 : 0);
    expect(await notificationsOf(db.db, sender.id)).toHaveLength(1);
  });
});
