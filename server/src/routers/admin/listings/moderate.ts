import { ZAdminListingActionInput, ZAdminListingActionResult, ZAdminListingReasonInput } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { moderateListing } from '../../../domain/listings/moderate-as-admin.ts';

/** Approve (rule AD-10): an optional note for the log; the seller is not messaged. */
export const approve = adminProcedure
  .input(ZAdminListingActionInput)
  .output(ZAdminListingActionResult)
  .mutation(({ ctx, input }) => moderateListing(ctx.services, ctx.user.id, 'approve', { listingId: input.listingId, reason: input.note }));

/** Reject and take down (rules AD-11 and AD-12): a required reason, logged and sent to the seller. */
export const reject = adminProcedure
  .input(ZAdminListingReasonInput)
  .output(ZAdminListingActionResult)
  .mutation(({ ctx, input }) => moderateListing(ctx.services, ctx.user.id, 'reject', input));

export const takeDown = adminProcedure
  .input(ZAdminListingReasonInput)
  .output(ZAdminListingActionResult)
  .mutation(({ ctx, input }) => moderateListing(ctx.services, ctx.user.id, 'take_down', input));
