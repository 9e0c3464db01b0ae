import { FEED_CATEGORIES, FEED_SEARCH_MAX, FEED_SORTS, FEED_TYPES, type TFeedCategory, type TFeedSort, type TFeedType } from '@curio/shared';

/** The feed's filters as the URL carries them: /?q=…&type=…&category=…&sort=… (defaults omitted). */
export interface FeedFilters {
  q: string;
  type: TFeedType;
  category: TFeedCategory;
  sort: TFeedSort;
}

export const DEFAULT_FEED_FILTERS: FeedFilters = { q: '', type: 'all', category: 'all', sort: 'latest' };

function oneOf<T extends string>(values: readonly T[], raw: string | null, fallback: T): T {
  return values.find((value) => value === raw) ?? fallback;
}

/** A hand-edited or stale URL falls back to the defaults instead of failing the request. */
export function parseFeedFilters(params: URLSearchParams): FeedFilters {
  return {
    q: (params.get('q') ?? '').trim().slice(0, FEED_SEARCH_MAX),
    type: oneOf(FEED_TYPES, params.get('type'), DEFAULT_FEED_FILTERS.type),
    category: oneOf(FEED_CATEGORIES, params.get('category'), DEFAULT_FEED_FILTERS.category),
    sort: oneOf(FEED_SORTS, params.get('sort'), DEFAULT_FEED_FILTERS.sort),
  };
}

/** Other parameters (e.g. ?ref=) survive; a default value leaves the URL clean. */
export function writeFeedFilters(current: URLSearchParams, filters: FeedFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['q', 'type', 'category', 'sort'] as const) {
    const value = filters[key];
    if (value === DEFAULT_FEED_FILTERS[key]) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export function hasActiveFilters(filters: FeedFilters): boolean {
  return (
    filters.q !== '' ||
    filters.type !== DEFAULT_FEED_FILTERS.type ||
    filters.category !== DEFAULT_FEED_FILTERS.category ||
    filters.sort !== DEFAULT_FEED_FILTERS.sort
  );
}
