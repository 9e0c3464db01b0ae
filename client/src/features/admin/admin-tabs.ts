import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  IconArrowBackUp,
  IconCash,
  IconCoin,
  IconGauge,
  IconGavel,
  IconGift,
  IconHistory,
  IconMessageExclamation,
  IconPackage,
  IconReceipt,
  IconSearch,
  IconSettings,
  IconTicket,
  IconUsers,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import type { TAdminPendingCounts } from '@curio/shared';

/**
 * The console's tabs in sidebar order (rule AD-3), each its own chunk. `badge` names the
 * pending count shown beside it. The key is the `?tab=` value, so every tab has a link.
 */
export const ADMIN_TAB_KEYS = [
  'dashboard',
  'users',
  'listings',
  'buying',
  'orders',
  'refunds',
  'complaints',
  'withdrawals',
  'violations',
  'recharge-codes',
  'usdt-recharge',
  'usdn-withdrawals',
  'settings',
  'tip-settings',
  'audit',
] as const;
export type AdminTabKey = (typeof ADMIN_TAB_KEYS)[number];

export interface AdminTab {
  icon: Icon;
  badge?: keyof TAdminPendingCounts;
  Component: LazyExoticComponent<ComponentType>;
}

export const ADMIN_TABS: Record<AdminTabKey, AdminTab> = {
  dashboard: { icon: IconGauge, Component: lazy(async () => ({ default: (await import('./dashboard/DashboardTab.tsx')).DashboardTab })) },
  users: { icon: IconUsers, Component: lazy(async () => ({ default: (await import('./users/UsersTab.tsx')).UsersTab })) },
  listings: { icon: IconPackage, Component: lazy(async () => ({ default: (await import('./listings/ListingsTab.tsx')).ListingsTab })) },
  buying: { icon: IconSearch, Component: lazy(async () => ({ default: (await import('./buying/BuyingTab.tsx')).BuyingTab })) },
  orders: { icon: IconReceipt, Component: lazy(async () => ({ default: (await import('./orders/OrdersTab.tsx')).OrdersTab })) },
  refunds: {
    icon: IconArrowBackUp,
    badge: 'refunds',
    Component: lazy(async () => ({ default: (await import('./refunds/RefundsTab.tsx')).RefundsTab })),
  },
  complaints: {
    icon: IconGavel,
    badge: 'complaints',
    Component: lazy(async () => ({ default: (await import('./complaints/ComplaintsTab.tsx')).ComplaintsTab })),
  },
  withdrawals: {
    icon: IconCoin,
    badge: 'withdrawals',
    Component: lazy(async () => ({ default: (await import('./points-withdrawals/PointsWithdrawalsTab.tsx')).PointsWithdrawalsTab })),
  },
  violations: {
    icon: IconMessageExclamation,
    badge: 'violations',
    Component: lazy(async () => ({ default: (await import('./violations/ViolationsTab.tsx')).ViolationsTab })),
  },
  'recharge-codes': {
    icon: IconTicket,
    Component: lazy(async () => ({ default: (await import('./recharge-codes/RechargeCodesTab.tsx')).RechargeCodesTab })),
  },
  'usdt-recharge': {
    icon: IconWallet,
    badge: 'usdtRecharges',
    Component: lazy(async () => ({ default: (await import('./usdt-recharges/UsdtRechargesTab.tsx')).UsdtRechargesTab })),
  },
  'usdn-withdrawals': {
    icon: IconCash,
    badge: 'usdnWithdrawals',
    Component: lazy(async () => ({ default: (await import('./usdn-withdrawals/UsdnWithdrawalsTab.tsx')).UsdnWithdrawalsTab })),
  },
  settings: { icon: IconSettings, Component: lazy(async () => ({ default: (await import('./settings/SettingsTab.tsx')).SettingsTab })) },
  'tip-settings': {
    icon: IconGift,
    Component: lazy(async () => ({ default: (await import('./tip-settings/TipSettingsTab.tsx')).TipSettingsTab })),
  },
  audit: { icon: IconHistory, Component: lazy(async () => ({ default: (await import('./audit/AuditTab.tsx')).AuditTab })) },
};

/**
 * A window-level event can switch the active tab: any code on the page may
 * `window.dispatchEvent(new CustomEvent(ADMIN_TAB_EVENT, { detail: 'refunds' }))`.
 */
export const ADMIN_TAB_EVENT = 'curio:admin-tab';
