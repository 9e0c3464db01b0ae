import { ZAdminComplaintResolveInput, ZAdminComplaintResolveResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { resolveComplaint } from '../../../domain/moderation/resolve-complaint.ts';

/**
 * Resolve a pending complaint with a response (rule AD-19; RESPONSE_REQUIRED when empty).
 * The guarded UPDATE resolves it once: a second click or a second admin gets
 * REQUEST_ALREADY_PROCESSED and writes nothing. The reporter is notified with the response
 * and, for an order or a listing, a link to it (the order page also lists the response).
 */
export const resolve = adminProcedure
  .input(ZAdminComplaintResolveInput)
  .output(ZAdminComplaintResolveResult)
  .mutation(({ ctx, input }) => resolveComplaint(ctx.services, ctx.user.id, input));
