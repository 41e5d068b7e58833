import Alert from '@mui/material/Alert';
import { useMemo, useRef, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { orderBookDaySchema } from '../../../../../contract/dates';
import type { ClosedDay } from '../../../../../contract/order-book';
import { previousTradingDay } from '../../../../../contract/market-week';
import { EASTERN, todayInZone } from '../../../../../contract/time';
import { DateFilterField } from '../../../../components/date-filter-field';
import { ErrorAlert } from '../../../../components/error-alert';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState } from '../../../../components/query-state';
import { listsNothing } from '../../../../components/skipped-records';
import {
  orderBookQueryOptions,
  useOrderBook,
  type EarlyRows,
} from '../../../../features/order-book/api/get-order-book';
import {
  OrderBookView,
  ordersShown,
  shownInWords,
  type KeptPlace,
} from '../../../../features/order-book/components/order-book-view';
import type { OrderFilter } from '../../../../features/order-book/components/order-filters';
import {
  IncompleteBookNotice,
  WholeBookNote,
} from '../../../../features/order-book/components/incomplete-book-notice';
import { UnreadableOrdersNotice } from '../../../../features/order-book/components/unreadable-orders';
import { formatCalendarDate } from '../../../../lib/format';
import { useSearchUpdate, type SearchChanges } from '../../../../lib/use-search-update';
import { requireSession } from '../../../session-guard';
import { preloadDataGrid, type GridPlace } from '../../../../components/data-grid';

const NO_ROWS_YET: EarlyRows = { orders: [], names: new Map(), fields: 'public' };

/**
 * The trading day shown: `?date=` when the BFF would take it, or today in US Eastern time
 * (trading hours are Eastern).
 */
const dateFrom = (search: URLSearchParams) => {
  const date = search.get('date');
  return date && orderBookDaySchema('date').safeParse(date).success ? date : todayInZone(EASTERN);
};

/**
 * Why the day in the address is not the one shown (a day yet to come, a mistyped link), in the
 * field's own rule; null when it is shown or none was asked for.
 */
const refusedDayOf = (search: URLSearchParams) => {
  const date = search.get('date');
  if (!date) return null;
  const checked = orderBookDaySchema('Trading day').safeParse(date);
  return checked.success ? null : { date, rule: checked.error.issues[0].message };
};

/** The search parameters of each grid's place (see GridPlace): the orders' are the plain ones. */
const PLACE_KEYS = {
  orders: { sort: 'sort', page: 'page' },
  executions: { sort: 'executionsSort', page: 'executionsPage' },
} as const;
type PlaceKeys = (typeof PLACE_KEYS)[keyof typeof PLACE_KEYS];

/** A grid's place change as search changes: only what changed (an absent key would remove it). */
function searchOfPlace(keys: PlaceKeys, next: Partial<GridPlace>): SearchChanges {
  const changes: SearchChanges = {};
  if (next.sort !== undefined) changes[keys.sort] = next.sort;
  if (next.page !== undefined) changes[keys.page] = next.page;
  return changes;
}

/** A grid's place as the address keeps it, and how a change of it reaches the address. */
function keptPlace(
  updateSearch: ReturnType<typeof useSearchUpdate>[1],
  keys: PlaceKeys,
  sort: string | null,
  page: string | null,
): KeptPlace {
  return {
    place: { sort, page },
    onPlaceChange: (next) => updateSearch(searchOfPlace(keys, next), { replace: true }),
  };
}

/** Why a day has no orders: the weekend or the holiday the BFF named, or none was placed. */
function whyNoOrders(closed: ClosedDay | null): string {
  if (closed?.reason === 'holiday')
    return `${closed.name} is a market holiday: the market takes no orders.`;
  if (closed?.reason === 'weekend')
    return `It is a ${closed.name}: the market takes no orders at weekends.`;
  return 'No order was placed on this day.';
}

/** The title of an empty day, and the start of what the page's status says of it. */
const noOrdersOn = (date: string) => `No orders on ${formatCalendarDate(date, undefined, 'long')}`;

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    // The walk starts as soon as the session is known (the router asked for it at start), not
    // after the first render: on a fresh load of the page that is a few hundred milliseconds
    // sooner. A signed-out visit is sent to sign in and asks for nothing.
    await requireSession(queryClient, request);
    void queryClient.prefetchQuery(
      orderBookQueryOptions(dateFrom(new URL(request.url).searchParams)),
    );
    // The grid library downloads while the BFF reads the first page of the day. Compiling it
    // holds the main thread, so it starts once the book is asked for, not before; the page
    // renders once it is here, so the grid mounts with the page (see PortalDataGrid).
    await preloadDataGrid();
    return null;
  };

