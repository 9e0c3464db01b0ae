import { ZAdminListingActionInput, ZAdminListingActionResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { moderateListing, type ModerationAction } from '../../../domain/listings/moderate-as-admin.ts';

function moderate(action: ModerationAction) {
  return adminProcedure
    .input(ZAdminListingActionInput)
    .output(ZAdminListingActionResult)
    .mutation(({ ctx, input }) => moderateListing(ctx.services, ctx.user.id, action, input));
}

export const approve = moderate('approve');
export const reject = moderate('reject');
export const takeDown = moderate('take_down');
