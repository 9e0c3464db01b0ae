import { ZCustomerService } from '@curio/shared';
import { publicProcedure } from '../../trpc/init.ts';
import { DomainError } from '../../domain/domain-error.ts';
import { findCustomerServiceAdmin } from '../../domain/settings/customer-service.ts';

/** Who the floating customer-service button opens a chat with (rule C-11). */
export const customerService = publicProcedure.output(ZCustomerService).query(async ({ ctx }) => {
  const adminId = await findCustomerServiceAdmin(ctx.services.db);
  if (!adminId) throw new DomainError('NO_CUSTOMER_SERVICE');
  return { adminId };
});
