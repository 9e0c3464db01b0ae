import { tracked } from '@trpc/server';
import { ZResumableSubscriptionInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { liveMessages } from '../../domain/chat/live-streams.ts';

/**
 * The member's live message stream: every message they send or receive, in seq order (ADR 0017,
 * ADR 0037). A fresh subscription starts after the newest message; a client that has loaded data
 * first passes chat.conversations' latestSeq as lastEventId instead.
 */
export const onMessages = memberProcedure.input(ZResumableSubscriptionInput).subscription(async function* ({ ctx, input, signal }) {
  const source = { db: ctx.services.db, events: ctx.services.events, memberId: ctx.user.id, lastEventId: input?.lastEventId, signal };
  for await (const item of liveMessages(source)) yield tracked(item.id, item.value);
});
