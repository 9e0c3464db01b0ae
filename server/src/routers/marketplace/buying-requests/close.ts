import { ZBuyingRequestDetail, ZBuyingRequestIdInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { closeBuyingRequest } from '../../../domain/buying-requests/close-request.ts';

/** The owner closes an active request; offers still pending or negotiating are rejected with it (ADR 0009). */
export const close = memberProcedure
  .input(ZBuyingRequestIdInput)
  .output(ZBuyingRequestDetail)
  .mutation(({ ctx, input }) => closeBuyingRequest(ctx.services, ctx.user.id, input));
