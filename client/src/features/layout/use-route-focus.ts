import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a screen may take to show its heading (its data loading) before focus stays put. */
const HEADING_WAIT_MS = 10_000;

function visibleHeading(container: HTMLElement): HTMLElement | undefined {
  return Array.from(container.querySelectorAll('h1')).find((heading) => heading.getClientRects().length > 0);
}

/**
 * After a move to another screen (rule I-17), focus goes to that screen's heading (its h1), so a
 * screen reader announces the new page and Tab continues from its top rather than from a link
 * that is gone. Focus moved by script shows a ring only when the reader was using the keyboard
 * (`:focus-visible`), so a mouse user sees no flash. The first load leaves focus alone, and a
 * change of the query alone (a tab, a filter) is the same screen and keeps it. A heading that
 * appears only once the screen's data arrives is waited for.
 */
export function useFocusHeadingOnRouteChange(containerId: string): void {
  const { pathname } = useLocation();
  const handled = useRef(pathname);

  useEffect(() => {
    if (handled.current === pathname) return;
    const before = handled.current;
    handled.current = pathname;
    const container = document.getElementById(containerId);
    if (!container) return;

    let done = false;
    const focusHeading = () => {
      const heading = visibleHeading(container);
      if (!heading) return false;
      // a heading takes focus from script only, never from Tab
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      // the scroll position is the router's (top, or the one restored on back and forward)
      heading.focus({ preventScroll: true });
      done = true;
      return true;
    };
    if (focusHeading()) return;

    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      // left before its heading came (or unmounted and remounted in development): try again next time
      if (!done) handled.current = before;
    };
  }, [pathname, containerId]);
}
