import { ZBuyingRequestDetail, ZBuyingRequestIdInput } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { loadBuyingRequestDetail } from '../../../domain/buying-requests/read.ts';

/** Public detail of /buying-requests/:id, with the signed-in viewer's likes, follow and active offer. */
export const get = publicProcedure
  .input(ZBuyingRequestIdInput)
  .output(ZBuyingRequestDetail)
  .query(({ ctx, input }) => loadBuyingRequestDetail(ctx.services.db, input.id, ctx.auth?.user.id ?? null, ctx.services.clock.now()));
