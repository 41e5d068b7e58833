import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { MoneyRequestPageView } from '../../../../contract/money-requests';
import { PageNav } from '../../../components/page-nav';
import { QueryState, type ShownQuery } from '../../../components/query-state';
import type { MoneyRequestView } from '../../../../contract/money-requests';
import { MoneyRequestsList, type MoneyRequestsListProps } from './money-requests-list';
import { useSettleByHand } from './settle-by-hand';

type MoneyRequestPagesProps = Pick<MoneyRequestsListProps, 'label' | 'reviewer'> & {
  /**
   * A request the reviewer settled by hand, as now recorded: the page tells what became of it,
   * since its row may leave the list.
   */
  onSettled?: (settled: MoneyRequestView) => void;
  query: ShownQuery<MoneyRequestPageView>;
  /** What loads, as a sentence names it: "the requests". */
  subject: string;
  skeletonLines: number;
  /** Shown when no request is listed: the words depend on whose requests they are. */
  empty: ReactNode;
  /** Names the navigation between the pages. */
  pagesLabel: string;
  pageSize: number;
  onOffset: (offset: number) => void;
  /** Say above the list how many requests there are in all (the register, which is filtered). */
  counted?: boolean;
  /** The count, for the page to move the focus to (when a note above the list is dismissed). */
  countRef?: Ref<HTMLElement>;
  sx?: SxProps<Theme>;
};

/**
 * A page of money requests (one account's, or the register's across accounts) with the way to
 * the other pages, newest first: every request stays within reach, however many there are.
 * Loading, failing and empty are QueryState's, from `query`, `subject`, `skeletonLines` and
 * `empty` as given. "Settle by hand" is held here, beside the list rather than in it, so that a
 * page read again while it is open (emptied by a filter, the row gone) does not close it.
 */
export function MoneyRequestPages({
  label,
  reviewer,
  onSettled,
  pagesLabel,
  pageSize,
  onOffset,
  counted = false,
  countRef,
  sx,
  ...state
}: MoneyRequestPagesProps) {
  const settle = useSettleByHand({
    current: (reference) => state.query.data?.requests.find((r) => r.reference === reference),
    onSettled,
  });
  return (
    <>
      <QueryState {...state} isEmpty={(page) => page.requests.length === 0}>
        {(page) => (
          <Box sx={sx}>
            {counted && (
              <Typography ref={countRef} tabIndex={-1} role="status" sx={{ mb: 1 }}>
                {page.total} request{page.total === 1 ? '' : 's'}
              </Typography>
            )}
            <MoneyRequestsList
              requests={page.requests}
              label={label}
              reviewer={reviewer}
              onSettle={settle.open}
            />
            <PageNav
              label={pagesLabel}
              offset={page.offset}
              shown={page.requests.length}
              total={page.total}
              pageSize={pageSize}
              onOffset={onOffset}
            />
          </Box>
        )}
      </QueryState>
      {settle.dialog}
    </>
  );
}
