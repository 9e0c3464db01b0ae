import { ZFeedPage, ZFeedPageInput } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { loadFeedPage } from '../../../domain/feed/feed-page.ts';

/** The discovery feed (rules F-1 to F-5). Public: visitors browse it (rule A-1). */
export const page = publicProcedure
  .input(ZFeedPageInput)
  .output(ZFeedPage)
  .query(({ ctx, input }) => {
    const q = input.q?.trim();
    return loadFeedPage(ctx.services.db, { ...input, q: q ? q : undefined }, ctx.services.clock.now());
  });
