import { ZPeerSubscriptionInput } from '@curio/shared';
import { memberProcedure } from '../../trpc/init.ts';
import { liveValue } from '../../trpc/live-value.ts';
import { blockStateBetween } from '../../domain/chat/blocks.ts';

/**
 * The block state between the member and one peer, kept live for an open thread: sent at once,
 * then whenever either side blocks or unblocks the other, from any tab or server process
 * (rule C-9). Each wake-up re-reads, so a lost or doubled event cannot show a wrong state.
 */
export const onBlockState = memberProcedure.input(ZPeerSubscriptionInput).subscription(({ ctx, input, signal }) =>
  liveValue({
    events: ctx.services.events,
    topic: ctx.user.id,
    types: ['blocks-changed'],
    signal,
    lastEventId: input.lastEventId,
    read: () => blockStateBetween(ctx.services.db, ctx.user.id, input.peerId),
    idOf: (state) => `blocks:${Number(state.blocking)}${Number(state.blockedBy)}`,
  }),
);
