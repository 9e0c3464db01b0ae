import { sql } from 'kysely';
import { CHAT_LIMITS, contactTypesIn, findContactDetails, maskContactDetails, type TChatMessage, type TSendMessageResult } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { decodeEvent, type RealtimeEvent } from '../../realtime/events.ts';
import { runStatementRetried } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { rateLimitSpend } from '../../rate-limits/rate-limiter.ts';

export interface SendMessageInput {
  senderId: string;
  peerId: string;
  content: string;
  orderId?: string | null;
  listingId?: string | null;
  clientId: string;
}

/** The refusals chat_send answers with instead of storing anything, in the order it checks them. */
const REFUSALS = ['USER_NOT_FOUND', 'CHAT_BLOCKED_BY_PEER', 'CHAT_YOU_BLOCKED', 'ORDER_ACCESS_DENIED', 'LISTING_NOT_FOUND'] as const;
type Refusal = (typeof REFUSALS)[number];

interface SendRow {
  outcome: 'sent' | 'existing' | 'RATE_LIMITED' | Refusal;
  /** The stored message as JSON (jsonb: parsed by both drivers). */
  message: (Omit<TChatMessage, 'createdAt' | 'seq'> & { seq: number | string; createdAt: string }) | null;
  /** The NOTIFY payloads of a new message, one per party, when chat_send was asked not to send them. */
  payloads: string[] | null;
  /** With RATE_LIMITED: the seconds until the sender's chat budget opens again. */
  wait_seconds: number | null;
}

function isRefusal(outcome: string): outcome is Refusal {
  return (REFUSALS as readonly string[]).includes(outcome);
}

/**
 * Stores one message (rules C-5, C-7 and C-9): blocks refuse it, contact details are replaced by the
 * hidden marker in what is stored and shown, and the original goes only to a violation record
 * for the admins. A retry with the same clientId returns the stored message instead of a
 * second one. Both parties' conversation rows move to this message, and both are told (every
 * open tab of either, the receiver's unread badge) once it commits.
 *
 * The whole send is one statement, run as its own transaction: chat_send_limited spends a point of
 * the sender's chat budget (ADR 0041) and, unless it was spent already, runs the database function
 * chat_send (migrations/20261127T0100_chat_send_function.ts), which takes both
 * parties' locks (ADR 0017), checks and stores, and sends each party's event carrying the message
 * and the seq of that party's previous message, so a subscriber standing exactly there delivers it
 * without a read (ADR 0037). The contact filter runs here, before, as it is the shared rule code.
 */
export async function sendMessage(services: AppServices, input: SendMessageInput): Promise<TSendMessageResult> {
  if (input.senderId === input.peerId) throw new DomainError('CANNOT_MESSAGE_SELF');
  const matches = findContactDetails(input.content);
  const filtered = matches.length > 0;
  const stored = filtered ? maskContactDetails(input.content, CHAT_LIMITS.hiddenMarker) : input.content;
  const types = contactTypesIn(matches);
  const violation = filtered
    ? {
        violationType: matches[0]?.type ?? types[0] ?? 'phone',
        detectedTypes: types,
        originalContent: input.content,
        detectedPatterns: matches.map((match) => match.match),
      }
    : null;
  const notifyInDatabase = services.events.hearsDatabaseNotify;
  const budget = rateLimitSpend('chatMessagesPerMember', input.senderId);

  const send = () =>
    sql<SendRow>`
    SELECT outcome, message, payloads, wait_seconds FROM chat_send_limited(
      ${budget.key}::text, ${budget.budget}::integer, ${budget.windowSeconds}::integer, ${input.senderId}::uuid, ${input.peerId}::uuid, ${input.clientId}::text, ${stored}::text,
      ${input.orderId ?? null}::uuid, ${input.listingId ?? null}::uuid, ${services.clock.now()}::timestamptz,
      ${violation === null ? null : JSON.stringify(violation)}::jsonb, ${Date.now()}::bigint, ${notifyInDatabase}::boolean)
  `.execute(services.db);
  // chat_send is its own transaction: a deadlock with another writer rolled it back whole
  const { rows } = await runStatementRetried(send);
  const row = rows[0];
  if (!row) throw new Error('chat_send returned no row');
  if (row.outcome === 'RATE_LIMITED') throw new DomainError('RATE_LIMITED', { seconds: Number(row.wait_seconds) });
  if (isRefusal(row.outcome)) throw new DomainError(row.outcome);
  if (!row.message) throw new Error(`chat_send answered ${row.outcome} without a message`);
  const message: TChatMessage = { ...row.message, seq: Number(row.message.seq), createdAt: new Date(row.message.createdAt) };
  if (row.outcome === 'existing') return { message, filtered: message.hasViolation };

  if (!notifyInDatabase) {
    // a bus that does not hear NOTIFY (tests build one) is handed the same events after the commit
    const events = (row.payloads ?? []).map((payload) => decodeEvent(payload)).filter((event): event is RealtimeEvent => event !== null);
    for (const event of events) await services.events.publish(event);
  }
  return { message, filtered };
}
