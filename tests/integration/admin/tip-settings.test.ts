import { describe, expect, test } from '../../helpers/fixtures.ts';
import { TIP_PRESETS_MAX, type AppErrorCode } from '@curio/shared';
import { getSettings, putSetting } from '../../../server/src/domain/settings/settings.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { onRealPostgres, type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { appCodeOf } from '../ledger/ledger-fixtures.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

test.override('poolSize', 6);

const lists = (db: TestDatabase) => getSettings(db.db, ['tip_usdn_amounts', 'tip_points_amounts']);
const tipAudit = (db: TestDatabase) =>
  db.db
    .selectFrom('admin_audit_log')
    .select(['admin_id', 'action', 'target_id', 'before', 'after'])
    .where('target_type', '=', 'setting')
    .where('target_id', 'like', 'tip_%')
    .orderBy('id')
    .execute();

async function resetLists(services: TestServices) {
  await putSetting(services.db, 'tip_usdn_amounts', [1, 2, 5, 10, 20, 100], null, services.clock.now());
  await putSetting(services.db, 'tip_points_amounts', [1, 5, 10, 20, 50, 100], null, services.clock.now());
}

/** A refused edit: the exact code, both lists and the audit log untouched. */
async function expectRefused(db: TestDatabase, call: () => Promise<unknown>, code: AppErrorCode) {
  const [listsBefore, auditBefore] = await Promise.all([lists(db), tipAudit(db)]);
  await expectAppError(call(), code);
  expect(await lists(db)).toEqual(listsBefore);
  expect(await tipAudit(db)).toHaveLength(auditBefore.length);
}

