import { ZBuyingRequestDetail, ZUpdateBuyingRequestInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { updateBuyingRequest } from '../../../domain/buying-requests/update-request.ts';

/**
 * /edit-buying-request/:id: the owner replaces title, description, category, images, tags and
 * budget while the request is still active (ADR 0009); a settled request is history.
 */
export const update = memberProcedure
  .input(ZUpdateBuyingRequestInput)
  .output(ZBuyingRequestDetail)
  .mutation(({ ctx, input }) => updateBuyingRequest(ctx.services, ctx.user.id, input));
