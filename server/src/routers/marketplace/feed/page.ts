import { ZFeedPageInput, type TFeedPage } from '@curio/shared';
import { publicProcedure } from '../../../trpc/init.ts';
import { feedPageCache } from '../../../domain/feed/feed-page-cache.ts';

/**
 * The discovery feed (rules F-1 to F-5). Public: visitors browse it (rule A-1). Pages come
 * through the shared feed cache (ADR 0039), which checks each against ZFeedPage when it loads
 * it, so no output validator runs again; an unsearched page may be served from it, a search is
 * loaded every time. A browser's GET is usually answered before tRPC (cached-get.ts).
 */
export const page = publicProcedure.input(ZFeedPageInput).query(async ({ ctx, input }): Promise<TFeedPage> => {
  const q = input.q?.trim();
  return (await feedPageCache(ctx.services).get({ ...input, q: q ? q : undefined })).page;
});
