import { z } from 'zod';
import { ZCreateUsdtRechargeInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { submitUsdtRecharge } from '../../domain/wallet/usdt-recharge.ts';

/** Submit a USDT top-up request for review. No money moves yet. */
export const createUsdtRecharge = memberProcedure
  .input(ZCreateUsdtRechargeInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(({ ctx, input }) => submitUsdtRecharge(ctx.services, { userId: ctx.user.id, ...input }));
