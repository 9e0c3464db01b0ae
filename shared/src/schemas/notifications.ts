import { z } from 'zod';

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
  'warning',
  'banned',
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/** Values interpolated into the translated text: titles, nicknames, formatted amounts. */
export const ZNotificationParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type TNotificationParams = z.infer<typeof ZNotificationParams>;
