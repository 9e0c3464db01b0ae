import { ZAdminComplaintsInput, ZAdminComplaintsPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listComplaints } from '../../../domain/admin/lists/complaints.ts';

export const list = adminProcedure
  .input(ZAdminComplaintsInput)
  .output(ZAdminComplaintsPage)
  .query(({ ctx, input }) => listComplaints(ctx.services.db, input));