describe('admin.tipSettings', () => {
  test('get: the two default lists of rule AD-27, ascending', async ({ services, admin }) => {
    await resetLists(services);
    expect(await admin.api.admin.tipSettings.get()).toEqual({ usdn: [1, 2, 5, 10, 20, 100], points: [1, 5, 10, 20, 50, 100] });
  });

  test.for([
    ['zero', 0],
    ['negative', -5],
    ['a fraction', 2.5],
    ['not a number', Number.NaN],
    ['above the tip maximum', 1_000_001],
  ] as const)('add %s: INVALID_AMOUNT, nothing stored', async ([, amount], { db, services, admin }) => {
    await resetLists(services);
    await expectRefused(db, () => admin.api.admin.tipSettings.add({ currency: 'usdn', amount }), 'INVALID_AMOUNT');
    await expectRefused(db, () => admin.api.admin.tipSettings.add({ currency: 'points', amount }), 'INVALID_AMOUNT');
  });

  test('add a duplicate: TIP_AMOUNT_EXISTS, nothing stored', async ({ db, services, admin }) => {
    await resetLists(services);
    await expectRefused(db, () => admin.api.admin.tipSettings.add({ currency: 'usdn', amount: 5 }), 'TIP_AMOUNT_EXISTS');
    await expectRefused(db, () => admin.api.admin.tipSettings.add({ currency: 'points', amount: 50 }), 'TIP_AMOUNT_EXISTS');
  });

  test('add stores the list ascending, only the chosen list changes, audited; members see it in the tip dialog', async ({ db, services, admin }) => {
    await resetLists(services);
    expect(await admin.api.admin.tipSettings.add({ currency: 'usdn', amount: 3 })).toEqual([1, 2, 3, 5, 10, 20, 100]);
    expect(await admin.api.admin.tipSettings.add({ currency: 'points', amount: 1000 })).toEqual([1, 5, 10, 20, 50, 100, 1000]);
    expect(await lists(db)).toEqual({ tip_usdn_amounts: [1, 2, 3, 5, 10, 20, 100], tip_points_amounts: [1, 5, 10, 20, 50, 100, 1000] });
    expect((await tipAudit(db)).slice(-2)).toEqual([
      {
        admin_id: admin.id,
        action: 'tip_amount.add',
        target_id: 'tip_usdn_amounts',
        before: { tip_usdn_amounts: [1, 2, 5, 10, 20, 100] },
        after: { tip_usdn_amounts: [1, 2, 3, 5, 10, 20, 100] },
      },
      {
        admin_id: admin.id,
        action: 'tip_amount.add',
        target_id: 'tip_points_amounts',
        before: { tip_points_amounts: [1, 5, 10, 20, 50, 100] },
        after: { tip_points_amounts: [1, 5, 10, 20, 50, 100, 1000] },
      },
    ]);
    const visitor = await callerFor(services);
    expect(await visitor.orders.tips.presets()).toEqual({ usdn: [1, 2, 3, 5, 10, 20, 100], points: [1, 5, 10, 20, 50, 100, 1000] });
  });

  test('a list stored out of order by hand is shown and saved ascending', async ({ db, services, admin }) => {
    await putSetting(db.db, 'tip_usdn_amounts', [50, 3, 8], null, services.clock.now());
    expect((await admin.api.admin.tipSettings.get()).usdn).toEqual([3, 8, 50]);
    expect(await admin.api.admin.tipSettings.add({ currency: 'usdn', amount: 1 })).toEqual([1, 3, 8, 50]);
    expect((await lists(db)).tip_usdn_amounts).toEqual([1, 3, 8, 50]);
  });

  test(`a list holds at most ${TIP_PRESETS_MAX} amounts: VALIDATION_FAILED`, async ({ db, services, admin }) => {
    const full = Array.from({ length: TIP_PRESETS_MAX }, (_, i) => i + 1);
    await putSetting(db.db, 'tip_points_amounts', full, null, services.clock.now());
    await expectRefused(db, () => admin.api.admin.tipSettings.add({ currency: 'points', amount: 500 }), 'VALIDATION_FAILED');
  });

  test('remove: audited, ascending kept; an amount not in the list is NOT_FOUND; the last amount stays (VALIDATION_FAILED)', async ({
    db,
    services,
    admin,
  }) => {
    await resetLists(services);
    expect(await admin.api.admin.tipSettings.remove({ currency: 'usdn', amount: 20 })).toEqual([1, 2, 5, 10, 100]);
    expect((await tipAudit(db)).at(-1)).toMatchObject({
      action: 'tip_amount.remove',
      target_id: 'tip_usdn_amounts',
      before: { tip_usdn_amounts: [1, 2, 5, 10, 20, 100] },
      after: { tip_usdn_amounts: [1, 2, 5, 10, 100] },
    });
    await expectRefused(db, () => admin.api.admin.tipSettings.remove({ currency: 'usdn', amount: 20 }), 'NOT_FOUND');
    await expectRefused(db, () => admin.api.admin.tipSettings.remove({ currency: 'usdn', amount: -1 }), 'INVALID_AMOUNT');

    await putSetting(db.db, 'tip_points_amounts', [5, 10], null, services.clock.now());
    expect(await admin.api.admin.tipSettings.remove({ currency: 'points', amount: 10 })).toEqual([5]);
    await expectRefused(db, () => admin.api.admin.tipSettings.remove({ currency: 'points', amount: 5 }), 'VALIDATION_FAILED');
    expect((await lists(db)).tip_points_amounts).toEqual([5]);
  });
});

describe.skipIf(!onRealPostgres())('admin.tipSettings races (real PostgreSQL: PGlite runs one connection and hides them)', () => {
  test('two admins adding different amounts at once: both land (the row lock serialises the read-modify-write)', async ({ db, services, admin }) => {
    await resetLists(services);
    const other = await callerFor(services, (await insertTestUser(db.db, { admin: true })).id);
    await Promise.all([admin.api.admin.tipSettings.add({ currency: 'usdn', amount: 7 }), other.admin.tipSettings.add({ currency: 'usdn', amount: 9 })]);
    expect((await lists(db)).tip_usdn_amounts).toEqual([1, 2, 5, 7, 9, 10, 20, 100]);
  });

  test('two admins adding the same amount at once: one wins, the other gets TIP_AMOUNT_EXISTS, one audit entry', async ({ db, services, admin }) => {
    await resetLists(services);
    const before = (await tipAudit(db)).length;
    const other = await callerFor(services, (await insertTestUser(db.db, { admin: true })).id);
    const outcomes = await Promise.allSettled([
      admin.api.admin.tipSettings.add({ currency: 'points', amount: 7 }),
      other.admin.tipSettings.add({ currency: 'points', amount: 7 }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [appCodeOf(o.reason)] : []))).toEqual(['TIP_AMOUNT_EXISTS']);
    expect((await lists(db)).tip_points_amounts).toEqual([1, 5, 7, 10, 20, 50, 100]);
    expect(await tipAudit(db)).toHaveLength(before + 1);
  });
});
