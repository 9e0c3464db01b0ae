import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** Search debounce of every search box (the feed's 300 ms, rule F-5). */
const SEARCH_DEBOUNCE_MS = 300;
export const ADMIN_PAGE_SIZE = 20;

/**
 * Page and search state of an admin list. A new search or filter starts again at page 1;
 * `input` is what the list query takes (see ZAdminListInput).
 */
export function useAdminList() {
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
  };
  return {
    page,
    setPage,
    search,
    setSearch,
    /** Resets to page 1; call it when a filter (status, type...) changes. */
    restart: () => setPage(1),
    input: { page, pageSize: ADMIN_PAGE_SIZE, search: debounced || undefined },
  };
}
