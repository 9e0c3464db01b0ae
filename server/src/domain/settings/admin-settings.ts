import type { Tx } from '../../db/transaction.ts';
import { recordAdminAction } from '../admin/audit.ts';
import { decodeSetting, putSetting, SETTING_DEFAULTS, type SettingKey, type SettingValue, type SystemSettings } from './settings.ts';

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
