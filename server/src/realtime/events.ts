import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import type { TChatMessage } from '@curio/shared';
import { eventDeliveryLag } from '../observability/metrics.ts';

/**
 * A chat message as it rides in a 'messages-changed' payload (ADR 0037): the stored row, with the
 * seq of the previous message that involves the event's user, so a subscriber whose cursor is
 * that seq can deliver it without a read and anyone else re-reads from its cursor.
 */
export interface MessageEventPayload {
  message: TChatMessage;
  prevSeq: number;
}

/**
 * Events that change what a signed-in user sees live. Most carry only ids: each subscriber
 * re-reads the truth from the database, so a lost or repeated event can never show a wrong number.
 * Chat events may also carry the change itself with the position it follows (ADR 0037); a
 * subscriber uses it only when that position is exactly where it stands, and re-reads otherwise.
 */
export type RealtimeEvent =
  /** `count` and `atSeq`: the badge's new count, true right after the member's message `atSeq`. */
  | { type: 'unread-changed'; userId: string; count?: number; atSeq?: number }
  | { type: 'balances-changed'; userId: string }
  | ({ type: 'messages-changed'; userId: string } & Partial<MessageEventPayload>)
  | { type: 'notifications-changed'; userId: string }
  /** A block between this user and someone else was made or lifted (either side). */
  | { type: 'blocks-changed'; userId: string }
  /** `cause` 'banned': the sessions ended because the user was banned, which the open tab says. */
  | { type: 'session-revoked'; userId: string; sessionIds: string[]; cause?: 'banned' }
  /** Something an admin must decide on was created or decided; sent by database triggers. */
  | { type: 'admin-queue-changed'; userId: string }
  /** A table the dashboard counts gained or lost rows; sent by database triggers (ADR 0033). */
  | { type: 'admin-totals-changed'; userId: string }
  /**
   * A listing, buying request or nickname the feed shows changed; sent by database triggers to
   * the all-zero id, so every process drops its cached feed pages (ADR 0039).
   */
  | { type: 'feed-changed'; userId: string }
  /**
   * A member's session or what a session signs in as (e-mail, verification, profile, ban, admin
   * role) changed; sent by database triggers to the all-zero id, so every process drops that
   * member's cached sessions (ADR 0041).
   */
  | { type: 'session-user-changed'; userId: string; memberId: string };

/**
 * The address of events meant for every admin rather than one user: the all-zero uuid, which
 * no user has. migrations/20261121T0090_admin_queue_events.ts writes it into its payloads, and
 * the feed's triggers (migrations/20261127T0300_feed_change_events.ts) address every process by it.
 */
export const ADMIN_QUEUE_ID = '00000000-0000-0000-0000-000000000000';

export type RealtimeListener = (event: RealtimeEvent) => void;

/** A seq or a count. */
const ZWholeNumber = z.number().int().nonnegative();

/** A message as it crosses a NOTIFY payload: the date comes back from its JSON string. */
const ZEventMessage = z.object({
  id: z.guid(),
  seq: ZWholeNumber,
  senderId: z.guid(),
  receiverId: z.guid(),
  content: z.string(),
  hasViolation: z.boolean(),
  isRead: z.boolean(),
  orderId: z.guid().nullable(),
  listingId: z.guid().nullable(),
  createdAt: z.coerce.date(),
});

/**
 * Events cross process boundaries as NOTIFY payloads, so whatever arrives is checked again
 * before any subscriber sees it: session ids are SHA-256 hex, user ids are uuids, and a chat
 * message has the stored row's shape.
 */
export const ZRealtimeEvent: z.ZodType<RealtimeEvent> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('unread-changed'), userId: z.guid(), count: ZWholeNumber.optional(), atSeq: ZWholeNumber.optional() }),
  z.object({ type: z.literal('balances-changed'), userId: z.guid() }),
  z.object({ type: z.literal('messages-changed'), userId: z.guid(), message: ZEventMessage.optional(), prevSeq: ZWholeNumber.optional() }),
  z.object({ type: z.literal('notifications-changed'), userId: z.guid() }),
  z.object({ type: z.literal('blocks-changed'), userId: z.guid() }),
  z.object({ type: z.literal('admin-queue-changed'), userId: z.literal(ADMIN_QUEUE_ID) }),
  z.object({ type: z.literal('admin-totals-changed'), userId: z.literal(ADMIN_QUEUE_ID) }),
  z.object({ type: z.literal('feed-changed'), userId: z.literal(ADMIN_QUEUE_ID) }),
  z.object({ type: z.literal('session-user-changed'), userId: z.literal(ADMIN_QUEUE_ID), memberId: z.guid() }),
  z.object({
    type: z.literal('session-revoked'),
    userId: z.guid(),
    sessionIds: z.array(z.string().regex(/^[0-9a-f]{64}$/)),
    cause: z.literal('banned').optional(),
  }),
]);

/**
 * The event types that only say "re-read this user's numbers". After a delivery gap a bus
 * re-announces them to every local subscriber, since some may have been missed meanwhile.
 */
export const REFRESH_EVENT_TYPES = [
  'unread-changed',
  'balances-changed',
  'messages-changed',
  'notifications-changed',
  'blocks-changed',
  'admin-queue-changed',
  'admin-totals-changed',
] as const;

