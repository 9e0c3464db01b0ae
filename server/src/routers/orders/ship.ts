import { ZOrderDetail, ZShipOrderInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { shipOrder } from '../../domain/orders/ship-order.ts';

/** The seller ships a paid order (rule O-6): delivery info, and the 7-day auto-complete clock of rule O-8 starts. */
export const ship = memberProcedure
  .input(ZShipOrderInput)
  .output(ZOrderDetail)
  .mutation(({ ctx, input }) => shipOrder(ctx.services, ctx.user.id, input));
