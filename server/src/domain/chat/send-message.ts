import { CHAT_LIMITS, contactTypesIn, findContactDetails, maskContactDetails, type TSendMessageResult } from '@curio/shared';
import type { AppServices } from '../../app-services.ts';
import { runInTransaction, type Tx } from '../../db/transaction.ts';
import { DomainError } from '../domain-error.ts';
import { lockChatParties } from './lock-parties.ts';
import { selectMessageColumns, toChatMessage } from './message-row.ts';

export interface SendMessageInput {
  senderId: string;
  peerId: string;
  content: string;
  orderId?: string | null;
  listingId?: string | null;
  clientId: string;
}

async function assertMayMessage(trx: Tx, senderId: string, peerId: string): Promise<void> {
  if (senderId === peerId) throw new DomainError('CANNOT_MESSAGE_SELF');
  const peer = await trx.selectFrom('users').select('id').where('id', '=', peerId).executeTakeFirst();
  if (!peer) throw new DomainError('USER_NOT_FOUND');
  const blocks = await trx
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', peerId), eb('blocked_id', '=', senderId)]),
        eb.and([eb('blocker_id', '=', senderId), eb('blocked_id', '=', peerId)]),
      ]),
    )
    .execute();
  // rule C-9: a blocked sender cannot message the blocker
  if (blocks.some((row) => row.blocker_id === peerId)) throw new DomainError('CHAT_BLOCKED_BY_PEER');
  // and whoever blocked someone unblocks before writing to them, so a block is never one-sided noise
  if (blocks.length > 0) throw new DomainError('CHAT_YOU_BLOCKED');
}

async function assertContext(trx: Tx, input: SendMessageInput): Promise<void> {
  if (input.orderId) {
    const order = await trx.selectFrom('orders').select(['buyer_id', 'seller_id']).where('id', '=', input.orderId).executeTakeFirst();
    const parties = order ? [order.buyer_id, order.seller_id] : [];
    // an order card may only appear in the conversation between that order's two parties
    if (!parties.includes(input.senderId) || !parties.includes(input.peerId)) {
      throw new DomainError('ORDER_ACCESS_DENIED');
    }
  }
  if (input.listingId) {
    const listing = await trx.selectFrom('listings').select('id').where('id', '=', input.listingId).executeTakeFirst();
    if (!listing) throw new DomainError('LISTING_NOT_FOUND');
  }
}

/**
 * Stores one message (rules C-5, C-7 and C-9): blocks refuse it, contact details are replaced by the
 * hidden marker in what is stored and shown, and the original goes only to a violation record
 * for the admins. A retry with the same clientId returns the stored message instead of a
 * second one. Both parties' conversation rows move to this message, and both are told (the
 * receiver's unread badge, every open tab of either) once the transaction commits.
 */
export async function sendMessage(services: AppServices, input: SendMessageInput): Promise<TSendMessageResult> {
  const now = services.clock.now();
  return runInTransaction(services.db, async (trx) => {
    await lockChatParties(trx, [input.senderId, input.peerId]);

    const existing = await selectMessageColumns(trx.selectFrom('messages'))
      .where('sender_id', '=', input.senderId)
      .where('client_id', '=', input.clientId)
      .executeTakeFirst();
    if (existing) return { message: toChatMessage(existing), filtered: existing.has_violation };

    await assertMayMessage(trx, input.senderId, input.peerId);
    await assertContext(trx, input);

    const matches = findContactDetails(input.content);
    const filtered = matches.length > 0;
    const stored = filtered ? maskContactDetails(input.content, CHAT_LIMITS.hiddenMarker) : input.content;

    const row = await trx
      .insertInto('messages')
      .values({
        sender_id: input.senderId,
        receiver_id: input.peerId,
        content: stored,
        has_violation: filtered,
        order_id: input.orderId ?? null,
        listing_id: input.listingId ?? null,
        client_id: input.clientId,
        created_at: now,
      })
      .returning(['id', 'seq', 'sender_id', 'receiver_id', 'content', 'has_violation', 'is_read', 'order_id', 'listing_id', 'created_at'])
      .executeTakeFirstOrThrow();

    if (filtered) {
      const types = contactTypesIn(matches);
      await trx
        .insertInto('message_violations')
        .values({
          message_id: row.id,
          sender_id: input.senderId,
          receiver_id: input.peerId,
          violation_type: matches[0]?.type ?? types[0] ?? 'phone',
          detected_types: types,
          original_content: input.content,
          detected_patterns: matches.map((match) => match.match),
          created_at: now,
        })
        .execute();
    }

    for (const [userId, peerId] of [
      [input.senderId, input.peerId],
      [input.peerId, input.senderId],
    ] as const) {
      await trx
        .insertInto('conversations')
        .values({ user_id: userId, peer_id: peerId, last_message_id: row.id, last_message_at: now, order_id: input.orderId ?? null })
        .onConflict((oc) =>
          oc.columns(['user_id', 'peer_id']).doUpdateSet((eb) => ({
            last_message_id: row.id,
            last_message_at: now,
            // a message without an order keeps the card of the order the conversation was about
            order_id: input.orderId ? input.orderId : eb.ref('conversations.order_id'),
          })),
        )
        .execute();
    }

    await services.events.publishInTransaction(trx, { type: 'messages-changed', userId: input.senderId });
    await services.events.publishInTransaction(trx, { type: 'messages-changed', userId: input.peerId });
    await services.events.publishInTransaction(trx, { type: 'unread-changed', userId: input.peerId });
    return { message: toChatMessage(row), filtered };
  });
}