export default function OrderBookRoute() {
  const [search, updateSearch] = useSearchUpdate();
  const date = dateFrom(search);
  const { query, progress } = useOrderBook(date);
  const [security, side, status] = ['security', 'side', 'status'].map((key) => search.get(key));
  // One filter object while the search does not change: the page re-renders at every progress
  // line, and a new filter would make the grid take its rows again.
  const filter: OrderFilter = useMemo(() => ({ security, side, status }), [security, side, status]);

  // Where the person is in each grid (sort and page) is kept in the address like the filters,
  // so Back from an order, a reload or a shared link comes back to the same sorted page.
  const [ordersSort, ordersPage, executionsSort, executionsPage] = [
    PLACE_KEYS.orders.sort,
    PLACE_KEYS.orders.page,
    PLACE_KEYS.executions.sort,
    PLACE_KEYS.executions.page,
  ].map((key) => search.get(key));
  // Each grid's place changes only with its own parameters: paging the orders leaves the
  // executions' place as it was, so that grid (memoized, 10,000 rows) does not render again.
  const ordersPlace = useMemo(
    () => keptPlace(updateSearch, PLACE_KEYS.orders, ordersSort, ordersPage),
    [updateSearch, ordersSort, ordersPage],
  );
  const executionsPlace = useMemo(
    () => keptPlace(updateSearch, PLACE_KEYS.executions, executionsSort, executionsPage),
    [updateSearch, executionsSort, executionsPage],
  );
  const places = useMemo(
    () => ({ orders: ordersPlace, executions: executionsPlace }),
    [ordersPlace, executionsPlace],
  );

  // The day whose rest the person asked for: once it is whole, that is said where the focus was.
  const [fetchedRestOf, setFetchedRestOf] = useState<string | null>(null);

  // Another day or other filters list other rows: both grids start again at their first page
  // (each keeps its sort).
  const update = (changes: Record<string, string | null>) => {
    setFetchedRestOf(null);
    updateSearch(
      { ...changes, [PLACE_KEYS.orders.page]: null, [PLACE_KEYS.executions.page]: null },
      { replace: true },
    );
  };

  // "Today" and "Show <the day before>" go once they are used (the day shown is then today, or
  // has orders): focus moves to the day field, which now shows the day asked for, rather than
  // dropping to the page's top.
  const dayField = useRef<HTMLInputElement>(null);
  const showDay = (day: string | null) => {
    update({ date: day });
    dayField.current?.focus();
  };

  // What the page's one status says, in words that change in place: that the day is being read
  // (once: the progress line under the filters shows how far, some twenty steps a busy day,
  // too many to hear), then how many orders the grid lists (again at each filter) or why the day
  // has none. A failure is said by its alert.
  const book = query.data;
  const shownCount = useMemo(
    () => (book ? ordersShown(book.orders, filter).length : 0),
    [book, filter],
  );
  const statusWords = query.isError
    ? ''
    : !book
      ? `Loading the order book of ${formatCalendarDate(date, undefined, 'long')}…`
      : listsNothing(book.orderCount, book.skippedRecords)
        ? `${noOrdersOn(date)}. ${whyNoOrders(book.closed)}`
        : shownInWords(book, shownCount);

  const onFilterChange = (next: OrderFilter) =>
    update({ security: next.security, side: next.side, status: next.status });
  const today = todayInZone(EASTERN);
  const previous = previousTradingDay(date);
  const refusedDay = refusedDayOf(search);

  return (
    <>
      <PageHeader
        title="Order book"
        description="Secondary-market orders of a trading day: depth by price, every order and the executions."
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'start', mb: 2 }}>
        <DateFilterField
          id="order-book-date"
          label="Trading day (US Eastern)"
          name="Trading day"
          size="small"
          value={date}
          rule={orderBookDaySchema}
          onApply={(day) => update({ date: day })}
          inputRef={dayField}
        />
        {(date !== today || refusedDay) && (
          <Button variant="outlined" onClick={() => showDay(null)}>
            Today
          </Button>
        )}
      </Box>
      {!refusedDay && (
        // The day shown, in words: while a day typed in the field is refused, the field holds
        // what was typed and the book below is still the day before it.
        <Typography variant="body2" sx={{ mt: -1, mb: 2 }}>
          The book of {formatCalendarDate(date, undefined, 'long')}
          {date === today ? ', today' : ''}.
        </Typography>
      )}
      {refusedDay && (
        // A link to a day the book cannot show still opens a book: which one, and why, is said.
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          The link asked for the day “{refusedDay.date}”, which cannot be shown: {refusedDay.rule}.
          This is the book of today, {formatCalendarDate(today, undefined, 'long')}.
        </Alert>
      )}

      {/*
       * One live region from the day's first read to the whole book or the empty day, kept on
       * the page and outside anything busy, its words changed in place: screen readers read out
       * such a change, and may not read a region added already filled (the empty day's, the
       * count's) or one inside a busy element (the progress line's). Visually hidden: the
       * progress line, the count above the grid or the empty day show what it says.
       */}
      <Typography role="status" className="visually-hidden">
        {statusWords}
      </Typography>
      {query.isError ? (
        <ErrorAlert
          error={query.error}
          title="The order book could not be loaded"
          onRetry={() => void query.refetch()}
        />
      ) : query.data && listsNothing(query.data.orderCount, query.data.skippedRecords) ? (
        <EmptyState
          title={noOrdersOn(date)}
          message={whyNoOrders(query.data.closed)}
          action={
            <Button variant="contained" onClick={() => showDay(previous)}>
              Show {formatCalendarDate(previous, undefined, 'long')}
            </Button>
          }
        />
      ) : (
        // One shape from the first progress line to the whole book: the grid mounts while the
        // day is read, fills with the first rows as they come, and is not mounted again.
        <>
          <UnreadableOrdersNotice
            count={query.data?.skippedRecords}
            orders={query.data?.unreadableOrders}
          />
          {query.data?.incomplete && (
            <IncompleteBookNotice
              incomplete={query.data.incomplete}
              orderCount={query.data.orderCount}
              fetching={query.isFetching}
              onFetchRest={() => {
                setFetchedRestOf(date);
                void query.refetch();
              }}
            />
          )}
          {fetchedRestOf === date && query.data && !query.data.incomplete && (
            <WholeBookNote orderCount={query.data.orderCount} />
          )}
          <OrderBookView
            {...(query.data
              ? { book: query.data }
              : { book: null, loading: { early: progress.early ?? NO_ROWS_YET, progress } })}
            filter={filter}
            onFilterChange={onFilterChange}
            places={places}
            day={date}
          />
        </>
      )}
    </>
  );
}
