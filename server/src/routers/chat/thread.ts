import { CHAT_LIMITS, ZThreadInput, ZThreadPage } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { selectMessageColumns, toChatMessage } from '../../domain/chat/message-row.ts';

/** One conversation's history, newest page first, each page oldest-first for display. */
export const thread = memberProcedure
  .input(ZThreadInput)
  .output(ZThreadPage)
  .query(async ({ ctx, input }) => {
    const me = ctx.user.id;
    const limit = CHAT_LIMITS.threadPageSize;
    let query = selectMessageColumns(ctx.services.db.selectFrom('messages')).where((eb) =>
      eb.or([
        eb.and([eb('sender_id', '=', me), eb('receiver_id', '=', input.peerId)]),
        eb.and([eb('sender_id', '=', input.peerId), eb('receiver_id', '=', me)]),
      ]),
    );
    if (input.beforeSeq) query = query.where('seq', '<', input.beforeSeq);
    const rows = await query.orderBy('seq', 'desc').limit(limit + 1).execute();
    const page = rows.slice(0, limit).reverse();
    return {
      items: page.map(toChatMessage),
      nextBeforeSeq: rows.length > limit && page[0] ? Number(page[0].seq) : null,
    };
  });
