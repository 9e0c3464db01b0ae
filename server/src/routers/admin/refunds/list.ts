import { ZAdminRefund, ZAdminRefundListInput, zAdminPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listRefunds } from '../../../domain/admin/lists/refunds.ts';

export const list = adminProcedure
  .input(ZAdminRefundListInput)
  .output(zAdminPage(ZAdminRefund))
  .query(({ ctx, input }) => listRefunds(ctx.services.db, input));
