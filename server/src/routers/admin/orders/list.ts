import { ZAdminOrdersInput, ZAdminOrdersPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listOrders } from '../../../domain/admin/lists/orders.ts';

export const list = adminProcedure
  .input(ZAdminOrdersInput)
  .output(ZAdminOrdersPage)
  .query(({ ctx, input }) => listOrders(ctx.services.db, input));
