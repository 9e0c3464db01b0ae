import { ZTransferInput, ZTransferResult } from '@curio/shared';
import { verifiedMemberProcedure } from '../../trpc/init.ts';
import { sendUsdnTransfer } from '../../domain/wallet/transfer-usdn.ts';

/** Send USDN to another member by e-mail, free of fees. */
export const transfer = verifiedMemberProcedure
  .input(ZTransferInput)
  .output(ZTransferResult)
  .mutation(async ({ ctx, input }) => {
    const sent = await sendUsdnTransfer(ctx.services, { senderId: ctx.user.id, ...input });
    return { id: sent.id, amountCents: sent.amountCents };
  });
