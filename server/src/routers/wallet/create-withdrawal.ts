import { z } from 'zod';
import { ZCreateWithdrawalInput } from '@curio/shared';
import { verifiedMemberProcedure } from '../../trpc/init.ts';
import { requestWithdrawal } from '../../domain/wallet/withdrawal.ts';

/** Request a USDN withdrawal to a Solana address; the amount is held at once (ADR 0015). */
export const createWithdrawal = verifiedMemberProcedure
  .input(ZCreateWithdrawalInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(async ({ ctx, input }) => {
    const created = await requestWithdrawal(ctx.services, { userId: ctx.user.id, ...input });
    return { id: created.id };
  });
