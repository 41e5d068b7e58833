import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { QueryState, type ShownQuery } from './query-state';

type PagedQuery = {
  data?: { pages: readonly unknown[] };
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * Under a list read a page at a time, newest first: the button that reads older items and the
 * count of those shown. Older items join the list above, out of a screen reader's way: the count,
 * a live region, says that they came. Once they have, the focus goes back to the button while
 * there are more (it was disabled while they loaded, which drops the focus), else to the count,
 * which says there are no older ones; never to the page's start.
 */
function LoadOlder({
  query,
  shown,
  label,
  noun,
}: {
  query: PagedQuery;
  /** How many items the list shows now. */
  shown: number;
  /** The button's words ("Load older events"). */
  label: string;
  /** One item and several, as the count says them. */
  noun: { one: string; many: string };
}) {
  const button = useRef<HTMLButtonElement>(null);
  const count = useRef<HTMLElement>(null);
  const asked = useRef(false);
  // Run as the page arrives (its rendering may batch the start and end of the load together).
  const pagesLoaded = query.data?.pages.length ?? 0;
  const { isFetchingNextPage, hasNextPage } = query;
  useEffect(() => {
    if (!asked.current || isFetchingNextPage) return;
    asked.current = false;
    (hasNextPage ? button.current : count.current)?.focus();
  }, [pagesLoaded, isFetchingNextPage, hasNextPage]);

  return (
    <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
      {hasNextPage && (
        <Button
          ref={button}
          variant="outlined"
          onClick={() => {
            asked.current = true;
            void query.fetchNextPage();
          }}
          disabled={isFetchingNextPage}
        >
          {isFetchingNextPage ? 'Loading…' : label}
        </Button>
      )}
      <Typography ref={count} tabIndex={-1} role="status" color="textSecondary">
        {shown} {shown === 1 ? noun.one : noun.many} shown
        {hasNextPage ? '.' : `; no older ${noun.many}.`}
      </Typography>
    </Box>
  );
}

/**
 * A list read a page at a time, newest first, in the states every page shows (QueryState):
 * loading, failed, empty when the first page has no item, and else the items of every page read
 * so far, in order, with LoadOlder under them.
 */
export function OlderPagesState<Page, Item>({
  query,
  itemsOf,
  label,
  noun,
  children,
  ...state
}: {
  query: ShownQuery<{ pages: Page[] }> & PagedQuery;
  /** A page's items. */
  itemsOf: (page: Page) => Item[];
  /** What loads, as a sentence names it ("the audit log"). */
  subject: string;
  skeletonLines: number;
  /** Shown when the first page has no item. */
  empty: ReactNode;
  label: string;
  noun: { one: string; many: string };
  /** The items read so far, newest first. */
  children: (items: Item[]) => ReactNode;
}) {
  return (
    <QueryState query={query} {...state} isEmpty={(data) => itemsOf(data.pages[0]).length === 0}>
      {(data) => {
        const shown = data.pages.flatMap(itemsOf);
        return (
          <>
            {children(shown)}
            <LoadOlder query={query} shown={shown.length} label={label} noun={noun} />
          </>
        );
      }}
    </QueryState>
  );
}
