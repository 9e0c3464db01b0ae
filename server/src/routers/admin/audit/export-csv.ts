import { ZAdminAuditCsvInput, ZAdminCsv } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { exportAudited, exportAuditCsv } from '../../../domain/admin/export-tables.ts';

/** The audit log as CSV with its current filters; the export is itself logged. */
export const exportCsv = adminProcedure
  .input(ZAdminAuditCsvInput)
  .output(ZAdminCsv)
  .mutation(({ ctx, input }) => exportAudited(ctx.services, ctx.user.id, 'audit_log', exportAuditCsv, input));
