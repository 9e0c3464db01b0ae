import { z } from 'zod';
import { ZCreateUsdtRechargeInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { withIdempotency } from '../../domain/ledger/with-idempotency.ts';
import { createUsdtRecharge as createRequest } from '../../domain/wallet/usdt-recharge.ts';
import { assertOwnUploads } from '../../domain/uploads/own-uploads.ts';
import { storageFor } from '../../storage/storage-for.ts';

/** Submit a USDT top-up request for review (spec 2 §5 USDT top-up). No money moves yet. */
export const createUsdtRecharge = memberProcedure
  .input(ZCreateUsdtRechargeInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.user.id;
    const now = ctx.services.clock.now();
    const { idempotencyKey, ...params } = input;
    await assertOwnUploads(ctx.services.db, storageFor(ctx.services), {
      userId,
      keys: params.proofImages,
      error: 'VALIDATION_FAILED',
      params: { field: 'proofImages' },
    });
    return runInTransaction(ctx.services.db, (trx) =>
      withIdempotency(trx, { userId, key: idempotencyKey, operation: 'wallet.createUsdtRecharge', params }, () =>
        createRequest(trx, { userId, ...params, now }),
      ),
    );
  });
