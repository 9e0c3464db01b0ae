import { wholeUsdnToCents, ZAdminGenerateCodesInput, ZAdminGenerateCodesResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { runInTransaction } from '../../../db/transaction.ts';
import { generateRechargeCodes } from '../../../domain/wallet/recharge-codes/generate-codes.ts';
import { recordAdminAction } from '../../../domain/admin/audit.ts';

const DAY_MS = 86_400_000;

/** Spec 3 §9 "batch name defaults to a timestamp": the server's UTC time to the second. */
export function defaultBatchName(now: Date): string {
  return now.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Spec 3 §2.7: a batch of new active codes. The limits (value ≥ 10, quantity 1–1000, whole days)
 * are the input schema's; the codes and the audit entry are written in one transaction, so a
 * batch exists exactly when its entry does.
 */
export const generate = adminProcedure
  .input(ZAdminGenerateCodesInput)
  .output(ZAdminGenerateCodesResult)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.services.clock.now();
    const batchName = input.batchName ?? defaultBatchName(now);
    const expiresAt = input.expiryDays === 0 ? null : new Date(now.getTime() + input.expiryDays * DAY_MS);
    const valueCents = wholeUsdnToCents(input.valueUsdn);
    return runInTransaction(ctx.services.db, async (trx) => {
      const codes = await generateRechargeCodes(trx, { count: input.quantity, valueCents, batchName, expiresAt, createdBy: ctx.user.id, now });
      await recordAdminAction(trx, {
        adminId: ctx.user.id,
        action: 'recharge_code.generate',
        targetType: 'recharge_code_batch',
        targetId: batchName,
        after: { batch_name: batchName, count: codes.length, value_cents: valueCents, expires_at: expiresAt?.toISOString() ?? null },
      });
      return { batchName, count: codes.length, expiresAt };
    });
  });
