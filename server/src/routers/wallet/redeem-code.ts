import { ZRedeemCodeInput, ZRedeemCodeResult } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { redeemCodeOnce } from '../../domain/wallet/recharge-codes/redeem-code.ts';

/** Redeem a recharge code for USDN. */
export const redeemCode = memberProcedure
  .input(ZRedeemCodeInput)
  .output(ZRedeemCodeResult)
  .mutation(async ({ ctx, input }) => {
    const redeemed = await redeemCodeOnce(ctx.services, { userId: ctx.user.id, ...input });
    return { usdnReceivedCents: redeemed.usdnReceivedCents };
  });
