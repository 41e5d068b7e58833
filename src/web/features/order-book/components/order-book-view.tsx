import { useDeferredValue, useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderBook, OrderRow } from '../../../../contract/order-book';
import type { GridPlace } from '../../../components/data-grid';
import type { EarlyRows, OrderBookProgress as Progress } from '../api/get-order-book';
import { DepthLadder, DepthSummary } from './depth-summary';
import { OrderBookProgress } from './order-book-progress';
import { OrderFilters, type OrderFilter } from './order-filters';
import { countOf, formatCount, viewerTimeZone } from '../../../lib/format';
import { ExecutionsTable, OrdersTable } from './order-tables';
import { useWideScreen } from '../../../lib/use-wide-screen';
import { JumpLinks } from '../../../components/jump-links';

/** The sections below the orders, which a phone reaches only after screens of orders. */
const BELOW_THE_ORDERS = [
  ['prices-heading', 'Best prices'],
  ['executions-heading', 'Executions'],
] as const;

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/** A grid's place (sort and page) kept by the page, and how a person's change reaches it. */
export interface KeptPlace {
  place: GridPlace;
  onPlaceChange: (next: Partial<GridPlace>) => void;
}

type OrderBookViewProps = {
  filter: OrderFilter;
  onFilterChange: (filter: OrderFilter) => void;
  /** Where the person is in each grid, when the page keeps it (in its address). */
  places?: { orders: KeptPlace; executions: KeptPlace };
  /** The trading day shown (YYYY-MM-DD, a US Eastern day): times on another day are dated. */
  day: string;
} & (
  | { book: OrderBook; loading?: undefined }
  | {
      book: null;
      /** The rows so far and how far the day's walk got, before the book is whole. */
      loading: { early: EarlyRows; progress: Progress };
    }
);

const passes = (filter: OrderFilter, row: Pick<OrderRow, 'securityId' | 'side'>) =>
  (!filter.security || row.securityId === filter.security) &&
  (!filter.side || row.side === filter.side);

/** The orders the filters let through: those the orders grid lists. */
export const ordersShown = (orders: readonly OrderRow[], filter: OrderFilter) =>
  orders.filter((o) => passes(filter, o) && (!filter.status || o.status === filter.status));

/** How many of the day's orders the grid lists, as the count line and the page's status say it. */
export const shownInWords = (book: OrderBook, shown: number) =>
  book.incomplete
    ? `${formatCount(shown)} of the ${countOf(book.orderCount, 'order', 'orders')} read: incomplete, the rest of the day could not be read.`
    : `${formatCount(shown)} of ${countOf(book.orderCount, 'order', 'orders')}.`;

/**
 * Depth, orders and executions of one day, filtered by security, side and status. While the day
 * is still read the orders grid already shows the rows that arrived; depth and executions need
 * every order and follow with the book. The sections keep their places, so the grid stays
 * mounted when the book arrives.
 */
