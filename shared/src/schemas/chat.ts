import { z } from 'zod';

/** The chat badge: how many received messages are still unread. */
export const ZUnreadCount = z.object({ count: z.number().int().nonnegative() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/**
 * A reconnecting WebSocket client sends back the id of the last value it received (tRPC
 * `tracked`); it arrives merged into the input.
 */
export const ZResumableSubscriptionInput = z.object({ lastEventId: z.string().max(200).nullish() }).nullish();
