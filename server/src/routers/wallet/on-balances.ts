import { memberProcedure } from '../../trpc/init.ts';
import { getBalances, watchBalances } from '../../domain/ledger/index.ts';

/**
 * Live balances for the top bar: the current numbers at once, then new ones whenever the
 * ledger moves this member's money. Each value is the whole current state, so there is
 * nothing to resume after a reconnect and no tracked() id: the first yield is already fresh.
 */
export const onBalances = memberProcedure.subscription(({ ctx, signal }) =>
  watchBalances({
    userId: ctx.user.id,
    events: ctx.services.events,
    readBalances: () => getBalances(ctx.services.db, ctx.user.id),
    signal,
  }),
);
