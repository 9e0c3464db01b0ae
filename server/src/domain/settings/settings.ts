import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The system_settings keys of rules AD-26 and AD-27 with their types. Values are stored as JSON-encoded
 * text; a missing row or a value of the wrong shape reads as the default, so a bad admin edit
 * (or a row deleted by hand) degrades to the documented behaviour instead of a 500.
 */
const SETTING_SCHEMAS = {
  customer_service_enabled: z.boolean(),
  customer_service_admin_id: z.uuid().nullable(),
  usdt_solana_address: z.string(),
  usdn_withdrawal_min: z.number().min(1),
  usdn_withdrawal_fee_percentage: z.number().min(0).max(1),
  usdn_to_usdt_rate: z.number().positive(),
  tip_usdn_amounts: z.array(z.number().int().positive()),
  tip_points_amounts: z.array(z.number().int().positive()),
  buying_offer_max_negotiation_rounds: z.number().int().positive(),
  usdt_min_recharge: z.number().positive(),
  usdt_recharge_rate: z.number().positive(),
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTING_SCHEMAS)[K]>;
export type SystemSettings = { [K in SettingKey]: SettingValue<K> };

/** The same values the foundation migration inserts. */
export const SETTING_DEFAULTS: SystemSettings = {
  customer_service_enabled: true,
  customer_service_admin_id: null,
  usdt_solana_address: '',
  usdn_withdrawal_min: 10,
  usdn_withdrawal_fee_percentage: 0.03,
  usdn_to_usdt_rate: 1,
  tip_usdn_amounts: [1, 2, 5, 10, 20, 100],
  tip_points_amounts: [1, 5, 10, 20, 50, 100],
  buying_offer_max_negotiation_rounds: 3,
  usdt_min_recharge: 10,
  usdt_recharge_rate: 1,
};

export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

export function isSettingKey(value: string): value is SettingKey {
  return Object.hasOwn(SETTING_SCHEMAS, value);
}

/** A stored JSON text as the key's value; a missing or malformed value reads as the default. */
export function decodeSetting<K extends SettingKey>(key: K, stored: string | undefined): SettingValue<K> {
  if (stored === undefined) return SETTING_DEFAULTS[key];
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return SETTING_DEFAULTS[key];
  }
  const parsed = SETTING_SCHEMAS[key].safeParse(json);
  return parsed.success ? (parsed.data as SettingValue<K>) : SETTING_DEFAULTS[key];
}

export async function getSetting<K extends SettingKey>(db: Kysely<Database>, key: K): Promise<SettingValue<K>> {
  const row = await db.selectFrom('system_settings').select('setting_value').where('setting_key', '=', key).executeTakeFirst();
  return decodeSetting(key, row?.setting_value);
}

/** Several settings in one query. */
export async function getSettings<K extends SettingKey>(db: Kysely<Database>, keys: readonly K[]): Promise<{ [P in K]: SettingValue<P> }> {
  const rows =
    keys.length === 0 ? [] : await db.selectFrom('system_settings').select(['setting_key', 'setting_value']).where('setting_key', 'in', keys).execute();
  const stored = new Map(rows.map((r) => [r.setting_key, r.setting_value]));
  const result = {} as { [P in K]: SettingValue<P> };
  for (const key of keys) result[key] = decodeSetting(key, stored.get(key));
  return result;
}

/**
 * Writes one setting after validating it against the key's type; throws a ZodError for a
 * value of the wrong shape, so callers validate their input first and nothing bad is stored.
 */
export async function putSetting<K extends SettingKey>(
  db: Kysely<Database>,
  key: K,
  value: SettingValue<K>,
  updatedBy: string | null,
  now: Date,
): Promise<void> {
  const encoded = JSON.stringify(SETTING_SCHEMAS[key].parse(value));
  await db
    .insertInto('system_settings')
    .values({ setting_key: key, setting_value: encoded, updated_at: now, updated_by: updatedBy })
    .onConflict((oc) => oc.column('setting_key').doUpdateSet({ setting_value: encoded, updated_at: now, updated_by: updatedBy }))
    .execute();
}
