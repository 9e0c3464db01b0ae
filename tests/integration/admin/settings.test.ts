import type { AppErrorCode } from '@curio/shared';
import { SETTING_DEFAULTS, getSettings } from '../../../server/src/domain/settings/settings.ts';
import { describe, expect, test } from '../../helpers/fixtures.ts';
import { callerFor } from '../../helpers/services.ts';
import { type TestDatabase } from '../../helpers/test-db.ts';
import { insertTestUser } from '../../helpers/users.ts';
import { expectAppError } from '../../helpers/app-errors.ts';

const SOLANA_ADDRESS = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const OTHER_SOLANA_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

function settingAudit(db: TestDatabase) {
  return db.db
    .selectFrom('admin_audit_log')
    .select(['admin_id', 'action', 'target_id', 'before', 'after'])
    .where('target_type', '=', 'setting')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

const KEYS = [
  'usdt_solana_address',
  'usdn_withdrawal_min',
  'usdn_withdrawal_fee_percentage',
  'usdn_to_usdt_rate',
  'usdt_min_recharge',
  'usdt_recharge_rate',
  'customer_service_enabled',
  'customer_service_admin_id',
] as const;
const stored = (db: TestDatabase) => getSettings(db.db, KEYS);

/** A refused save: the exact code, and not one setting or audit entry changed. */
async function expectRefused(db: TestDatabase, call: () => Promise<unknown>, code: AppErrorCode) {
  const [settingsBefore, auditBefore] = await Promise.all([stored(db), settingAudit(db)]);
  await expectAppError(call(), code);
  expect(await stored(db)).toEqual(settingsBefore);
  expect(await settingAudit(db)).toHaveLength(auditBefore.length);
}

describe('admin.settings.get', () => {
  test('shows the stored values (the defaults of rules W-8 and W-10 on a fresh database) and the admins who can answer', async ({ db, admin }) => {
    const head = await insertTestUser(db.db, { admin: true, nickname: 'Head admin' });
    const member = await insertTestUser(db.db, { nickname: 'Plain member' });
    const settings = await admin.api.admin.settings.get();
    expect(settings).toMatchObject({
      usdtSolanaAddress: '',
      usdnWithdrawalMin: 10,
      usdnWithdrawalFeeRate: 0.03,
      usdnToUsdtRate: 1,
      usdtMinRecharge: SETTING_DEFAULTS.usdt_min_recharge,
      usdtRechargeRate: SETTING_DEFAULTS.usdt_recharge_rate,
      customerServiceEnabled: true,
      customerServiceAdminId: null,
    });
    expect(settings.admins).toContainEqual({ id: head.id, nickname: 'Head admin' });
    expect(settings.admins.map((a) => a.id)).not.toContain(member.id);
  });
});

describe('admin.settings.updateSolanaAddress (a Solana address as rule W-9 says: at least 32 characters, valid base58)', () => {
  test.for([
    ['empty', ''],
    ['31 characters', SOLANA_ADDRESS.slice(0, 31)],
    ['32 characters with a 0, O, I or l (not base58)', `0OIl${SOLANA_ADDRESS.slice(4, 32)}`],
    ['a TRON address', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
    ['longer than any Solana address', `${SOLANA_ADDRESS}abc`],
  ] as const)('%s: SOLANA_ADDRESS_INVALID, nothing stored', async ([, address], { db, admin }) => {
    await expectRefused(db, () => admin.api.admin.settings.updateSolanaAddress({ address }), 'SOLANA_ADDRESS_INVALID');
  });

  test('a valid address is stored trimmed, audited, and shown to members on the top-up screen', async ({ db, services, admin }) => {
    const before = (await settingAudit(db)).length;
    expect(await admin.api.admin.settings.updateSolanaAddress({ address: `  ${SOLANA_ADDRESS}  ` })).toEqual({ changed: ['usdt_solana_address'] });
    expect((await stored(db)).usdt_solana_address).toBe(SOLANA_ADDRESS);
    const entries = (await settingAudit(db)).slice(before);
    expect(entries).toEqual([
      {
        admin_id: admin.id,
        action: 'settings.solana_address',
        target_id: 'usdt_solana_address',
        before: { usdt_solana_address: '' },
        after: { usdt_solana_address: SOLANA_ADDRESS },
      },
    ]);
    const member = await callerFor(services, (await insertTestUser(db.db)).id);
    expect((await member.wallet.depositInfo()).address).toBe(SOLANA_ADDRESS);

    // saving the same address again changes nothing and logs nothing
    expect(await admin.api.admin.settings.updateSolanaAddress({ address: SOLANA_ADDRESS })).toEqual({ changed: [] });
    expect(await settingAudit(db)).toHaveLength(before + 1);
    await admin.api.admin.settings.updateSolanaAddress({ address: OTHER_SOLANA_ADDRESS });
    expect((await settingAudit(db)).at(-1)).toMatchObject({
      before: { usdt_solana_address: SOLANA_ADDRESS },
      after: { usdt_solana_address: OTHER_SOLANA_ADDRESS },
    });
  });
});

describe('admin.settings.updateWithdrawal (rule AD-26: minimum ≥ 1, fee 0..1, rate > 0)', () => {
  const valid = { minUsdn: 10, feeRate: 0.03, usdtRate: 1 };
  test.for([
    ['minimum below 1', { ...valid, minUsdn: 0.99 }],
    ['minimum 0', { ...valid, minUsdn: 0 }],
    ['negative fee', { ...valid, feeRate: -0.01 }],
    ['fee above 1', { ...valid, feeRate: 1.01 }],
    ['rate 0', { ...valid, usdtRate: 0 }],
    ['negative rate', { ...valid, usdtRate: -1 }],
    ['not a number', { ...valid, usdtRate: Number.NaN }],
    ['infinite minimum', { ...valid, minUsdn: Number.POSITIVE_INFINITY }],
    ['an absurd minimum (a typo of many zeros)', { ...valid, minUsdn: 10_000_000 }],
  ] as const)('%s: SETTING_VALUES_INVALID, nothing stored', async ([, input], { db, admin }) => {
    await expectRefused(db, () => admin.api.admin.settings.updateWithdrawal(input), 'SETTING_VALUES_INVALID');
  });

  test('the boundaries are accepted; each changed key is audited with before and after; members see the new terms', async ({ db, services, admin }) => {
    const before = (await settingAudit(db)).length;
    const result = await admin.api.admin.settings.updateWithdrawal({ minUsdn: 1, feeRate: 1, usdtRate: 0.5 });
    expect(result.changed.sort()).toEqual(['usdn_to_usdt_rate', 'usdn_withdrawal_fee_percentage', 'usdn_withdrawal_min']);
    const entries = (await settingAudit(db)).slice(before);
    expect(entries.map((e) => [e.action, e.target_id, e.before, e.after])).toEqual([
      ['settings.withdrawal', 'usdn_to_usdt_rate', { usdn_to_usdt_rate: 1 }, { usdn_to_usdt_rate: 0.5 }],
      ['settings.withdrawal', 'usdn_withdrawal_fee_percentage', { usdn_withdrawal_fee_percentage: 0.03 }, { usdn_withdrawal_fee_percentage: 1 }],
      ['settings.withdrawal', 'usdn_withdrawal_min', { usdn_withdrawal_min: 10 }, { usdn_withdrawal_min: 1 }],
    ]);

    // only the fee changes: one entry
    expect(await admin.api.admin.settings.updateWithdrawal({ minUsdn: 1, feeRate: 0, usdtRate: 0.5 })).toEqual({ changed: ['usdn_withdrawal_fee_percentage'] });
    const member = await callerFor(services, (await insertTestUser(db.db)).id);
    expect(await member.wallet.withdrawalInfo()).toEqual({ minUsdn: 1, feeRate: 0, usdtRate: 0.5 });
    await admin.api.admin.settings.updateWithdrawal({ minUsdn: 12.5, feeRate: 0.025, usdtRate: 0.997 });
    expect(await member.wallet.withdrawalInfo()).toEqual({ minUsdn: 12.5, feeRate: 0.025, usdtRate: 0.997 });
  });
});

describe('admin.settings.updateRecharge (the USDT top-up minimum and rate: both > 0)', () => {
  test.for([
    ['minimum 0', { minUsdt: 0, rate: 1 }],
    ['rate 0', { minUsdt: 10, rate: 0 }],
    ['negative rate', { minUsdt: 10, rate: -2 }],
  ] as const)('%s: SETTING_VALUES_INVALID, nothing stored', async ([, input], { db, admin }) => {
    await expectRefused(db, () => admin.api.admin.settings.updateRecharge(input), 'SETTING_VALUES_INVALID');
  });

  test('valid values are stored, audited and used by the top-up screen', async ({ db, services, admin }) => {
    const before = (await settingAudit(db)).length;
    await admin.api.admin.settings.updateRecharge({ minUsdt: 25, rate: 1.5 });
    expect((await settingAudit(db)).slice(before).map((e) => [e.action, e.target_id, e.after])).toEqual([
      ['settings.recharge', 'usdt_min_recharge', { usdt_min_recharge: 25 }],
      ['settings.recharge', 'usdt_recharge_rate', { usdt_recharge_rate: 1.5 }],
    ]);
    const member = await callerFor(services, (await insertTestUser(db.db)).id);
    expect(await member.wallet.depositInfo()).toMatchObject({ minUsdtCents: 2_500, rate: 1.5 });
  });
});

describe('admin.settings.updateCustomerService', () => {
  test('the answering admin must be an admin who is not banned: CUSTOMER_SERVICE_ADMIN_INVALID', async ({ db, admin }) => {
    const member = await insertTestUser(db.db);
    const bannedAdmin = await insertTestUser(db.db, { admin: true });
    await db.db.insertInto('user_bans').values({ user_id: bannedAdmin.id, reason: 'test ban' }).execute();
    await expectRefused(db, () => admin.api.admin.settings.updateCustomerService({ enabled: true, adminId: member.id }), 'CUSTOMER_SERVICE_ADMIN_INVALID');
    await expectRefused(db, () => admin.api.admin.settings.updateCustomerService({ enabled: true, adminId: bannedAdmin.id }), 'CUSTOMER_SERVICE_ADMIN_INVALID');
    await expectRefused(
      db,
      () => admin.api.admin.settings.updateCustomerService({ enabled: true, adminId: '00000000-0000-4000-8000-00000000abcd' }),
      'CUSTOMER_SERVICE_ADMIN_INVALID',
    );
    await expectRefused(db, () => admin.api.admin.settings.updateCustomerService({ enabled: true, adminId: 'not-a-uuid' }), 'CUSTOMER_SERVICE_ADMIN_INVALID');
  });

  test('choosing an admin and switching the service off and on: stored, audited, and the public button follows', async ({ db, services, admin }) => {
    const support = await insertTestUser(db.db, { admin: true, nickname: 'Support desk' });
    const visitor = await callerFor(services);
    const before = (await settingAudit(db)).length;

    expect(await admin.api.admin.settings.updateCustomerService({ enabled: true, adminId: support.id })).toEqual({ changed: ['customer_service_admin_id'] });
    expect(await visitor.system.customerService()).toEqual({ adminId: support.id });

    expect(await admin.api.admin.settings.updateCustomerService({ enabled: false, adminId: support.id })).toEqual({ changed: ['customer_service_enabled'] });
    await expectAppError(visitor.system.customerService(), 'NO_CUSTOMER_SERVICE');
    expect((await admin.api.admin.settings.get()).customerServiceEnabled).toBe(false);

    // null: back to the earliest-registered admin
    await admin.api.admin.settings.updateCustomerService({ enabled: true, adminId: null });
    expect(await visitor.system.customerService()).toEqual({ adminId: admin.id });

    expect((await settingAudit(db)).slice(before).map((e) => [e.action, e.target_id, e.before, e.after])).toEqual([
      ['settings.customer_service', 'customer_service_admin_id', { customer_service_admin_id: null }, { customer_service_admin_id: support.id }],
      ['settings.customer_service', 'customer_service_enabled', { customer_service_enabled: true }, { customer_service_enabled: false }],
      ['settings.customer_service', 'customer_service_admin_id', { customer_service_admin_id: support.id }, { customer_service_admin_id: null }],
      ['settings.customer_service', 'customer_service_enabled', { customer_service_enabled: false }, { customer_service_enabled: true }],
    ]);
  });
});
