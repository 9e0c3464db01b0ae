import { ZAdminViolation, ZAdminViolationStats, ZAdminViolationsListInput, zAdminPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listViolations, violationStats } from '../../../domain/admin/lists/violations.ts';

export const list = adminProcedure
  .input(ZAdminViolationsListInput)
  .output(zAdminPage(ZAdminViolation))
  .query(({ ctx, input }) => listViolations(ctx.services.db, input));

export const stats = adminProcedure.output(ZAdminViolationStats).query(({ ctx }) => violationStats(ctx.services.db, ctx.services.clock.now()));
