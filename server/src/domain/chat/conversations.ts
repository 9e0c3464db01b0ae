import type { z } from 'zod';
import { sql } from 'kysely';
import type { ZConversationsInput, ZConversationsPage } from '@curio/shared';
import { CHAT_LIMITS, uploadUrl } from '@curio/shared';
import { DomainError } from '../domain-error.ts';
import { latestSeqOf } from './latest-seq.ts';
import type { AppServices } from '../../app-services.ts';

/** Cursor: the last row's time and peer id, so equal times page without gaps or repeats. */
function decodeCursor(cursor: string): { at: Date; peerId: string } {
  const [at, peerId] = cursor.split('|');
  const date = new Date(at ?? '');
  if (!peerId || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(peerId)) throw new DomainError('VALIDATION_FAILED');
  return { at: date, peerId };
}

/**
 * The messages centre's list (rule C-1): one entry per counterparty, latest first, with the last
 * message and how many of theirs are unread. Unread counts are read from the messages
 * themselves (the badge's own truth), only for the peers on this page.
 */
export async function listConversations(
  services: AppServices,
  memberId: string,
  input: z.output<typeof ZConversationsInput>,
): Promise<z.output<typeof ZConversationsPage>> {
  const me = memberId;
  const limit = CHAT_LIMITS.conversationPageSize;
  let query = services.db
    .selectFrom('conversations as c')
    .innerJoin('messages as m', 'm.id', 'c.last_message_id')
    .innerJoin('profiles as p', 'p.user_id', 'c.peer_id')
    .select([
      'c.peer_id',
      'c.last_message_at',
      'c.order_id',
      'm.content',
      'm.sender_id',
      'm.created_at',
      'p.nickname',
      'p.avatar_key',
      (eb) =>
        eb.exists(eb.selectFrom('user_roles').select('user_id').whereRef('user_roles.user_id', '=', 'c.peer_id').where('role', '=', 'admin')).as('is_admin'),
      (eb) =>
        eb
          .selectFrom('messages as u')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('u.sender_id', '=', 'c.peer_id')
          .where('u.receiver_id', '=', me)
          .where('u.is_read', '=', false)
          .as('unread'),
    ])
    .where('c.user_id', '=', me);
  if (input?.cursor) {
    const { at, peerId } = decodeCursor(input.cursor);
    query = query.where((eb) => eb.or([eb('c.last_message_at', '<', at), eb.and([eb('c.last_message_at', '=', at), eb('c.peer_id', '<', peerId)])]));
  }
  // read before the page, so anything the page misses has a higher seq and will be streamed
  const latest = await latestSeqOf(services.db, me);
  const rows = await query
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.peer_id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      peer: { id: row.peer_id, nickname: row.nickname, avatarUrl: row.avatar_key ? uploadUrl(row.avatar_key) : null, isAdmin: Boolean(row.is_admin) },
      lastMessage: { content: row.content, senderId: row.sender_id, createdAt: row.created_at },
      unreadCount: Number(row.unread ?? 0),
      orderId: row.order_id,
    })),
    nextCursor: rows.length > limit && last ? `${last.last_message_at.toISOString()}|${last.peer_id}` : null,
    latestSeq: latest,
  };
}
