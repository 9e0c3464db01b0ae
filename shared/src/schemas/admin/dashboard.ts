import '../zod-config.ts';
import { z } from 'zod';

/** Requests waiting for an admin: the sidebar badges (rule AD-4), kept live by admin.onPendingCounts. */
export const ZAdminPendingCounts = z.object({
  refunds: z.number().int(),
  complaints: z.number().int(),
  /** The older points redemption requests (rule AD-25). */
  withdrawals: z.number().int(),
  /** Violations nobody has reviewed yet (no review time). */
  violations: z.number().int(),
  usdtRecharges: z.number().int(),
  usdnWithdrawals: z.number().int(),
});
export type TAdminPendingCounts = z.infer<typeof ZAdminPendingCounts>;

/** The dashboard's head counts (rule AD-7), and the pending counts the console's badges show. */
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
