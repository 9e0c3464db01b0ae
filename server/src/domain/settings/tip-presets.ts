import { TIP_PRESETS_MAX, type TAdminTipSettings, type TTipCurrency } from '@curio/shared';
import type { Kysely } from 'kysely';
import type { AppServices } from '../../app-services.ts';
import type { Database } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { recordAdminAction } from '../admin/audit.ts';
import { getSettings, putSetting } from './settings.ts';
import { lockSetting } from './admin-settings.ts';

const KEYS = { usdn: 'tip_usdn_amounts', points: 'tip_points_amounts' } as const;

/** Stored ascending without repeats, whatever an older row held. */
const ascendingUnique = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b);

/** The two preset lists of the tip dialog. */
export async function readTipPresets(db: Kysely<Database>): Promise<TAdminTipSettings> {
  const settings = await getSettings(db, [KEYS.usdn, KEYS.points]);
  return { usdn: ascendingUnique(settings.tip_usdn_amounts), points: ascendingUnique(settings.tip_points_amounts) };
}

/**
 * Read-modify-write of one list under its row lock (lockSetting), audited with the list before
 * and after. `edit` returns the new list or throws the refusal; a refusal rolls back everything.
 */
function editPresets(
  services: AppServices,
  input: { currency: TTipCurrency; adminId: string; action: string },
  edit: (current: number[]) => number[],
): Promise<number[]> {
  const key = KEYS[input.currency];
  const now = services.clock.now();
  return runInTransaction(services.db, async (trx) => {
    const before = ascendingUnique(await lockSetting(trx, key, now));
    const after = ascendingUnique(edit(before));
    await putSetting(trx, key, after, input.adminId, now);
    await recordAdminAction(trx, {
      adminId: input.adminId,
      action: input.action,
      targetType: 'setting',
      targetId: key,
      before: { [key]: before },
      after: { [key]: after },
    });
    return after;
  });
}

/**
 * Adds a preset: a positive whole number (INVALID_AMOUNT, checked by the schema), not already
 * in the list (TIP_AMOUNT_EXISTS). A list holds at most TIP_PRESETS_MAX chips (VALIDATION_FAILED).
 */
export function addTipPreset(services: AppServices, adminId: string, input: { currency: TTipCurrency; amount: number }): Promise<number[]> {
  return editPresets(services, { currency: input.currency, adminId, action: 'tip_amount.add' }, (current) => {
    if (current.includes(input.amount)) throw new DomainError('TIP_AMOUNT_EXISTS');
    if (current.length >= TIP_PRESETS_MAX) throw new DomainError('VALIDATION_FAILED', { field: 'amount', max: TIP_PRESETS_MAX });
    return [...current, input.amount];
  });
}

/**
 * Removes a preset. The last one stays: an empty list would leave the tip dialog without a
 * single suggestion (VALIDATION_FAILED; the tab disables the button first). An amount not in
 * the list is NOT_FOUND.
 */
export function removeTipPreset(services: AppServices, adminId: string, input: { currency: TTipCurrency; amount: number }): Promise<number[]> {
  return editPresets(services, { currency: input.currency, adminId, action: 'tip_amount.remove' }, (current) => {
    if (!current.includes(input.amount)) throw new DomainError('NOT_FOUND');
    if (current.length <= 1) throw new DomainError('VALIDATION_FAILED', { field: 'amount' });
    return current.filter((amount) => amount !== input.amount);
  });
}
