import type { z } from 'zod';
import type { ZThreadInput, ZThreadPage } from '@curio/shared';
import { CHAT_LIMITS } from '@curio/shared';
import { selectMessageColumns, toChatMessage } from './message-row.ts';
import type { AppServices } from '../../app-services.ts';

/** One conversation's history, newest page first, each page oldest-first for display. */
export async function readThread(services: AppServices, memberId: string, input: z.output<typeof ZThreadInput>): Promise<z.output<typeof ZThreadPage>> {
  const me = memberId;
  const limit = CHAT_LIMITS.threadPageSize;
  let query = selectMessageColumns(services.db.selectFrom('messages')).where((eb) =>
    eb.or([eb.and([eb('sender_id', '=', me), eb('receiver_id', '=', input.peerId)]), eb.and([eb('sender_id', '=', input.peerId), eb('receiver_id', '=', me)])]),
  );
  if (input.beforeSeq) query = query.where('seq', '<', input.beforeSeq);
  const rows = await query
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit).reverse();
  return {
    items: page.map(toChatMessage),
    nextBeforeSeq: rows.length > limit && page[0] ? Number(page[0].seq) : null,
  };
}