export function OrderBookView({
  book,
  loading,
  filter,
  onFilterChange,
  places,
  day,
}: OrderBookViewProps) {
  const bookNames = useMemo(
    () => book && new Map(book.securities.map((s) => [s.securityId, s.securityName])),
    [book],
  );
  const allOrders = book ? book.orders : loading.early.orders;
  const names = bookNames ?? loading?.early.names ?? NO_NAMES;
  const statuses = useMemo(() => [...new Set(allOrders.map((o) => o.status))].sort(), [allOrders]);
  const orders = useMemo(() => ordersShown(allOrders, filter), [allOrders, filter]);
  // The executions grid mounts in a render of its own, after the orders grid has its rows: it
  // stands below them, and mounting a second grid in the same render held the orders back.
  const executionsBook = useDeferredValue(book);
  const executions = useMemo(
    () => executionsBook?.executions.filter((e) => passes(filter, e)) ?? [],
    [executionsBook, filter],
  );
  const depth =
    book?.securities.find((s) => s.securityId === filter.security) ?? book?.securities[0];
  const fields = book ? book.fields : loading.early.fields;
  const filterSecurities = useMemo(
    () =>
      book
        ? book.securities
        : [...names].map(([securityId, securityName]) => ({ securityId, securityName })),
    [book, names],
  );
  // Both grids read the rows of one day alike: its securities' names, its view and its date.
  const sameDay = { names, fields, day };
  const zone = viewerTimeZone();
  const wide = useWideScreen();

  return (
    <Box sx={{ display: 'grid', gap: 4, minWidth: 0 }}>
      {/*
       * The orders come first, with their filters, so nothing above the grid changes size when
       * the whole book arrives: best prices, depth and executions need every order and are
       * added below it. While the day is read the filters are shown, not yet usable.
       */}
      <Box component="section" aria-labelledby="orders-heading" sx={{ minWidth: 0 }}>
        <Typography id="orders-heading" component="h2" variant="h5">
          Orders
        </Typography>
        {/* On a phone a day's orders run for screens before the prices: a way straight there. */}
        {!wide && <JumpLinks sections={BELOW_THE_ORDERS} />}
        <OrderFilters
          filter={filter}
          securities={filterSecurities}
          statuses={statuses}
          onChange={onFilterChange}
          disabled={!book}
        />
        {loading ? (
          <OrderBookProgress progress={loading.progress} />
        ) : (
          <Box sx={{ mb: 1 }}>
            {/* Not a live region: the page's one status says the same (order-book.tsx). */}
            <Typography variant="body2" color="textSecondary">
              {shownInWords(book, orders.length)}
            </Typography>
            {/* Where the progress bar was. */}
            <Box sx={{ height: 4 }} />
          </Box>
        )}
        {/*
         * Two lines, each of them one line long in every state (on a phone too), so the grid
         * below does not move when the whole book arrives.
         */}
        <Typography variant="body2" color="textSecondary">
          {book
            ? book.incomplete
              ? 'Sorting and the filters cover every order read.'
              : 'Sorting and the filters cover every order of the day.'
            : allOrders.length === 0
              ? 'The orders appear here as they arrive.'
              : `The first ${countOf(allOrders.length, 'order', 'orders')}; the rest are on their way.`}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          Times in your time zone ({zone}).
        </Typography>
        <OrdersTable
          rows={orders}
          {...sameDay}
          loading={!book && allOrders.length === 0}
          {...places?.orders}
        />
        {/*
         * Only the whole book says whether the view is mixed: the note stands under the grid,
         * so its arrival moves nothing above the rows.
         */}
        {book?.view === 'mixed' && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
            {wide
              ? 'Member and account columns are filled for your own securities only.'
              : 'Member and account are on each order’s page, for your own securities only.'}
          </Typography>
        )}
      </Box>

      <Box component="section" aria-labelledby="prices-heading" sx={{ minWidth: 0 }}>
        <Typography id="prices-heading" tabIndex={-1} component="h2" variant="h5" sx={{ mb: 1 }}>
          {book?.incomplete ? 'Best prices (incomplete)' : 'Best prices'}
        </Typography>
        {book?.incomplete && (
          <Typography variant="body2" sx={{ color: 'warning.dark', mb: 1 }}>
            {`Worked out from the ${countOf(book.orderCount, 'order', 'orders')} read only: best prices, depth and order counts may differ once the rest of the day is read.`}
          </Typography>
        )}
        {book ? (
          <DepthSummary securities={book.securities} />
        ) : (
          <Typography variant="body2" color="textSecondary">
            Best prices and depth are worked out once every order of the day has arrived.
          </Typography>
        )}
      </Box>

      {depth && <DepthLadder security={depth} />}

      <Box component="section" aria-labelledby="executions-heading" sx={{ minWidth: 0 }}>
        <Typography id="executions-heading" tabIndex={-1} component="h2" variant="h5">
          {book?.incomplete ? 'Executions (incomplete)' : 'Executions'}
        </Typography>
        {executionsBook ? (
          <>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {countOf(executions.length, 'execution', 'executions')} from matched orders, latest
              first{executionsBook.incomplete ? ', from the orders read only' : ''}.
            </Typography>
            <ExecutionsTable rows={executions} {...sameDay} {...places?.executions} />
          </>
        ) : book ? (
          <Typography variant="body2" color="textSecondary" role="status">
            Listing the executions…
          </Typography>
        ) : (
          <Typography variant="body2" color="textSecondary">
            Executions follow once every order of the day has arrived.
          </Typography>
        )}
      </Box>
    </Box>
  );
}
