import { ZOrderComplaintInput, ZOrderComplaintResult } from '@curio/shared';
import { limitedPerMember, memberProcedure } from '../../trpc/init.ts';
import { fileOrderComplaint } from '../../domain/orders/complain.ts';

/**
 * Either party files a complaint about the order for an admin (rule O-13), unless it was
 * cancelled. The other party is the defendant (target_user_id). Evidence images must have been
 * uploaded, so the admin never opens a complaint whose pictures do not exist.
 */
export const complain = memberProcedure
  .use(limitedPerMember('reportsPerMember'))
  .input(ZOrderComplaintInput)
  .output(ZOrderComplaintResult)
  .mutation(({ ctx, input }) => fileOrderComplaint(ctx.services, ctx.user.id, input));
