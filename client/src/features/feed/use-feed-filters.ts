import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseFeedFilters, writeFeedFilters, type FeedFilters } from './feed-filters.ts';

/** The URL is the one source of the feed's filters, so a filtered feed can be shared and reloaded. */
export function useFeedFilters(): { filters: FeedFilters; update: (patch: Partial<FeedFilters>) => void } {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFeedFilters(params), [params]);
  const update = useCallback(
    (patch: Partial<FeedFilters>) => {
      // replace, not push: typing a search must not fill the back button with every keystroke;
      // and the feed stays where the reader is rather than jumping to the top of the page
      void setParams((current) => writeFeedFilters(current, { ...parseFeedFilters(current), ...patch }), { replace: true, preventScrollReset: true });
    },
    [setParams],
  );
  return { filters, update };
}
