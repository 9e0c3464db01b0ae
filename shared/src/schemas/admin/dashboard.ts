import { z } from 'zod';

/** Requests waiting for an admin: the sidebar badges (spec 3 §2.1), kept live by admin.onPendingCounts. */
export const ZAdminPendingCounts = z.object({
  refunds: z.number().int(),
  complaints: z.number().int(),
  /** The older points redemption requests (spec 3 "withdrawals" tab). */
  withdrawals: z.number().int(),
  /** Violations nobody has reviewed yet (no review time). */
  violations: z.number().int(),
  usdtRecharges: z.number().int(),
  usdnWithdrawals: z.number().int(),
});
export type TAdminPendingCounts = z.infer<typeof ZAdminPendingCounts>;

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
  pending: ZAdminPendingCounts,
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;