export interface EventBus {
  /**
   * Delivers to subscribers in every server process on the same database. Call it after the
   * change is committed; inside a transaction use publishInTransaction.
   */
  publish(event: RealtimeEvent): Promise<void>;
  /**
   * Delivers only if `trx` commits, and only once it has (PostgreSQL NOTIFY semantics), so a
   * subscriber that re-reads on delivery always sees the change and a rollback sends nothing.
   */
  publishInTransaction(trx: Kysely<Database>, event: RealtimeEvent): Promise<void>;
  /**
   * True when a NOTIFY sent on EVENTS_CHANNEL inside a transaction reaches this bus's subscribers
   * on commit, so SQL may raise events itself (chat_send, ADR 0037); otherwise the caller publishes.
   */
  readonly hearsDatabaseNotify: boolean;
  /** Listens for events about one user; returns the unsubscribe function. */
  subscribe(userId: string, listener: RealtimeListener): () => void;
  /**
   * Called after delivery was interrupted (the LISTEN connection dropped and came back):
   * events may have been lost meanwhile, so state derived from them must be re-checked.
   * Returns the unsubscribe function.
   */
  onDeliveryGap(listener: () => void): () => void;
  close(): Promise<void>;
}

/** One NOTIFY channel for every event; subscribers filter by user id in-process. */
export const EVENTS_CHANNEL = 'curio_events';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_EVENT_PAYLOAD_BYTES = 7999;

/** 100 session ids of 64 hex characters stay well under the payload limit. */
const SESSION_IDS_PER_PAYLOAD = 100;

/**
 * Validates an event and turns it into NOTIFY payloads; throws on anything malformed. A ban
 * can end more sessions than one payload holds, so session revocations are split.
 */
export function encodeEvent(event: RealtimeEvent): string[] {
  const valid = ZRealtimeEvent.parse(event);
  const parts: RealtimeEvent[] = [];
  if (valid.type === 'session-revoked' && valid.sessionIds.length > SESSION_IDS_PER_PAYLOAD) {
    for (let i = 0; i < valid.sessionIds.length; i += SESSION_IDS_PER_PAYLOAD) {
      parts.push({ ...valid, sessionIds: valid.sessionIds.slice(i, i + SESSION_IDS_PER_PAYLOAD) });
    }
  } else {
    parts.push(valid);
  }
  // the publish time rides along, so the receiving process can measure delivery lag
  const sentAt = Date.now();
  return parts.map((part) => {
    let payload = JSON.stringify({ ...part, sentAt });
    // a long multibyte message can outgrow a payload: then only the ids travel and subscribers re-read (ADR 0037)
    if (part.type === 'messages-changed' && part.message && Buffer.byteLength(payload, 'utf8') > MAX_EVENT_PAYLOAD_BYTES) {
      payload = JSON.stringify({ type: part.type, userId: part.userId, sentAt });
    }
    if (Buffer.byteLength(payload, 'utf8') > MAX_EVENT_PAYLOAD_BYTES) {
      throw new RangeError(`realtime event payload too large (${part.type})`);
    }
    return payload;
  });
}

/**
 * Parses a NOTIFY payload that arrived at this process; null for anything that is not a
 * well-formed event. Every arrival is timed against its publish time (the delivery-lag metric).
 * With `heardHere`, an event addressed to a user nobody in this process listens for is left
 * unchecked and answered `undefined`: every process hears every event on the one channel, and
 * most are for members connected to another process.
 */
export function decodeEvent(payload: string | undefined): RealtimeEvent | null;
export function decodeEvent(payload: string | undefined, heardHere: (userId: string) => boolean): RealtimeEvent | null | undefined;
export function decodeEvent(payload: string | undefined, heardHere?: (userId: string) => boolean): RealtimeEvent | null | undefined {
  if (!payload) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  const userId = (raw as { userId?: unknown } | null)?.userId;
  if (heardHere && typeof userId === 'string' && !heardHere(userId)) return undefined;
  const parsed = ZRealtimeEvent.safeParse(raw);
  if (!parsed.success) return null;
  const sentAt = (raw as { sentAt?: unknown }).sentAt;
  if (typeof sentAt === 'number') eventDeliveryLag.observe(Math.max(0, Date.now() - sentAt) / 1000);
  return parsed.data;
}

/**
 * Sends events on the database's NOTIFY channel, through `executor`: inside a transaction they are
 * delivered only on commit. Both runtime buses listen on this channel (PgEventBus over
 * LISTEN, LocalEventBus.forPglite through PGlite's listen), so code that holds only a
 * transaction, not the bus, can still raise an event. One statement, however many payloads.
 *
 * Outside a transaction the statement is a transaction of its own that writes nothing but its
 * commit record, and it commits without waiting for that record to reach the disk
 * (synchronous_commit off for it alone): a crash could lose only the record of an announcement
 * already delivered, and every listener re-reads after a reconnect anyway. Waiting for the flush
 * would hold PostgreSQL's notify lock through it, so every other notifying commit waited too
 * (ADR 0041). Inside a transaction the setting is left alone: that commit carries data.
 */
export async function notifyThroughDatabase(executor: Kysely<Database>, events: RealtimeEvent | readonly RealtimeEvent[]): Promise<void> {
  const payloads = (Array.isArray(events) ? events : [events]).flatMap((event: RealtimeEvent) => encodeEvent(event));
  if (payloads.length === 0) return;
  const noFlush = executor.isTransaction ? sql`` : sql`, set_config('synchronous_commit', 'off', true)`;
  await sql`SELECT pg_notify(${EVENTS_CHANNEL}, payload) FROM unnest(${payloads}::text[]) AS payload${noFlush}`.execute(executor);
}
