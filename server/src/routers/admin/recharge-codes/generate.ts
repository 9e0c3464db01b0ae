import { ZAdminGenerateCodesInput, ZAdminGenerateCodesResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { generateRechargeCodeBatch } from '../../../domain/wallet/recharge-codes/generate-batch.ts';

/**
 * A batch of new active codes (rule AD-17). The limits (value ≥ 10, quantity 1–1000, whole days)
 * are the input schema's; the codes and the audit entry are written in one transaction, so a
 * batch exists exactly when its entry does.
 */
export const generate = adminProcedure
  .input(ZAdminGenerateCodesInput)
  .output(ZAdminGenerateCodesResult)
  .mutation(({ ctx, input }) => generateRechargeCodeBatch(ctx.services, ctx.user.id, input));
