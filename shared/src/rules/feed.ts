/**
 * The feed's (rules F-1 to F-5) filters, sorts and page sizes. Kept apart from the zod schemas
 * (schemas/feed.ts) so the home page's first load does not pull in zod (ADR 0023).
 */
export const FEED_TYPES = ['all', 'listing', 'buyingRequest'] as const;
export const FEED_CATEGORIES = ['all', 'goods', 'service'] as const;
export const FEED_SORTS = ['latest', 'hot', 'likes', 'favorites'] as const;
export type TFeedType = (typeof FEED_TYPES)[number];
export type TFeedCategory = (typeof FEED_CATEGORIES)[number];
export type TFeedSort = (typeof FEED_SORTS)[number];

export const FEED_SEARCH_MAX = 100;
export const FEED_PAGE_DEFAULT = 20;
export const FEED_PAGE_MAX = 50;
