import { ZAdminApproveUsdtRechargeInput, ZAdminRejectUsdtRechargeInput, ZAdminUsdtDecisionResult } from '@curio/shared';
import { adminProcedure } from '../../../trpc/init.ts';
import { approveUsdtRechargeAsAdmin, rejectUsdtRechargeAsAdmin } from '../../../domain/wallet/resolve-usdt-recharge.ts';

/** Approve a USDT top-up: the member is credited in USDN at the rate of the day. */
export const approve = adminProcedure
  .input(ZAdminApproveUsdtRechargeInput)
  .output(ZAdminUsdtDecisionResult)
  .mutation(async ({ ctx, input }) => {
    const outcome = await approveUsdtRechargeAsAdmin(ctx.services, { adminId: ctx.user.id, ...input });
    return { status: 'approved' as const, creditedCents: outcome.creditedCents };
  });

/** Reject a USDT top-up with a reason; no money moves. */
export const reject = adminProcedure
  .input(ZAdminRejectUsdtRechargeInput)
  .output(ZAdminUsdtDecisionResult)
  .mutation(async ({ ctx, input }) => {
    await rejectUsdtRechargeAsAdmin(ctx.services, { adminId: ctx.user.id, ...input });
    return { status: 'rejected' as const, creditedCents: null };
  });
