import { sql, type Kysely } from 'kysely';
import type { TChatMessage, TUnreadCount } from '@curio/shared';
import type { Database } from '../../db/schema.ts';
import type { EventBus, RealtimeEvent } from '../../realtime/events.ts';
import { UserEventQueue } from '../../realtime/user-event-queue.ts';
import { messagesAfter } from './message-row.ts';
import { latestSeqOf } from './latest-seq.ts';

const BATCH = 100;

export interface LiveStreamSource {
  db: Kysely<Database>;
  events: EventBus;
  memberId: string;
  /** The id the client last received (tRPC passes it back on reconnect). */
  lastEventId: string | null | undefined;
  signal: AbortSignal | undefined;
}

/** One value of a live stream and the id a reconnecting client passes back (the router tracks it). */
export interface LiveItem<T> {
  id: string;
  value: T;
}

/** The message an event carries and the member's seq it follows, when it carries one. */
function carried(event: RealtimeEvent): { message: TChatMessage; prevSeq: number } | null {
  if (event.type !== 'messages-changed' || !event.message || event.prevSeq === undefined) return null;
  return { message: event.message, prevSeq: event.prevSeq };
}

/**
 * The member's live message stream (chat.onMessages): every message they send or receive, in seq
 * order, from any server process, each tracked by its seq so a reconnecting client resumes after
 * the last one it got. Seq order is commit order per member (ADR 0017), so nothing committed
 * later can slip in behind the cursor. A fresh subscription starts after the newest message.
 *
 * After the first read, a message whose event says it follows the cursor is delivered from the
 * event, without a read; an event about a message at or before the cursor was delivered already;
 * anything else (an event that does not follow, one without the message, the re-announcement
 * after a delivery gap) re-reads from the cursor (ADR 0037).
 */
export async function* liveMessages(source: LiveStreamSource): AsyncGenerator<LiveItem<TChatMessage>, void> {
  const { db, memberId } = source;
  // listen before reading, so a message committed in between is queued
  const queue = new UserEventQueue(source.events, memberId, ['messages-changed'], source.signal);
  try {
    let cursor = Number(source.lastEventId ?? Number.NaN);
    if (!Number.isSafeInteger(cursor) || cursor < 0) cursor = await latestSeqOf(db, memberId);
    let reread = true;
    for (;;) {
      if (reread) {
        for (;;) {
          const messages = await messagesAfter(db, memberId, cursor, BATCH);
          for (const message of messages) {
            cursor = message.seq;
            yield { id: String(message.seq), value: message };
          }
          if (messages.length < BATCH) break;
        }
        reread = false;
      }
      const event = await queue.next();
      if (!event) return;
      const payload = carried(event);
      if (payload && payload.message.seq <= cursor) continue;
      if (payload && payload.prevSeq === cursor) {
        cursor = payload.message.seq;
        yield { id: String(cursor), value: payload.message };
        continue;
      }
      reread = true;
    }
  } finally {
    queue.stop();
  }
}

interface UnreadState {
  count: number;
  /** The member's newest seq when `count` was true. */
  atSeq: number;
}

/** The badge's count and the newest seq it is true at, from one snapshot. */
async function readUnreadState(db: Kysely<Database>, memberId: string): Promise<UnreadState> {
  const { rows } = await sql<{ count: string | number; at_seq: string | number }>`
    SELECT
      (SELECT count(*) FROM messages WHERE receiver_id = ${memberId} AND NOT is_read) AS count,
      GREATEST(
        (SELECT max(seq) FROM messages WHERE sender_id = ${memberId}),
        (SELECT max(seq) FROM messages WHERE receiver_id = ${memberId}),
        0
      ) AS at_seq
  `.execute(db);
  // int8: a string from pg, a number from PGlite
  return { count: Number(rows[0]?.count ?? 0), atSeq: Number(rows[0]?.at_seq ?? 0) };
}

/**
 * The live chat badge (chat.onUnreadCount): the count at once, then again whenever it changes.
 * It moves by the member's own message events (ADR 0037): a message that follows the seq the
 * count is true at adds one if the member received it; a mark-read sends the new count with the
 * seq it is true at. Whenever the two do not line up (a gap, an event without its payload, the
 * re-announcement after a delivery gap), it recounts. The tracked id is the count, so a client
 * that reconnects while the count stayed the same is sent nothing.
 */
export async function* liveUnreadCount(source: LiveStreamSource): AsyncGenerator<LiveItem<TUnreadCount>, void> {
  const { db, memberId } = source;
  const queue = new UserEventQueue(source.events, memberId, ['messages-changed', 'unread-changed'], source.signal);
  try {
    let lastSentId = source.lastEventId ?? null;
    let state = await readUnreadState(db, memberId);
    for (;;) {
      const id = `unread:${state.count}`;
      if (id !== lastSentId) {
        lastSentId = id;
        const value: TUnreadCount = { count: state.count };
        yield { id, value };
      }
      const event = await queue.next();
      if (!event) return;
      const payload = carried(event);
      if (payload) {
        if (payload.message.seq <= state.atSeq) continue;
        if (payload.prevSeq === state.atSeq) {
          const received = payload.message.receiverId === memberId && !payload.message.isRead;
          state = { count: state.count + (received ? 1 : 0), atSeq: payload.message.seq };
          continue;
        }
      } else if (event.type === 'unread-changed' && event.count !== undefined && event.atSeq === state.atSeq) {
        state = { count: event.count, atSeq: state.atSeq };
        continue;
      }
      state = await readUnreadState(db, memberId);
    }
  } finally {
    queue.stop();
  }
}
