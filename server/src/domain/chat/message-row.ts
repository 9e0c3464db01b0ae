import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { TChatMessage } from '@curio/shared';
import type { Database } from '../../db/schema.ts';

export const MESSAGE_COLUMNS = [
  'messages.id',
  'messages.seq',
  'messages.sender_id',
  'messages.receiver_id',
  'messages.content',
  'messages.has_violation',
  'messages.is_read',
  'messages.order_id',
  'messages.listing_id',
  'messages.created_at',
] as const;

export function selectMessageColumns<O>(query: SelectQueryBuilder<Database, 'messages', O>) {
  return query.select(MESSAGE_COLUMNS);
}

export interface MessageRow {
  id: string;
  seq: string | number;
  sender_id: string;
  receiver_id: string;
  content: string;
  has_violation: boolean;
  is_read: boolean;
  order_id: string | null;
  listing_id: string | null;
  created_at: Date;
}

export function toChatMessage(row: MessageRow): TChatMessage {
  return {
    id: row.id,
    // int8: a string from pg, a number from PGlite
    seq: Number(row.seq),
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    content: row.content,
    hasViolation: row.has_violation,
    isRead: row.is_read,
    orderId: row.order_id,
    listingId: row.listing_id,
    createdAt: row.created_at,
  };
}

/** The member's messages, sent or received, with a seq after `cursor`, oldest first. */
export async function messagesAfter(db: Kysely<Database>, memberId: string, cursor: number, limit: number): Promise<TChatMessage[]> {
  const rows = await selectMessageColumns(db.selectFrom('messages'))
    .where((eb) => eb.or([eb('sender_id', '=', memberId), eb('receiver_id', '=', memberId)]))
    .where('seq', '>', cursor)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map(toChatMessage);
}
