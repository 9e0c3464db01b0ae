import { ZAdminBulkApproveInput, ZAdminBulkRejectInput, ZAdminBulkResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { moderateListingsInBulk } from '../../../domain/listings/moderate-as-admin.ts';

/** Approve a set of pending listings; each is decided, audited and reported on its own. */
export const bulkApprove = adminProcedure
  .input(ZAdminBulkApproveInput)
  .output(ZAdminBulkResult)
  .mutation(({ ctx, input }) => moderateListingsInBulk(ctx.services, ctx.user.id, 'approve', input));

/** Reject a set of pending listings with one reason, which each seller is told. */
export const bulkReject = adminProcedure
  .input(ZAdminBulkRejectInput)
  .output(ZAdminBulkResult)
  .mutation(({ ctx, input }) => moderateListingsInBulk(ctx.services, ctx.user.id, 'reject', input));
