import type { z } from 'zod';
import type { ZAdminGenerateCodesInput, ZAdminGenerateCodesResult } from '@curio/shared';
import { wholeUsdnToCents } from '@curio/shared';
import { runInTransaction } from '../../../db/transaction.ts';
import { generateRechargeCodes } from './generate-codes.ts';
import { recordAdminAction } from '../../admin/audit.ts';
import type { AppServices } from '../../../app-services.ts';

const DAY_MS = 86_400_000;

/** The default batch name of rule AD-17, the time of generation: the server's UTC time to the second. */
export function defaultBatchName(now: Date): string {
  return now.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A batch of new active codes (rule AD-17). The limits (value ≥ 10, quantity 1–1000, whole days)
 * are the input schema's; the codes and the audit entry are written in one transaction, so a
 * batch exists exactly when its entry does.
 */
export async function generateRechargeCodeBatch(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZAdminGenerateCodesInput>,
): Promise<z.output<typeof ZAdminGenerateCodesResult>> {
  const now = services.clock.now();
  const batchName = input.batchName ?? defaultBatchName(now);
  const expiresAt = input.expiryDays === 0 ? null : new Date(now.getTime() + input.expiryDays * DAY_MS);
  const valueCents = wholeUsdnToCents(input.valueUsdn);
  return runInTransaction(services.db, async (trx) => {
    const codes = await generateRechargeCodes(trx, { count: input.quantity, valueCents, batchName, expiresAt, createdBy: memberId, now });
    await recordAdminAction(trx, {
      adminId: memberId,
      action: 'recharge_code.generate',
      targetType: 'recharge_code_batch',
      targetId: batchName,
      after: { batch_name: batchName, count: codes.length, value_cents: valueCents, expires_at: expiresAt?.toISOString() ?? null },
    });
    return { batchName, count: codes.length, expiresAt };
  });
}
