import { z } from 'zod';

/** Spec 3 §2.1 dashboard head counts, and the pending counts the console's badges show. */
export const ZAdminDashboard = z.object({
  totals: z.object({
    users: z.number().int(),
    listings: z.number().int(),
    buyingRequests: z.number().int(),
    orders: z.number().int(),
    refunds: z.number().int(),
    complaints: z.number().int(),
    usdnWithdrawals: z.number().int(),
    usdtRecharges: z.number().int(),
    activeRechargeCodes: z.number().int(),
    violations: z.number().int(),
  }),
  pending: z.object({
    refunds: z.number().int(),
    complaints: z.number().int(),
    /** The older points redemption requests (spec 3 "withdrawals" tab). */
    withdrawals: z.number().int(),
    /** Violations nobody has reviewed yet (no review time). */
    violations: z.number().int(),
    usdtRecharges: z.number().int(),
    usdnWithdrawals: z.number().int(),
  }),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

/** An admin's decision on a pending request; notes are required where the spec asks for a reason. */
export const ZAdminRefundDecisionInput = z.object({
  refundId: z.uuid(),
  notes: z.string().trim().max(500, { error: 'CONTENT_TOO_LONG' }).nullish().transform((value) => (value ? value : null)),
});
export type TAdminRefundDecisionInput = z.input<typeof ZAdminRefundDecisionInput>;
