import './zod-config.ts';
import { z } from 'zod';
import { zText } from './common.ts';

/**
 * What a notification is about. The client translates notifications:types.<type> with the
 * row's params; the list grows with the areas that notify (orders and money here, chat and
 * admin actions in their issues).
 */
export const NOTIFICATION_TYPES = [
  'order_paid',
  'order_shipped',
  'order_completed',
  'order_auto_completed',
  'order_cancelled_unshipped',
  'refund_requested',
  'refund_approved',
  'refund_rejected',
  'complaint_filed',
  'complaint_resolved',
  'review_received',
  'tip_received',
  'transfer_received',
  'offer_received',
  'offer_countered',
  'offer_accepted',
  'recharge_approved',
  'recharge_rejected',
  'withdrawal_approved',
  'withdrawal_rejected',
  'points_redemption_approved',
  'points_redemption_rejected',
  'invitation_accepted',
  'invitation_rewarded',
  'welcome_points',
  'warning',
  'banned',
  'listing_rejected',
  'listing_taken_down',
  'buying_request_closed',
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/** Values interpolated into the translated text: titles, nicknames, formatted amounts. */
export const ZNotificationParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type TNotificationParams = z.infer<typeof ZNotificationParams>;

export const ZNotification = z.object({
  id: z.uuid(),
  type: ZNotificationType,
  params: ZNotificationParams,
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.date(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const ZNotificationsInput = z.object({ cursor: zText().max(100).nullish() }).nullish();
export const ZNotificationsPage = z.object({ items: z.array(ZNotification), nextCursor: z.string().nullable() });
export type TNotificationsPage = z.infer<typeof ZNotificationsPage>;

/** Marks the given notifications read, or all of the member's when ids is absent. */
export const ZMarkNotificationsReadInput = z.object({ ids: z.array(z.uuid()).max(100).optional() });
