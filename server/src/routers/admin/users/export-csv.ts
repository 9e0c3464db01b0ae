import { ZAdminCsv, ZAdminUsersCsvInput } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { exportAudited, exportUsersCsv } from '../../../domain/admin/export-tables.ts';

/** The users table as CSV with its current filters and sort; audited (it carries e-mails and balances). */
export const exportCsv = adminProcedure
  .input(ZAdminUsersCsvInput)
  .output(ZAdminCsv)
  .mutation(({ ctx, input }) => exportAudited(ctx.services, ctx.user.id, 'users', exportUsersCsv, input));
