import { useCallback, useEffect, useRef } from 'react';

/**
 * A ref callback that moves keyboard focus to an element when it appears: a review step, a
 * receipt or an error that replaces what the person was on, so focus does not drop to the page
 * body and screen readers read what appeared. Stable (module level), so React calls it on mount
 * only. The element needs tabIndex={-1} unless it is focusable already.
 */
export function focusOnMount(node: HTMLElement | null): void {
  if (!node) return;
  // The browser scrolls a focused element into view only when none of it shows, and then to its
  // middle: a receipt taller than a phone's screen, left partly in view as the shorter page drew
  // in under the scroll position, stayed scrolled past its top (its title and trade id above the
  // screen). What appeared is shown from its top, below the app bar (html's scroll-padding-top).
  node.focus({ preventScroll: true });
  // Not laid out (nothing drawn yet, or no layout at all, as in jsdom): nothing to scroll to.
  const box = node.getClientRects()[0];
  if (!box) return;
  const below = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  if (box.top < below || box.top >= window.innerHeight) node.scrollIntoView({ block: 'start' });
}

/**
 * Try again on a notice of a read that failed: once the read has answered, the notice and its
 * button go, and the focus would drop to the page's top with them. It moves on to `next()`, what
 * the answer brought (none: it stays), unless it is somewhere already. Returns what the button
 * calls as it is pressed: `retry`, the read again, remembered as pressed.
 */
export function useRetryThenFocus<Args extends unknown[] = []>({
  answered,
  answer,
  retry,
  next,
}: {
  answered: boolean;
  /**
   * What the answer changes, where a read that answers at once may start and end within one
   * render, so that `answered` is never seen false.
   */
  answer?: unknown;
  /** Reads again; what Try again passes (for example which part to read) is handed on. */
  retry: (...args: Args) => void;
  next: () => HTMLElement | null | undefined;
}): (...args: Args) => void {
  const retried = useRef(false);
  // The latest of the caller's functions, for the effect that runs as the answer comes.
  const latest = useRef({ retry, next });
  useEffect(() => {
    latest.current = { retry, next };
  });
  useEffect(() => {
    if (!answered || !retried.current) return;
    retried.current = false;
    if (document.activeElement === document.body || document.activeElement === null)
      latest.current.next()?.focus();
  }, [answered, answer]);
  return useCallback((...args: Args) => {
    retried.current = true;
    latest.current.retry(...args);
  }, []);
}
