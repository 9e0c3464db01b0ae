import { normaliseRedeemCode, ZRedeemCodeInput, ZRedeemCodeResult } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { withIdempotency } from '../../domain/ledger/with-idempotency.ts';
import { publishBalanceChanges } from '../../domain/ledger/index.ts';
import { redeemRechargeCode } from '../../domain/wallet/recharge-codes/redeem-code.ts';

/** Redeem a recharge code for USDN (spec 2 §5 Redeem code). */
export const redeemCode = memberProcedure
  .input(ZRedeemCodeInput)
  .output(ZRedeemCodeResult)
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.user.id;
    const now = ctx.services.clock.now();
    let affected: string[] = [];
    const result = await runInTransaction(ctx.services.db, (trx) =>
      withIdempotency(
        trx,
        { userId, key: input.idempotencyKey, operation: 'wallet.redeemCode', params: { code: normaliseRedeemCode(input.code) } },
        async () => {
          const redeemed = await redeemRechargeCode(trx, { userId, code: input.code, now });
          affected = redeemed.affectedUserIds;
          return { usdnReceivedCents: redeemed.usdnReceivedCents };
        },
      ),
    );
    await publishBalanceChanges(ctx.services.events, affected);
    return result;
  });
