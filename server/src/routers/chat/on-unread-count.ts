import { tracked } from '@trpc/server';
import { memberProcedure } from '../../trpc/init.ts';
import { UserEventWatch } from '../../realtime/user-event-watch.ts';
import { countUnreadMessages } from '../../domain/chat/unread-count.ts';
import { ZResumableSubscriptionInput, type TUnreadCount } from '@curio/shared';

/**
 * The live chat badge: the current count at once, then again whenever it changes. The
 * tracked id is the count itself, so a client that reconnects while the number stayed the
 * same is sent nothing, and one that missed a change gets the new number straight away.
 */
export const onUnreadCount = memberProcedure
  .input(ZResumableSubscriptionInput)
  .subscription(async function* ({ ctx, input, signal }) {
    // listen before the first read, so a message arriving in between is not missed
    const watch = new UserEventWatch(ctx.services.events, ctx.user.id, ['unread-changed'], signal);
    try {
      let lastSentId = input?.lastEventId ?? null;
      do {
        const count = await countUnreadMessages(ctx.services.db, ctx.user.id);
        const id = `unread:${count}`;
        if (id !== lastSentId) {
          lastSentId = id;
          yield tracked(id, { count } satisfies TUnreadCount);
        }
      } while (await watch.next());
    } finally {
      watch.stop();
    }
  });
