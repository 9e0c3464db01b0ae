import { z } from 'zod';
import { ZBuyingRequestIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { deleteBuyingRequest } from '../../../domain/buying-requests/delete-request.ts';

/** The owner deletes a request in any status; its offers and their rounds go with it, then its images. */
export const deleteRequest = memberProcedure
  .input(ZBuyingRequestIdInput)
  .output(z.object({ deleted: z.literal(true) }))
  .mutation(({ ctx, input }) => deleteBuyingRequest(ctx.services, ctx.user.id, input));
