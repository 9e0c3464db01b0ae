import { ZFeedPage, ZFeedPageInput, type TFeedPage } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { loadFeedPage } from '../../../domain/feed/feed-page.ts';
import { feedPageCache } from '../../../domain/feed/feed-page-cache.ts';

/**
 * The discovery feed (rules F-1 to F-5). Public: visitors browse it (rule A-1). An unsearched
 * page comes from the shared feed cache (ADR 0039), which checks it against ZFeedPage once when
 * it loads it, so no output validator runs on every call; a search is loaded and checked each time.
 */
export const page = publicProcedure.input(ZFeedPageInput).query(async ({ ctx, input }): Promise<TFeedPage> => {
  const q = input.q?.trim();
  if (!q) return (await feedPageCache(ctx.services).get({ ...input, q: undefined })).page;
  return ZFeedPage.parse(await loadFeedPage(ctx.services.db, { ...input, q }, ctx.services.clock.now()));
});
