import { ZAdminTipAmountInput, ZAdminTipSettings, TIP_PRESETS_MAX, type TAdminTipSettings, type TTipCurrency } from '@curio/shared';
import { runInTransaction, type Tx } from '../../../db/transaction.ts';
import { adminProcedure, router } from '../../../trpc/init.ts';
import { DomainError } from '../../../domain/domain-error.ts';
import { getSettings, putSetting } from '../../../domain/settings/settings.ts';
import { lockSetting } from '../../../domain/settings/admin-settings.ts';
import { recordAdminAction } from '../../../domain/admin/audit.ts';

const KEYS = { usdn: 'tip_usdn_amounts', points: 'tip_points_amounts' } as const;

/** Stored ascending without repeats (spec 3 §5), whatever an older row held. */
const ascendingUnique = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b);

/** Spec 3 §2.10: the two preset lists of the tip dialog. */
const get = adminProcedure.output(ZAdminTipSettings).query(async ({ ctx }): Promise<TAdminTipSettings> => {
  const settings = await getSettings(ctx.services.db, [KEYS.usdn, KEYS.points]);
  return { usdn: ascendingUnique(settings.tip_usdn_amounts), points: ascendingUnique(settings.tip_points_amounts) };
});

/**
 * Read-modify-write of one list under its row lock (lockSetting), audited with the list before
 * and after. `edit` returns the new list or throws the refusal; a refusal rolls back everything.
 */
async function editList(
  trx: Tx,
  input: { currency: TTipCurrency; amount: number; adminId: string; now: Date; action: string },
  edit: (current: number[]) => number[],
): Promise<number[]> {
  const key = KEYS[input.currency];
  const before = ascendingUnique(await lockSetting(trx, key, input.now));
  const after = ascendingUnique(edit(before));
  await putSetting(trx, key, after, input.adminId, input.now);
  await recordAdminAction(trx, {
    adminId: input.adminId,
    action: input.action,
    targetType: 'setting',
    targetId: key,
    before: { [key]: before },
    after: { [key]: after },
  });
  return after;
}

/**
 * Adds a preset: a positive whole number (INVALID_AMOUNT, checked by the schema), not already
 * in the list (TIP_AMOUNT_EXISTS). A list holds at most TIP_PRESETS_MAX chips (VALIDATION_FAILED).
 */
const add = adminProcedure
  .input(ZAdminTipAmountInput)
  .output(ZAdminTipSettings.shape.usdn)
  .mutation(({ ctx, input }) =>
    runInTransaction(ctx.services.db, (trx) =>
      editList(trx, { ...input, adminId: ctx.user.id, now: ctx.services.clock.now(), action: 'tip_amount.add' }, (current) => {
        if (current.includes(input.amount)) throw new DomainError('TIP_AMOUNT_EXISTS');
        if (current.length >= TIP_PRESETS_MAX) throw new DomainError('VALIDATION_FAILED', { field: 'amount', max: TIP_PRESETS_MAX });
        return [...current, input.amount];
      }),
    ),
  );

/**
 * Removes a preset. The last one stays: an empty list would leave the tip dialog without a
 * single suggestion, and the spec always shows some (VALIDATION_FAILED; the tab disables the
 * button first). An amount not in the list is NOT_FOUND.
 */
const remove = adminProcedure
  .input(ZAdminTipAmountInput)
  .output(ZAdminTipSettings.shape.usdn)
  .mutation(({ ctx, input }) =>
    runInTransaction(ctx.services.db, (trx) =>
      editList(trx, { ...input, adminId: ctx.user.id, now: ctx.services.clock.now(), action: 'tip_amount.remove' }, (current) => {
        if (!current.includes(input.amount)) throw new DomainError('NOT_FOUND');
        if (current.length <= 1) throw new DomainError('VALIDATION_FAILED', { field: 'amount' });
        return current.filter((amount) => amount !== input.amount);
      }),
    ),
  );

export const adminTipSettingsRouter = router({ get, add, remove });
