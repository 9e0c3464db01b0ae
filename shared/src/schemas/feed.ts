import './zod-config.ts';
import { z } from 'zod';
import { FEED_CATEGORIES, FEED_PAGE_DEFAULT, FEED_PAGE_MAX, FEED_SEARCH_MAX, FEED_SORTS, FEED_TYPES } from '../rules/feed.ts';
import { ZBuyingRequestCard, ZListingCard } from './marketplace.ts';
import { zText } from './common.ts';

export const ZFeedPageInput = z.object({
  /** Substring of title, description, tags or category words; blank means no search. */
  q: zText().trim().max(FEED_SEARCH_MAX).optional(),
  type: z.enum(FEED_TYPES).default('all'),
  category: z.enum(FEED_CATEGORIES).default('all'),
  sort: z.enum(FEED_SORTS).default('latest'),
  /** Opaque: the nextCursor of the previous page, for the same sort. */
  cursor: zText().max(512).nullish(),
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
