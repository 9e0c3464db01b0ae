import { router } from '../../trpc/init.ts';
import { dashboard, onDashboard, onPendingCounts } from './dashboard.ts';
import { adminRefundsRouter } from './refunds/router.ts';
import { adminUsersRouter } from './users/router.ts';
import { adminViolationsRouter } from './violations/router.ts';
import { adminAuditRouter } from './audit/router.ts';
import { adminListingsRouter } from './listings/router.ts';
import { adminBuyingRouter } from './buying/router.ts';
import { adminOrdersRouter } from './orders/router.ts';
import { adminComplaintsRouter } from './complaints/router.ts';
import { adminRechargeCodesRouter } from './recharge-codes/router.ts';
import { adminUsdtRechargesRouter } from './usdt-recharges/router.ts';
import { adminUsdnWithdrawalsRouter } from './usdn-withdrawals/router.ts';
import { adminSettingsRouter } from './settings/router.ts';
import { adminTipSettingsRouter } from './tip-settings/router.ts';
import { adminPointsWithdrawalsRouter } from './points-withdrawals/router.ts';

/**
 * The admin console's procedures, one sub-router per tab (rule AD-3). Every one is an
 * adminProcedure (role admin in user_roles, checked on the server for every call);
 * tests/integration/admin/access.test.ts walks this router and calls each as a visitor and
 * as a member.
 */
export const adminRouter = router({
  dashboard,
  onDashboard,
  onPendingCounts,
  refunds: adminRefundsRouter,
  users: adminUsersRouter,
  violations: adminViolationsRouter,
  audit: adminAuditRouter,
  listings: adminListingsRouter,
  buying: adminBuyingRouter,
  orders: adminOrdersRouter,
  complaints: adminComplaintsRouter,
  rechargeCodes: adminRechargeCodesRouter,
  usdtRecharges: adminUsdtRechargesRouter,
  usdnWithdrawals: adminUsdnWithdrawalsRouter,
  settings: adminSettingsRouter,
  tipSettings: adminTipSettingsRouter,
  pointsWithdrawals: adminPointsWithdrawalsRouter,
});
