import type { Kysely } from 'kysely';
import type { TAdminSettings } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction, type Tx } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { recordAdminAction } from '../admin/audit.ts';
import { decodeSetting, getSettings, putSetting, SETTING_DEFAULTS, type SettingKey, type SettingValue, type SystemSettings } from './settings.ts';

/**
 * Reads a setting inside an admin's transaction and locks its row until the commit, so two
 * admins editing the same key (adding tip amounts at once, say) queue up instead of one
 * silently overwriting the other's read-modify-write. A missing row is first created with the
 * default, so there is always a row to lock.
 */
export async function lockSetting<K extends SettingKey>(trx: Tx, key: K, now: Date): Promise<SettingValue<K>> {
  await trx
    .insertInto('system_settings')
    .values({ setting_key: key, setting_value: JSON.stringify(SETTING_DEFAULTS[key]), updated_at: now, updated_by: null })
    .onConflict((oc) => oc.column('setting_key').doNothing())
    .execute();
  const row = await trx.selectFrom('system_settings').select('setting_value').where('setting_key', '=', key).forUpdate().executeTakeFirstOrThrow();
  return decodeSetting(key, row.setting_value);
}

export interface SettingsChange {
  adminId: string;
  now: Date;
  /** The audit action, e.g. 'settings.withdrawal'. */
  action: string;
}

/**
 * Writes an admin's settings changes with one audit entry per key whose value really changed
 * (target 'setting' / the key, before and after as { key: value }). Keys are locked in a
 * fixed (sorted) order so two admins saving overlapping groups cannot deadlock. Returns the
 * keys that changed.
 */
export async function changeSettings(trx: Tx, changes: Partial<SystemSettings>, change: SettingsChange): Promise<SettingKey[]> {
  const keys = (Object.keys(changes) as SettingKey[]).sort();
  const changed: SettingKey[] = [];
  for (const key of keys) {
    const after = changes[key] as SettingValue<typeof key>;
    const before = await lockSetting(trx, key, change.now);
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    await putSetting(trx, key, after, change.adminId, change.now);
    await recordAdminAction(trx, {
      adminId: change.adminId,
      action: change.action,
      targetType: 'setting',
      targetId: key,
      before: { [key]: before },
      after: { [key]: after },
    });
    changed.push(key);
  }
  return changed;
}

/** Admins who are not banned: the only people who can answer the customer-service chat. */
function activeAdmins(db: Kysely<Database>) {
  return db
    .selectFrom('user_roles')
    .innerJoin('profiles', 'profiles.user_id', 'user_roles.user_id')
    .leftJoin('user_bans', (join) => join.onRef('user_bans.user_id', '=', 'user_roles.user_id').on('user_bans.status', '=', 'active'))
    .select(['user_roles.user_id as id', 'profiles.nickname'])
    .where('user_roles.role', '=', 'admin')
    .where('user_bans.id', 'is', null);
}

/** What the console's settings tab shows, with the admins who may answer customer service. */
export async function readAdminSettings(db: Kysely<Database>): Promise<TAdminSettings> {
  const [settings, admins] = await Promise.all([
    getSettings(db, [
      'usdt_solana_address',
      'usdn_withdrawal_min',
      'usdn_withdrawal_fee_percentage',
      'usdn_to_usdt_rate',
      'usdt_min_recharge',
      'usdt_recharge_rate',
      'customer_service_enabled',
      'customer_service_admin_id',
    ]),
    activeAdmins(db).orderBy('profiles.nickname').orderBy('user_roles.user_id').execute(),
  ]);
  return {
    usdtSolanaAddress: settings.usdt_solana_address,
    usdnWithdrawalMin: settings.usdn_withdrawal_min,
    usdnWithdrawalFeeRate: settings.usdn_withdrawal_fee_percentage,
    usdnToUsdtRate: settings.usdn_to_usdt_rate,
    usdtMinRecharge: settings.usdt_min_recharge,
    usdtRechargeRate: settings.usdt_recharge_rate,
    customerServiceEnabled: settings.customer_service_enabled,
    customerServiceAdminId: settings.customer_service_admin_id,
    admins,
  };
}

/** One audited save of a group of settings; returns the keys whose value changed. */
export function saveSettings(services: AppServices, adminId: string, action: string, changes: Partial<SystemSettings>): Promise<string[]> {
  return runInTransaction(services.db, (trx) => changeSettings(trx, changes, { adminId, now: services.clock.now(), action }));
}

/**
 * The customer-service switch and the admin who answers. The admin must hold the role and not
 * be banned (CUSTOMER_SERVICE_ADMIN_INVALID); null leaves the choice to the earliest admin
 * (customer-service.ts). Checked inside the transaction with the write.
 */
export function setCustomerService(services: AppServices, adminId: string, input: { enabled: boolean; adminId: string | null }): Promise<string[]> {
  return runInTransaction(services.db, async (trx) => {
    if (input.adminId !== null) {
      const admin = await activeAdmins(trx).where('user_roles.user_id', '=', input.adminId).executeTakeFirst();
      if (!admin) throw new DomainError('CUSTOMER_SERVICE_ADMIN_INVALID');
    }
    return changeSettings(
      trx,
      { customer_service_enabled: input.enabled, customer_service_admin_id: input.adminId },
      { adminId, now: services.clock.now(), action: 'settings.customer_service' },
    );
  });
}
