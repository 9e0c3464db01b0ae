import type { Migration } from 'kysely/migration';
import * as foundation from './20261121T0001_foundation.ts';
import * as ledgerReadModels from './20261121T0020_ledger_read_models.ts';
import * as marketplaceSocialOffers from './20261121T0050_marketplace_social_offers.ts';
import * as feedSearchAndSortIndexes from './20261121T0051_feed_search_and_sort_indexes.ts';
import * as ordersAndMoney from './20261121T0060_orders_and_money.ts';
import * as messaging from './20261121T0070_messaging.ts';
import * as adminAudit from './20261121T0080_admin_audit.ts';
import * as adminQueueEvents from './20261121T0090_admin_queue_events.ts';
import * as uploadOwners from './20261121T0100_upload_owners.ts';
import * as systemAccountsUncached from './20261121T0110_system_accounts_uncached.ts';
import * as trustAndSafety from './20261124T0120_trust_and_safety.ts';
import * as violationTypeOtherApp from './20261126T0110_violation_type_other_app.ts';
import * as feedKeepsActiveRequests from './20261126T0120_feed_keeps_active_requests.ts';
import * as adminDashboardEvents from './20261126T0160_admin_dashboard_events.ts';
import * as deletedRechargeCodes from './20261126T0170_deleted_recharge_codes.ts';
import * as openComplaintsAndWelcomePoints from './20261126T0180_open_complaints_and_welcome_points.ts';
import * as chatSendFunction from './20261127T0100_chat_send_function.ts';
import * as buyListingInOneStatement from './20261127T0200_buy_listing_in_one_statement.ts';
import * as feedChangeEvents from './20261127T0300_feed_change_events.ts';
import * as rateLimitSpendInSql from './20261128T0100_rate_limit_spend_in_sql.ts';
import * as sessionUserEvents from './20261128T0200_session_user_events.ts';
import * as rateLimitSpendPlpgsql from './20261129T0100_rate_limit_spend_plpgsql.ts';
import * as feedLeavesOutBannedMembers from './20261129T0200_feed_leaves_out_banned_members.ts';
import * as noDealsWithBannedMembers from './20261129T0300_no_deals_with_banned_members.ts';
import * as scopedApiTokensAndAtomicLimits from './20261130T0100_scoped_api_tokens_and_atomic_limits.ts';
import * as referralRewardsAfterPurchase from './20261130T0200_referral_rewards_after_purchase.ts';

/**
 * Every migration, in order. A static list (not a folder scan) so the same set runs under
 * Node's type stripping, vitest and a bundled build. Add new files at the end; never edit a landed one.
 */
export const migrations: Record<string, Migration> = {
  '20261121T0001_foundation': foundation,
  '20261121T0020_ledger_read_models': ledgerReadModels,
  '20261121T0050_marketplace_social_offers': marketplaceSocialOffers,
  '20261121T0051_feed_search_and_sort_indexes': feedSearchAndSortIndexes,
  '20261121T0060_orders_and_money': ordersAndMoney,
  '20261121T0070_messaging': messaging,
  '20261121T0080_admin_audit': adminAudit,
  '20261121T0090_admin_queue_events': adminQueueEvents,
  '20261121T0100_upload_owners': uploadOwners,
  '20261121T0110_system_accounts_uncached': systemAccountsUncached,
  '20261124T0120_trust_and_safety': trustAndSafety,
  '20261126T0110_violation_type_other_app': violationTypeOtherApp,
  '20261126T0120_feed_keeps_active_requests': feedKeepsActiveRequests,
  '20261126T0160_admin_dashboard_events': adminDashboardEvents,
  '20261126T0170_deleted_recharge_codes': deletedRechargeCodes,
  '20261126T0180_open_complaints_and_welcome_points': openComplaintsAndWelcomePoints,
  '20261127T0100_chat_send_function': chatSendFunction,
  '20261127T0200_buy_listing_in_one_statement': buyListingInOneStatement,
  '20261127T0300_feed_change_events': feedChangeEvents,
  '20261128T0100_rate_limit_spend_in_sql': rateLimitSpendInSql,
  '20261128T0200_session_user_events': sessionUserEvents,
  '20261129T0100_rate_limit_spend_plpgsql': rateLimitSpendPlpgsql,
  '20261129T0200_feed_leaves_out_banned_members': feedLeavesOutBannedMembers,
  '20261129T0300_no_deals_with_banned_members': noDealsWithBannedMembers,
  '20261130T0100_scoped_api_tokens_and_atomic_limits': scopedApiTokensAndAtomicLimits,
  '20261130T0200_referral_rewards_after_purchase': referralRewardsAfterPurchase,
};
