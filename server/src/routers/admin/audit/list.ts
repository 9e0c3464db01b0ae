import { ZAdminAuditEntry, ZAdminAuditFacets, ZAdminAuditListInput, zAdminPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listAuditLog, auditLogFacets } from '../../../domain/admin/lists/audit-log.ts';

export const list = adminProcedure
  .input(ZAdminAuditListInput)
  .output(zAdminPage(ZAdminAuditEntry))
  .query(({ ctx, input }) => listAuditLog(ctx.services.db, input));

export const facets = adminProcedure.output(ZAdminAuditFacets).query(({ ctx }) => auditLogFacets(ctx.services.db));
