import { ZTransferInput, ZTransferResult } from '@curio/shared';
import { verifiedMemberProcedure } from '../../trpc/init.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { withIdempotency } from '../../domain/ledger/with-idempotency.ts';
import { publishBalanceChanges } from '../../domain/ledger/index.ts';
import { transferUsdn } from '../../domain/wallet/transfer-usdn.ts';

/** Send USDX to another member by e-mail, free of fees (spec 2 §5 Transfer). */
export const transfer = verifiedMemberProcedure
  .input(ZTransferInput)
  .output(ZTransferResult)
  .mutation(async ({ ctx, input }) => {
    const senderId = ctx.user.id;
    const now = ctx.services.clock.now();
    const { idempotencyKey, ...params } = input;
    let affected: string[] = [];
    const result = await runInTransaction(ctx.services.db, (trx) =>
      withIdempotency(
        trx,
        { userId: senderId, key: idempotencyKey, operation: 'wallet.transfer', params: { ...params, email: params.email.trim().toLowerCase() } },
        async () => {
          const sent = await transferUsdn(trx, { senderId, ...params, now });
          affected = sent.affectedUserIds;
          return { id: sent.id, amountCents: sent.amountCents };
        },
      ),
    );
    await publishBalanceChanges(ctx.services.events, affected);
    return result;
  });
