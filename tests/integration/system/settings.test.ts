import { beforeEach } from 'vitest';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { callerFor, type TestServices } from '../../helpers/services.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { SETTING_DEFAULTS, getSetting, getSettings, putSetting } from '../../../server/src/domain/settings/settings.ts';
import { appCodeOf } from '../../helpers/app-errors.ts';

let db: TestDatabase, services: TestServices;

test.beforeAll(async ({ db: fileDb, services: fileServices }) => {
  db = fileDb;
  services = fileServices;
});

async function insertUser(options: { admin?: boolean; createdAt?: Date } = {}): Promise<string> {
  const user = await insertTestUser(db.db, { admin: options.admin ?? false });
  if (options.createdAt) {
    await db.db.updateTable('users').set({ created_at: options.createdAt }).where('id', '=', user.id).execute();
  }
  return user.id;
}

async function storeRaw(key: string, value: string): Promise<void> {
  await db.db
    .insertInto('system_settings')
    .values({ setting_key: key, setting_value: value })
    .onConflict((oc) => oc.column('setting_key').doUpdateSet({ setting_value: value }))
    .execute();
}

async function customerServiceFailure(): Promise<string | undefined> {
  const caller = await callerFor(services);
  try {
    await caller.system.customerService();
    return undefined;
  } catch (error) {
    return appCodeOf(error) ?? undefined;
  }
}

describe('getSetting', () => {
  test('reads the JSON-encoded values the migration inserted, typed', async () => {
    expect(await getSetting(db.db, 'customer_service_enabled')).toBe(true);
    expect(await getSetting(db.db, 'usdn_withdrawal_fee_percentage')).toBe(0.03);
    expect(await getSetting(db.db, 'tip_usdn_amounts')).toEqual([1, 2, 5, 10, 20, 100]);
    expect(await getSetting(db.db, 'tip_points_amounts')).toEqual([1, 5, 10, 20, 50, 100]);
    expect(await getSetting(db.db, 'usdt_solana_address')).toBe('');
  });

  test('a missing row, broken JSON or a value of the wrong type reads as the default', async () => {
    await db.db.deleteFrom('system_settings').where('setting_key', '=', 'usdt_min_recharge').execute();
    await storeRaw('buying_offer_max_negotiation_rounds', '{not json');
    await storeRaw('tip_usdn_amounts', '["five"]');
    expect(await getSetting(db.db, 'usdt_min_recharge')).toBe(SETTING_DEFAULTS.usdt_min_recharge);
    expect(await getSetting(db.db, 'buying_offer_max_negotiation_rounds')).toBe(3);
    expect(await getSetting(db.db, 'tip_usdn_amounts')).toEqual(SETTING_DEFAULTS.tip_usdn_amounts);
  });

  test('putSetting stores JSON text and refuses a value of the wrong shape without writing', async () => {
    await putSetting(db.db, 'usdn_withdrawal_min', 25, null, services.clock.now());
    const row = await db.db.selectFrom('system_settings').select('setting_value').where('setting_key', '=', 'usdn_withdrawal_min').executeTakeFirstOrThrow();
    expect(row.setting_value).toBe('25');
    await expect(putSetting(db.db, 'usdn_withdrawal_fee_percentage', 1.5, null, services.clock.now())).rejects.toThrow();
    expect(await getSetting(db.db, 'usdn_withdrawal_fee_percentage')).toBe(0.03);
    const both = await getSettings(db.db, ['usdn_withdrawal_min', 'customer_service_enabled']);
    expect(both).toEqual({ usdn_withdrawal_min: 25, customer_service_enabled: true });
  });
});

describe('system.publicSettings', () => {
  beforeEach(async () => {
    await storeRaw('customer_service_enabled', 'true');
    await storeRaw('customer_service_admin_id', 'null');
  });

  test('visitors read the customer-service switch and admin id', async () => {
    const caller = await callerFor(services);
    expect(await caller.system.publicSettings()).toEqual({ customerServiceEnabled: true, customerServiceAdminId: null });
    const adminId = '7d1c7c8e-3f4a-4a43-9b55-0d0f2f1d6a11';
    await storeRaw('customer_service_enabled', 'false');
    await storeRaw('customer_service_admin_id', JSON.stringify(adminId));
    expect(await caller.system.publicSettings()).toEqual({ customerServiceEnabled: false, customerServiceAdminId: adminId });
  });
});

// these run in order: each adds admins to the same database
describe('system.customerService', () => {
  let firstAdmin: string;
  let secondAdmin: string;
  let member: string;

  beforeEach(async () => {
    await storeRaw('customer_service_enabled', 'true');
    await storeRaw('customer_service_admin_id', 'null');
  });

  test('with no admin at all there is no customer service', async () => {
    member = await insertUser();
    expect(await customerServiceFailure()).toBe('NO_CUSTOMER_SERVICE');
  });

  test('uses the earliest-registered admin when none is configured', async () => {
    secondAdmin = await insertUser({ admin: true, createdAt: new Date('2026-03-01T00:00:00Z') });
    firstAdmin = await insertUser({ admin: true, createdAt: new Date('2026-01-01T00:00:00Z') });
    const caller = await callerFor(services);
    expect(await caller.system.customerService()).toEqual({ adminId: firstAdmin });
  });

  test('uses the configured admin when that id is an admin, the first admin when it is not', async () => {
    const caller = await callerFor(services, member);
    await storeRaw('customer_service_admin_id', JSON.stringify(secondAdmin));
    expect(await caller.system.customerService()).toEqual({ adminId: secondAdmin });
    await storeRaw('customer_service_admin_id', JSON.stringify(member));
    expect(await caller.system.customerService()).toEqual({ adminId: firstAdmin });
    await storeRaw('customer_service_admin_id', JSON.stringify('0b8c3d5e-1111-4222-8333-944455556666'));
    expect(await caller.system.customerService()).toEqual({ adminId: firstAdmin });
  });

  test('a banned admin does not answer customer service', async () => {
    await db.db.insertInto('user_bans').values({ user_id: firstAdmin, reason: 'test ban' }).execute();
    try {
      const caller = await callerFor(services);
      expect(await caller.system.customerService()).toEqual({ adminId: secondAdmin });
    } finally {
      await db.db.deleteFrom('user_bans').where('user_id', '=', firstAdmin).execute();
    }
  });

  test('switched off: no customer service even though admins exist', async () => {
    await storeRaw('customer_service_enabled', 'false');
    expect(await customerServiceFailure()).toBe('NO_CUSTOMER_SERVICE');
  });
});
