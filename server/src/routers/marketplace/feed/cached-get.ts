import type { RequestHandler } from 'express';
import superjson from 'superjson';
import { ZFeedPageInput } from '@curio/shared';
import type { AppServices } from '../../../app-services.ts';
import { feedPageCache } from '../../../domain/feed/feed-page-cache.ts';
import type { FeedQuery } from '../../../domain/feed/feed-page.ts';

/** The procedure's path under /trpc, as tRPC's GET links call it. */
export const FEED_PAGE_PATH = '/marketplace.feed.page';

/**
 * The query of a tRPC GET of marketplace.feed.page, single or a batch of one; null for anything
 * else (a wider batch, a streaming link, input that does not parse), which tRPC then answers
 * itself, refusals included.
 */
function feedQueryOf(url: string, accept: string | undefined): { query: FeedQuery; batch: boolean } | null {
  if (accept) return null; // trpc-accept asks for a streamed answer
  const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  const raw = params.get('input');
  if (raw === null) return null;
  const batch = params.get('batch') === '1';
  let value: unknown;
  try {
    let parsed: unknown = JSON.parse(raw);
    if (batch) {
      if (!parsed || typeof parsed !== 'object' || Object.keys(parsed).join() !== '0') return null;
      parsed = (parsed as Record<string, unknown>)['0'];
    }
    value = superjson.deserialize(parsed as never);
  } catch {
    return null;
  }
  const input = ZFeedPageInput.safeParse(value);
  if (!input.success) return null;
  const q = input.data.q?.trim();
  return { query: { ...input.data, q: q ? q : undefined }, batch };
}

/**
 * Serves a GET of a feed page through the shared feed cache (ADR 0039) before tRPC is reached:
 * the page is the same for every caller, so no session is looked up and the answer is the JSON
 * written when the page was loaded, in tRPC's own shape (a search is loaded for this call, an
 * unsearched page may come from the cache). It carries the page's ETag;
 * an If-None-Match naming it gets 304 with no body, which the browser's HTTP cache sends by
 * itself on the next visit (Cache-Control: no-cache asks it to revalidate every time).
 * Everything else falls through to the procedure, which reads the same cache.
 */
export function serveCachedFeedPage(services: AppServices): RequestHandler {
  const cache = feedPageCache(services);
  return (req, res, next) => {
    if (req.method !== 'GET' || req.path !== FEED_PAGE_PATH || !cache.enabled) return next();
    const accept = req.headers['trpc-accept'];
    const call = feedQueryOf(req.url, Array.isArray(accept) ? accept[0] : accept);
    if (!call) return next();
    cache.get(call.query).then(
      (cached) => {
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('ETag', cached.etag);
        const wanted = req.headers['if-none-match'];
        if (wanted && wanted.split(',').some((tag) => tag.trim().replace(/^W\//, '') === cached.etag)) {
          res.status(304).end();
          return;
        }
        const body = `{"result":{"data":${cached.json}}}`;
        res
          .status(200)
          .type('application/json')
          .end(call.batch ? `[${body}]` : body);
      },
      // a failed load: the procedure tries again and answers with tRPC's error shape
      () => next(),
    );
  };
}
