import { tracked } from '@trpc/server';
import { ZResumableSubscriptionInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { UserEventWatch } from '../../realtime/user-event-watch.ts';
import { messagesAfter } from '../../domain/chat/message-row.ts';
import { latestSeqOf } from '../../domain/chat/latest-seq.ts';

const BATCH = 100;

/**
 * The member's live message stream: every message they send or receive, in seq order, from
 * any server process. Each is tracked by its seq, so a reconnecting client resumes after the
 * last one it got; seq order is commit order per member (ADR 0017), so nothing committed
 * later can slip in behind the cursor. A fresh subscription starts after the newest message;
 * a client that has loaded data first passes chat.conversations' latestSeq as lastEventId instead.
 */
export const onMessages = memberProcedure.input(ZResumableSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  const me = ctx.user.id;
  const db = ctx.services.db;
  // listen before reading, so a message committed in between wakes the loop
  const watch = new UserEventWatch(ctx.services.events, me, ['messages-changed'], signal);
  try {
    let cursor = Number(input?.lastEventId ?? Number.NaN);
    if (!Number.isSafeInteger(cursor) || cursor < 0) {
      cursor = await latestSeqOf(db, me);
    }
    do {
      for (;;) {
        const messages = await messagesAfter(db, me, cursor, BATCH);
        for (const message of messages) {
          cursor = message.seq;
          yield tracked(String(message.seq), message);
        }
        if (messages.length < BATCH) break;
      }
    } while (await watch.next());
  } finally {
    watch.stop();
  }
});
