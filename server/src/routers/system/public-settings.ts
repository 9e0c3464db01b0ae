import { ZPublicSettings } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { getSettings } from '../../domain/settings/settings.ts';

/** Settings any screen may read without signing in. */
export const publicSettings = publicProcedure.output(ZPublicSettings).query(async ({ ctx }) => {
  const settings = await getSettings(ctx.services.db, ['customer_service_enabled', 'customer_service_admin_id']);
  return {
    customerServiceEnabled: settings.customer_service_enabled,
    customerServiceAdminId: settings.customer_service_admin_id,
  };
});
