import { ZAdminCsv, ZAdminOrdersCsvInput } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { exportAudited, exportOrdersCsv } from '../../../domain/admin/export-tables.ts';

/** The orders table as CSV with its current filters and sort; audited. */
export const exportCsv = adminProcedure
  .input(ZAdminOrdersCsvInput)
  .output(ZAdminCsv)
  .mutation(({ ctx, input }) => exportAudited(ctx.services, ctx.user.id, 'orders', exportOrdersCsv, input));
