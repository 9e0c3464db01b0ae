import { randomUUID } from 'node:crypto';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

/** The audit tab: every admin action listed newest first, with filters and a target id search. */
let alice: string;
let bob: string;

test.beforeAll(async ({ db }) => {
  alice = (await insertTestUser(db.db, { admin: true, nickname: 'Alice admin' })).id;
  bob = (await insertTestUser(db.db, { admin: true, nickname: 'Bob admin' })).id;
});

describe('admin.audit', () => {
  test('lists real admin actions newest first with admin nickname, target, before/after and reason; filters and searches', async ({ db, services, member }) => {
    const target = await member();
    const asAlice = await callerFor(services, alice);
    const asBob = await callerFor(services, bob);
    await asAlice.admin.users.adjustUsdn({ userId: target.id, amount: 5, reason: 'Welcome bonus', idempotencyKey: randomUUID() });
    await asAlice.admin.users.ban({ userId: target.id, reason: 'Scam attempts' });
    await asBob.admin.users.unban({ userId: target.id, reason: 'Appeal' });
    const violation = await db.db
      .insertInto('message_violations')
      .values({
        sender_id: target.id,
        receiver_id: bob,
        violation_type: 'qq',
        detected_types: ['qq'],
        original_content: 'qq 12345678',
        detected_patterns: ['12345678'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await asBob.admin.violations.act({ violationId: violation.id, action: 'reviewed', notes: 'ok' });

    const all = await asAlice.admin.audit.list({});
    expect(all.total).toBe(4);
    expect(all.items.map((e) => e.action)).toEqual(['violation.review', 'user.unban', 'user.ban', 'user.adjust_usdn']);
    expect(all.items[3]).toMatchObject({
      admin: { id: alice, nickname: 'Alice admin' },
      targetType: 'user',
      targetId: target.id,
      before: { usdnCents: 0 },
      after: { usdnCents: 500, changeCents: 500 },
      reason: 'Welcome bonus',
    });
    expect(all.items[0]).toMatchObject({ admin: { nickname: 'Bob admin' }, targetType: 'violation', targetId: violation.id, reason: 'ok' });

    // action prefix, exact action, target type, admin, target id search, paging
    expect((await asAlice.admin.audit.list({ action: 'user.' })).total).toBe(3);
    expect((await asAlice.admin.audit.list({ action: 'user.ban' })).items.map((e) => e.action)).toEqual(['user.ban']);
    expect((await asAlice.admin.audit.list({ action: 'user_' })).total).toBe(0);
    expect((await asAlice.admin.audit.list({ targetType: 'violation' })).items.map((e) => e.targetId)).toEqual([violation.id]);
    expect((await asAlice.admin.audit.list({ adminId: bob })).items.map((e) => e.action)).toEqual(['violation.review', 'user.unban']);
    expect((await asAlice.admin.audit.list({ search: target.id.slice(0, 8).toUpperCase() })).total).toBe(3);
    expect(await asAlice.admin.audit.list({ pageSize: 1, page: 2 })).toMatchObject({ total: 4, items: [{ action: 'user.unban' }] });

    expect(await asAlice.admin.audit.facets()).toEqual({
      actions: ['user.adjust_usdn', 'user.ban', 'user.unban', 'violation.review'],
      targetTypes: ['user', 'violation'],
      admins: [
        { id: alice, nickname: 'Alice admin' },
        { id: bob, nickname: 'Bob admin' },
      ],
    });
  });

  test('a refused action leaves no entry; a bad admin filter is VALIDATION_FAILED', async ({ services }) => {
    const api = await callerFor(services, alice);
    const before = (await api.admin.audit.list({})).total;
    await expectAppError(api.admin.users.ban({ userId: bob, reason: 'no' }), 'CANNOT_BAN_ADMIN');
    expect((await api.admin.audit.list({})).total).toBe(before);
    await expectAppError(api.admin.audit.list({ adminId: 'not-a-uuid' }), 'VALIDATION_FAILED');
  });
});
