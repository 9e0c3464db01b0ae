import { ZAdminApproveUsdnWithdrawalInput, ZAdminRejectUsdnWithdrawalInput, ZAdminWithdrawalDecisionResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { completeWithdrawalAsAdmin, rejectWithdrawalAsAdmin } from '../../../domain/wallet/resolve-withdrawal.ts';

/** The admin has paid a withdrawal out on chain and gives the transaction hash. */
export const approve = adminProcedure
  .input(ZAdminApproveUsdnWithdrawalInput)
  .output(ZAdminWithdrawalDecisionResult)
  .mutation(async ({ ctx, input }) => {
    await completeWithdrawalAsAdmin(ctx.services, { adminId: ctx.user.id, ...input });
    return { status: 'completed' as const };
  });

/** Reject a withdrawal with a reason; the held amount returns to the member. */
export const reject = adminProcedure
  .input(ZAdminRejectUsdnWithdrawalInput)
  .output(ZAdminWithdrawalDecisionResult)
  .mutation(async ({ ctx, input }) => {
    await rejectWithdrawalAsAdmin(ctx.services, { adminId: ctx.user.id, ...input });
    return { status: 'rejected' as const };
  });
