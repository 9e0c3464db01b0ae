import { ZResumableSubscriptionInput, ZUnreadCount, type TUnreadCount } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { liveValue } from '../../trpc/live-value.ts';
import { countUnreadNotifications } from '../../domain/notifications/unread-count.ts';

export const unreadCount = memberProcedure
  .output(ZUnreadCount)
  .query(async ({ ctx }) => ({ count: await countUnreadNotifications(ctx.services.db, ctx.user.id) }));

/** The bell's live count: the count at once, then again whenever it changes. */
export const onUnreadCount = memberProcedure.input(ZResumableSubscriptionInput).subscription(({ ctx, input, signal }) =>
  liveValue({
    events: ctx.services.events,
    topic: ctx.user.id,
    types: ['notifications-changed'],
    signal,
    lastEventId: input?.lastEventId,
    read: async (): Promise<TUnreadCount> => ({ count: await countUnreadNotifications(ctx.services.db, ctx.user.id) }),
    idOf: ({ count }) => `notifications:${count}`,
  }),
);
