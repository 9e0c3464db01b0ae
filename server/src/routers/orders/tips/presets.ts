import { ZTipPresets } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { getSettings } from '../../../domain/settings/settings.ts';

const ascendingUnique = (values: readonly number[]) => [...new Set(values)].sort((a, b) => a - b);

/**
 * The tip dialog's preset chips (rule AD-27: USDN 1, 2, 5, 10, 20, 100 and points 1, 5, 10, 20,
 * 50, 100, overridable by settings, shown ascending). system.publicSettings does not carry the
 * tip keys yet; this reads the same settings rows.
 */
export const presets = publicProcedure.output(ZTipPresets).query(async ({ ctx }) => {
  const settings = await getSettings(ctx.services.db, ['tip_usdn_amounts', 'tip_points_amounts']);
  return { usdn: ascendingUnique(settings.tip_usdn_amounts), points: ascendingUnique(settings.tip_points_amounts) };
});
