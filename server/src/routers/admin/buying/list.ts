import { ZAdminBuyingInput, ZAdminBuyingPage } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { listBuyingRequests } from '../../../domain/admin/lists/buying-requests.ts';

export const list = adminProcedure
  .input(ZAdminBuyingInput)
  .output(ZAdminBuyingPage)
  .query(({ ctx, input }) => listBuyingRequests(ctx.services.db, input, ctx.services.clock.now()));
