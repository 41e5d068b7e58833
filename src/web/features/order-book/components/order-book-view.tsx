import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderBook } from '../../../../contract/order-book';
import { DepthLadder, DepthSummary } from './depth-summary';
import { OrderFilters, type OrderFilter } from './order-filters';
import { viewerTimeZone } from '../../../lib/format';
import { ExecutionsTable, OrdersTable } from './order-tables';

const count = new Intl.NumberFormat();

type OrderBookViewProps = {
  book: OrderBook;
  filter: OrderFilter;
  onFilterChange: (filter: OrderFilter) => void;
};

/** Depth, orders and executions of one day, filtered by security, side and status. */
export function OrderBookView({ book, filter, onFilterChange }: OrderBookViewProps) {
  const names = useMemo(
    () => new Map(book.securities.map((s) => [s.securityId, s.securityName])),
    [book],
  );
  const statuses = useMemo(() => [...new Set(book.orders.map((o) => o.status))].sort(), [book]);
  const orders = useMemo(
    () =>
      book.orders.filter(
        (o) =>
          (!filter.security || o.securityId === filter.security) &&
          (!filter.side || o.side === filter.side) &&
          (!filter.status || o.status === filter.status),
      ),
    [book, filter],
  );
  const executions = useMemo(
    () =>
      book.executions.filter(
        (e) =>
          (!filter.security || e.securityId === filter.security) &&
          (!filter.side || e.side === filter.side),
      ),
    [book, filter],
  );
  const depth = book.securities.find((s) => s.securityId === filter.security) ?? book.securities[0];
  const full = book.view !== 'public';
  const zone = viewerTimeZone();

  return (
    <Box sx={{ display: 'grid', gap: 4, minWidth: 0 }}>
      <Box component="section" aria-labelledby="prices-heading" sx={{ minWidth: 0 }}>
        <Typography id="prices-heading" component="h2" variant="h5" sx={{ mb: 1 }}>
          Best prices
        </Typography>
        <DepthSummary securities={book.securities} />
      </Box>

      <OrderFilters
        filter={filter}
        securities={book.securities}
        statuses={statuses}
        onChange={onFilterChange}
      />

      {depth && <DepthLadder security={depth} />}

      <Box component="section" aria-labelledby="orders-heading" sx={{ minWidth: 0 }}>
        <Typography id="orders-heading" component="h2" variant="h5">
          Orders
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {count.format(orders.length)} of {count.format(book.orderCount)} orders. Times in your
          time zone ({zone}).
          {book.view === 'mixed' &&
            ' Member, account and IP columns are filled for your own securities only.'}
        </Typography>
        <OrdersTable rows={orders} names={names} full={full} />
      </Box>

      <Box component="section" aria-labelledby="executions-heading" sx={{ minWidth: 0 }}>
        <Typography id="executions-heading" component="h2" variant="h5">
          Executions
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {count.format(executions.length)} executions from matched orders, latest first.
        </Typography>
        <ExecutionsTable rows={executions} names={names} full={full} />
      </Box>
    </Box>
  );
}
