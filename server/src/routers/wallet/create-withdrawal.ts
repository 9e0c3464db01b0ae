import { z } from 'zod';
import { ZCreateWithdrawalInput } from '@curio/shared';
import { verifiedMemberProcedure } from '../../trpc/init.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { withIdempotency } from '../../domain/ledger/with-idempotency.ts';
import { publishBalanceChanges } from '../../domain/ledger/index.ts';
import { createWithdrawal as createRequest } from '../../domain/wallet/withdrawal.ts';

/** Request a USDX withdrawal to a Solana address; the amount is held at once (DESIGN 5). */
export const createWithdrawal = verifiedMemberProcedure
  .input(ZCreateWithdrawalInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.user.id;
    const now = ctx.services.clock.now();
    let affected: string[] = [];
    const result = await runInTransaction(ctx.services.db, (trx) =>
      withIdempotency(
        trx,
        { userId, key: input.idempotencyKey, operation: 'wallet.createWithdrawal', params: { amount: input.amount, address: input.address.trim() } },
        async () => {
          const created = await createRequest(trx, { userId, amount: input.amount, address: input.address, now });
          affected = created.affectedUserIds;
          return { id: created.id };
        },
      ),
    );
    await publishBalanceChanges(ctx.services.events, affected);
    return result;
  });
