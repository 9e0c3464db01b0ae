import { tracked } from '@trpc/server';
import { ZResumableSubscriptionInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { liveUnreadCount } from '../../domain/chat/live-streams.ts';

/** The live chat badge: the count at once, then again whenever it changes (ADR 0037). */
export const onUnreadCount = memberProcedure.input(ZResumableSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  const source = { db: ctx.services.db, events: ctx.services.events, memberId: ctx.user.id, lastEventId: input?.lastEventId, signal };
  for await (const item of liveUnreadCount(source)) yield tracked(item.id, item.value);
});
