import { ZAdminBuyingCloseInput, ZAdminBuyingCloseResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { closeBuyingRequestAsAdmin } from '../../../domain/buying-requests/close-as-admin.ts';

/**
 * An admin closes a request that is still open (rule AD-14: open, offers full or in
 * negotiation, and not past its expiry); anything else is REQUEST_NOT_OPEN. It does what the
 * owner's own close does (marketplace.buyingRequests.close, ADR 0009): offers still pending
 * or negotiating are rejected with it, so no seller waits on a closed request. The guarded
 * UPDATE makes a double click close once.
 */
export const close = adminProcedure
  .input(ZAdminBuyingCloseInput)
  .output(ZAdminBuyingCloseResult)
  .mutation(({ ctx, input }) => closeBuyingRequestAsAdmin(ctx.services, ctx.user.id, input));
