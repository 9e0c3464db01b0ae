import { ZBuyingRequestCreated, ZCreateBuyingRequestInput } from '@curio/shared';
import { limitedPerMember, memberProcedure } from '../../../trpc/init.ts';
import { postBuyingRequest } from '../../../domain/buying-requests/post-request.ts';

/** Publish a buying request (rule B-1): free, opens at once, expires after expiresInDays. */
export const create = memberProcedure
  .use(limitedPerMember('buyingRequestsPerMember'))
  .input(ZCreateBuyingRequestInput)
  .output(ZBuyingRequestCreated)
  .mutation(({ ctx, input }) => postBuyingRequest(ctx.services, ctx.user.id, input));
