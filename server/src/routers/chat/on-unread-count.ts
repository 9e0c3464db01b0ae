import { ZResumableSubscriptionInput, type TUnreadCount } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { liveValue } from '../../trpc/live-value.ts';
import { countUnreadMessages } from '../../domain/chat/unread-count.ts';

/** The live chat badge: the count at once, then again whenever it changes. */
export const onUnreadCount = memberProcedure.input(ZResumableSubscriptionInput).subscription(({ ctx, input, signal }) =>
  liveValue({
    events: ctx.services.events,
    topic: ctx.user.id,
    types: ['unread-changed'],
    signal,
    lastEventId: input?.lastEventId,
    read: async (): Promise<TUnreadCount> => ({ count: await countUnreadMessages(ctx.services.db, ctx.user.id) }),
    idOf: ({ count }) => `unread:${count}`,
  }),
);
