import { useSearchParams } from 'react-router';

/**
 * The page's tab as the `?tab=` query parameter (routes such as /recharge?tab=usdt), so
 * every tab has a link. The first tab is the default and leaves the parameter out; an unknown
 * value reads as the default. Switching replaces the history entry instead of adding one, and
 * keeps the scroll position: it is the same screen. With `ownParams`, the other parameters
 * belong to the tab they were set in (the admin lists' page, search and filters) and a switch
 * starts the new tab without them.
 */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]], options: { ownParams?: boolean } = {}): [T, (next: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const [defaultTab] = tabs;
  const raw = params.get('tab');
  const tab = (tabs as readonly string[]).includes(raw ?? '') ? (raw as T) : defaultTab;
  const select = (next: string | null) => {
    if (!next || !(tabs as readonly string[]).includes(next)) return;
    if (next === tab) return;
    const copy = new URLSearchParams(options.ownParams ? undefined : params);
    if (next === defaultTab) copy.delete('tab');
    else copy.set('tab', next);
    setParams(copy, { replace: true, preventScrollReset: true });
  };
  return [tab, select];
}
