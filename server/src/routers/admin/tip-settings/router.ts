import { ZAdminTipAmountInput, ZAdminTipSettings } from '@curio/shared';
import { adminProcedure, router } from '../../../trpc/init.ts';
import { addTipPreset, readTipPresets, removeTipPreset } from '../../../domain/settings/tip-presets.ts';

/** The two preset lists of the tip dialog. */
const get = adminProcedure.output(ZAdminTipSettings).query(({ ctx }) => readTipPresets(ctx.services.db));

/** Adds a preset amount to one list. */
const add = adminProcedure
  .input(ZAdminTipAmountInput)
  .output(ZAdminTipSettings.shape.usdn)
  .mutation(({ ctx, input }) => addTipPreset(ctx.services, ctx.user.id, input));

/** Removes a preset amount; the last one of a list stays. */
const remove = adminProcedure
  .input(ZAdminTipAmountInput)
  .output(ZAdminTipSettings.shape.usdn)
  .mutation(({ ctx, input }) => removeTipPreset(ctx.services, ctx.user.id, input));

export const adminTipSettingsRouter = router({ get, add, remove });
