import { useCallback, useEffect, useRef } from 'react';

/**
 * A ref callback that moves keyboard focus to an element when it appears: a review step, a
 * receipt or an error that replaces what the person was on, so focus does not drop to the page
 * body and screen readers read what appeared. Stable (module level), so React calls it on mount
 * only. The element needs tabIndex={-1} unless it is focusable already.
 */
export function focusOnMount(node: HTMLElement | null): void {
  node?.focus();
}

/**
 * Try again on a notice of a read that failed: once the read has answered, the notice and its
 * button go, and the focus would drop to the page's top with them. It moves on to `next()`, what
 * the answer brought (none: it stays), unless it is somewhere already. Returns what the button
 * calls as it is pressed: `retry`, the read again, remembered as pressed.
 */
export function useRetryThenFocus({
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
  retry: () => void;
  next: () => HTMLElement | null | undefined;
}): () => void {
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
  return useCallback(() => {
    retried.current = true;
    latest.current.retry();
  }, []);
}
