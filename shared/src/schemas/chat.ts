import './zod-config.ts';
import { z } from 'zod';
import { zText } from './common.ts';
import { HIDDEN_CONTACT_MARKER } from '../rules/contact-filter.ts';

/** The chat badge: how many received messages are still unread. */
export const ZUnreadCount = z.object({ count: z.number().int().nonnegative() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/**
 * A reconnecting WebSocket client sends back the id of the last value it received (tRPC
 * `tracked`); it arrives merged into the input.
 */
export const ZResumableSubscriptionInput = z.object({ lastEventId: zText().max(200).nullish() }).nullish();

export const CHAT_LIMITS = {
  messageMax: 2000,
  threadPageSize: 30,
  conversationPageSize: 50,
  blockReasonMax: 200,
  /** What replaces each detected contact detail in stored and displayed text (rule C-5). */
  hiddenMarker: HIDDEN_CONTACT_MARKER,
} as const;

export const ZChatMessage = z.object({
  id: z.uuid(),
  /** Delivery order of the live stream (ADR 0017). */
  seq: z.number().int(),
  senderId: z.uuid(),
  receiverId: z.uuid(),
  /** As stored: contact details already replaced by the hidden marker. */
  content: z.string(),
  hasViolation: z.boolean(),
  isRead: z.boolean(),
  orderId: z.uuid().nullable(),
  listingId: z.uuid().nullable(),
  createdAt: z.date(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZSendMessageInput = z.object({
  peerId: z.uuid(),
  content: zText({ error: 'MESSAGE_EMPTY' }).trim().min(1, { error: 'MESSAGE_EMPTY' }).max(CHAT_LIMITS.messageMax, { error: 'CONTENT_TOO_LONG' }),
  orderId: z.uuid().nullish(),
  listingId: z.uuid().nullish(),
  /** Made by the sender once per message: a retried send is stored once. */
  clientId: zText().trim().min(8).max(100),
});
export type TSendMessageInput = z.input<typeof ZSendMessageInput>;

export const ZSendMessageResult = z.object({
  message: ZChatMessage,
  /** Contact details were found and hidden: the sender sees the partly-filtered warning. */
  filtered: z.boolean(),
});
export type TSendMessageResult = z.infer<typeof ZSendMessageResult>;

export const ZChatPeer = z.object({
  id: z.uuid(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type TChatPeer = z.infer<typeof ZChatPeer>;

export const ZConversation = z.object({
  peer: ZChatPeer,
  lastMessage: z.object({ content: z.string(), senderId: z.uuid(), createdAt: z.date() }),
  unreadCount: z.number().int().nonnegative(),
  orderId: z.uuid().nullable(),
});
export type TConversation = z.infer<typeof ZConversation>;

export const ZConversationsInput = z.object({ cursor: zText().max(100).nullish() }).nullish();
export const ZConversationsPage = z.object({
  items: z.array(ZConversation),
  nextCursor: z.string().nullable(),
  /**
   * The newest seq among the member's messages when this page was read: a client subscribes to
   * chat.onMessages with it as lastEventId, so a message committed after this read is streamed
   * and one before it is already in the data it loaded (no gap between query and stream).
   */
  latestSeq: z.number().int().nonnegative(),
});
export type TConversationsPage = z.infer<typeof ZConversationsPage>;

export const ZThreadInput = z.object({
  peerId: z.uuid(),
  /** Older than this seq; newest page when absent. */
  beforeSeq: z.number().int().positive().nullish(),
});
export const ZThreadPage = z.object({
  /** Oldest first within the page. */
  items: z.array(ZChatMessage),
  nextBeforeSeq: z.number().int().nullable(),
});
export type TThreadPage = z.infer<typeof ZThreadPage>;

export const ZPeerInput = z.object({ peerId: z.uuid() });
/** chat.onBlockState: one thread's peer, resumable like every live stream. */
export const ZPeerSubscriptionInput = ZPeerInput.extend({ lastEventId: zText().max(200).nullish() });

export const ZBlockInput = z.object({
  userId: z.uuid(),
  reason: zText()
    .trim()
    .max(CHAT_LIMITS.blockReasonMax, { error: 'CONTENT_TOO_LONG' })
    .nullish()
    .transform((value) => (value ? value : null)),
});

export const ZBlockState = z.object({
  /** The viewer blocked this user. */
  blocking: z.boolean(),
  /** This user blocked the viewer: nothing can be sent to them. */
  blockedBy: z.boolean(),
});
export type TBlockState = z.infer<typeof ZBlockState>;

/** A member the viewer has blocked, as the list where blocks are lifted shows them. */
export const ZBlockedMember = z.object({
  id: z.uuid(),
  nickname: z.string(),
  avatarUrl: z.string().nullable(),
  reason: z.string().nullable(),
  blockedAt: z.date(),
});
export type TBlockedMember = z.infer<typeof ZBlockedMember>;

export const ZChatPeerDetail = ZChatPeer.extend({ blockState: ZBlockState });
export type TChatPeerDetail = z.infer<typeof ZChatPeerDetail>;
