import { tracked } from '@trpc/server';
import { ZResumableSubscriptionInput, ZUnreadCount, type TUnreadCount } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { UserEventWatch } from '../../realtime/user-event-watch.ts';
import { countUnreadNotifications } from '../../domain/notifications/unread-count.ts';

export const unreadCount = memberProcedure
  .output(ZUnreadCount)
  .query(async ({ ctx }) => ({ count: await countUnreadNotifications(ctx.services.db, ctx.user.id) }));

/** The bell's live count, in the same way as the chat badge (routers/chat/on-unread-count.ts). */
export const onUnreadCount = memberProcedure
  .input(ZResumableSubscriptionInput)
  .subscription(async function* ({ ctx, input, signal }) {
    const watch = new UserEventWatch(ctx.services.events, ctx.user.id, ['notifications-changed'], signal);
    try {
      let lastSentId = input?.lastEventId ?? null;
      do {
        const count = await countUnreadNotifications(ctx.services.db, ctx.user.id);
        const id = `notifications:${count}`;
        if (id !== lastSentId) {
          lastSentId = id;
          yield tracked(id, { count } satisfies TUnreadCount);
        }
      } while (await watch.next());
    } finally {
      watch.stop();
    }
  });
