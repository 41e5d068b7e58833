import { useEffect, useRef } from 'react';

/**
 * Where the focus goes once a "load older" button's page has come: back to the button while there
 * are more (it was disabled while they loaded, which drops the focus), else to the count beside
 * it, which says there are no more; never to the page's start. `asked` marks the click; the refs
 * go on the button and on the count (a live region, tabIndex -1).
 */
export function useFocusAfterMore(query: {
  data?: { pages: readonly unknown[] };
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const count = useRef<HTMLElement>(null);
  const loadAsked = useRef(false);
  // Run as the page arrives (its rendering may batch the start and end of the load together).
  const pagesLoaded = query.data?.pages.length ?? 0;
  const { isFetchingNextPage, hasNextPage } = query;
  useEffect(() => {
    if (!loadAsked.current || isFetchingNextPage) return;
    loadAsked.current = false;
    (hasNextPage ? button.current : count.current)?.focus();
  }, [pagesLoaded, isFetchingNextPage, hasNextPage]);
  return {
    button,
    count,
    asked: () => {
      loadAsked.current = true;
    },
  };
}
