import { describe, expect, test } from '../../helpers/fixtures.ts';
import { DEFAULT_FEED_FILTERS, hasActiveFilters, parseFeedFilters, writeFeedFilters } from '../../../client/src/features/feed/feed-filters.ts';

/** The home feed keeps its filters in the URL (?q=&type=&category=&sort=), so links and reloads keep them. */
describe('feed filters in the URL', () => {
  test('a bare URL is the default feed', () => {
    expect(parseFeedFilters(new URLSearchParams(''))).toEqual(DEFAULT_FEED_FILTERS);
    expect(hasActiveFilters(DEFAULT_FEED_FILTERS)).toBe(false);
  });

  test('?category= and the other filters are read back', () => {
    const filters = parseFeedFilters(new URLSearchParams('category=service&type=buyingRequest&sort=hot&q=%20相机%20'));
    expect(filters).toEqual({ q: '相机', type: 'buyingRequest', category: 'service', sort: 'hot' });
    expect(hasActiveFilters(filters)).toBe(true);
  });

  test('unknown values fall back to the defaults instead of failing the query', () => {
    expect(parseFeedFilters(new URLSearchParams('category=weapons&type=x&sort=price&q=' + 'a'.repeat(150)))).toEqual({
      ...DEFAULT_FEED_FILTERS,
      q: 'a'.repeat(100),
    });
  });

  test('defaults are left out of the URL and unrelated parameters survive', () => {
    const written = writeFeedFilters(new URLSearchParams('ref=abc&sort=likes'), { ...DEFAULT_FEED_FILTERS, category: 'goods' });
    expect(written.toString()).toBe('ref=abc&category=goods');
  });
});
