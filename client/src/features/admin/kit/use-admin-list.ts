import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Search debounce of every search box (the feed's 300 ms, rule F-5). */
const SEARCH_DEBOUNCE_MS = 300;
export const ADMIN_PAGE_SIZE = 20;

/** A calendar day as the date fields write it (YYYY-MM-DD). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The admin's local midnight starting `day`, `offset` days later; undefined for no or a bad day. */
function localMidnight(day: string | null, offset = 0): Date | undefined {
  if (!day || !DAY.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const value = new Date(year, month - 1, date + offset);
  return Number.isNaN(value.getTime()) ? undefined : value;
}

type Changes = Record<string, string | null | undefined>;

/** A table's sort as useAdminList keeps it in the URL (`sort`, `dir`). */
export interface AdminSortState<S extends string> {
  sort: S | null;
  direction: 'asc' | 'desc';
  /** Sorts by `column`, or turns the direction round when it is already the sorted one. */
  toggle: (column: S) => void;
  set: (column: S | null, direction: 'asc' | 'desc') => void;
  /** What the list query takes (zAdminSort). */
  input: { sort: S | undefined; direction: 'asc' | 'desc' };
}

/**
 * Page, search, filters, sort and date range of an admin list, kept in the URL's query (as
 * useTabParam keeps the tab), so a reload, a shared link or the back button shows the same rows.
 * Any change other than the page starts again at page 1, so a page number never outlives the
 * filter it was counted under; defaults (page 1, no search...) leave their parameter out.
 * `input` is what the list query takes (see ZAdminListInput and zAdminTableControls).
 */
export function useAdminList() {
  const [params, setParams] = useSearchParams();
  // The router applies a navigation a little later (in a transition): changes in quick
  // succession (typing, a filter, two clicks on a heading) must build on each other, not on the
  // query as it was rendered. `pending` holds the queries asked for, oldest first, until the
  // location catches up with each; a location none of them asked for (back, a tab switch) wins.
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const at = pending.current.indexOf(params.toString());
    pending.current = at === -1 ? [] : pending.current.slice(at + 1);
  }, [params]);
  const latest = () => new URLSearchParams(pending.current.at(-1) ?? params);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  // what the box shows is typed state, so no keystroke waits for the URL; the URL follows it
  const [search, setSearchText] = useState(() => params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';

  /** One URL update per event: every change in one replace, page dropped unless it is the change. */
  const update = (changes: Changes) => {
    const next = latest();
    if (!('page' in changes)) next.delete('page');
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === '') next.delete(name);
      else next.set(name, value);
    }
    pending.current.push(next.toString());
    setParams(next, { replace: true });
  };

  return {
    page,
    setPage: (value: number) => update({ page: value > 1 ? String(value) : null }),
    search,
    setSearch: (value: string) => {
      setSearchText(value);
      update({ q: value });
    },
    /**
     * A filter kept in the URL: one of `allowed` (or a text `allowed` accepts, for a filter whose
     * values come from the server), or null (its default) for anything else.
     */
    param<T extends string = string>(name: string, allowed: readonly T[] | ((raw: string) => boolean)): [T | null, (value: T | null) => void] {
      const raw = params.get(name);
      const ok = raw !== null && raw !== '' && (typeof allowed === 'function' ? allowed(raw) : (allowed as readonly string[]).includes(raw));
      return [ok ? (raw as T) : null, (next) => update({ [name]: next })];
    },
    /**
     * A filter kept in the URL that always has a value: `fallback` when the URL names none (or
     * one not in `allowed`). Choosing the fallback leaves the parameter out, so a tab opened
     * plainly and one reset by hand have the same address.
     */
    choice<T extends string>(name: string, allowed: readonly T[], fallback: NoInfer<T>): [T, (value: T) => void] {
      const raw = params.get(name);
      const value = raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as T) : fallback;
      return [value, (next) => update({ [name]: next === fallback ? null : next })];
    },
    /** A value that picks something on the page (the member a detail view shows): the page stays. */
    selection(name: string): [string | null, (value: string | null) => void] {
      return [params.get(name), (next) => update({ [name]: next, page: latest().get('page') })];
    },
    /**
     * The sorted column and its direction. `fallback` is the table's default order (newest
     * first): its heading shows as sorted, and choosing it leaves `sort` out of the URL. Without
     * one, null means the default order.
     */
    sortState<S extends string>(allowed: readonly S[], fallback?: NoInfer<S>): AdminSortState<S> {
      const read = (query: URLSearchParams): { sort: S | null; direction: 'asc' | 'desc' } => {
        const raw = query.get('sort');
        return {
          sort: raw !== null && (allowed as readonly string[]).includes(raw) ? (raw as S) : (fallback ?? null),
          direction: query.get('dir') === 'asc' ? 'asc' : 'desc',
        };
      };
      const { sort, direction } = read(params);
      const column = (value: S | null) => (value === fallback ? null : value);
      return {
        sort,
        direction,
        toggle: (next: S) => {
          // a second click before the URL caught up turns round the sort the first one asked for
          const current = read(latest());
          update(
            current.sort === next ? { dir: current.direction === 'desc' ? 'asc' : null } : { sort: column(next), dir: next === 'nickname' ? 'asc' : null },
          );
        },
        set: (next: S | null, dir: 'asc' | 'desc') => update({ sort: column(next), dir: dir === 'asc' ? 'asc' : null }),
        input: { sort: sort ?? undefined, direction },
      };
    },
    /** The date range as the fields show it (YYYY-MM-DD, '' for none). */
    dates: { from: fromDay, to: toDay },
    setDates: (from: string, to: string) => update({ from, to }),
    input: {
      page,
      pageSize: ADMIN_PAGE_SIZE,
      search: debounced || undefined,
    },
    /** The date range as the query takes it: from the first day's midnight to the midnight after the last. */
    dateInput: { from: localMidnight(fromDay), to: localMidnight(toDay, 1) },
  };
}
