import { ZSendTipInput, ZTip } from '@curio/shared';
import { verifiedMemberProcedure } from '../../../trpc/init.ts';
import { sendTip } from '../../../domain/orders/tips/send-tip.ts';

/** Tip the seller of a completed order, in USDN or Curio points. */
export const send = verifiedMemberProcedure
  .input(ZSendTipInput)
  .output(ZTip)
  .mutation(({ ctx, input }) => sendTip(ctx.services, { buyerId: ctx.user.id, ...input }));
