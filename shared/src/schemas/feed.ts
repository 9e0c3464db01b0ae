import { z } from 'zod';
import { ZBuyingRequestCard, ZListingCard } from './marketplace.ts';

/** Spec 1 §2 "Home": the feed's filters and sorts. */
export const FEED_TYPES = ['all', 'listing', 'buyingRequest'] as const;
export const FEED_CATEGORIES = ['all', 'goods', 'service'] as const;
export const FEED_SORTS = ['latest', 'hot', 'likes', 'favorites'] as const;
export type TFeedType = (typeof FEED_TYPES)[number];
export type TFeedCategory = (typeof FEED_CATEGORIES)[number];
export type TFeedSort = (typeof FEED_SORTS)[number];

export const FEED_SEARCH_MAX = 100;
export const FEED_PAGE_DEFAULT = 20;
export const FEED_PAGE_MAX = 50;

export const ZFeedPageInput = z.object({
  /** Substring of title, description, tags or category words; blank means no search. */
  q: z.string().trim().max(FEED_SEARCH_MAX).optional(),
  type: z.enum(FEED_TYPES).default('all'),
  category: z.enum(FEED_CATEGORIES).default('all'),
  sort: z.enum(FEED_SORTS).default('latest'),
  /** Opaque: the nextCursor of the previous page, for the same sort. */
  cursor: z.string().max(512).nullish(),
  limit: z.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_DEFAULT),
});
export type TFeedPageInput = z.input<typeof ZFeedPageInput>;

export const ZFeedItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('listing'), listing: ZListingCard }),
  z.object({ kind: z.literal('buyingRequest'), request: ZBuyingRequestCard }),
]);
export type TFeedItem = z.infer<typeof ZFeedItem>;

export const ZFeedPage = z.object({
  items: z.array(ZFeedItem),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TFeedPage = z.infer<typeof ZFeedPage>;
