import { z } from 'zod';
import { ZTip, ZTipsForOrderInput } from '@curio/shared';
import { memberProcedure } from '../../../trpc/init.ts';
import { tipsForOrder } from '../../../domain/orders/tips/for-order.ts';

/** The tips on an order, newest first, for its buyer and seller only. */
export const forOrder = memberProcedure
  .input(ZTipsForOrderInput)
  .output(z.array(ZTip))
  .query(({ ctx, input }) => tipsForOrder(ctx.services, ctx.user.id, input));
