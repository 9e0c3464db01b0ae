import { ZAdminOrderDetail, ZAdminOrderIdInput } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { getOrderForAdmin } from '../../../domain/admin/lists/orders.ts';

/** One order as the console's detail dialog shows it. */
export const get = adminProcedure
  .input(ZAdminOrderIdInput)
  .output(ZAdminOrderDetail)
  .query(({ ctx, input }) => getOrderForAdmin(ctx.services.db, input.orderId));
