import {
  EXECUTION_TABLE,
  ORDER_TABLE,
  wireRow,
  type ClosedDay,
  type OrderRow,
} from '../../contract/order-book';

/** A live bid of 10 shares at $5.00 of security 7, placed 2026-03-02 14:30 UTC, with changes. */
export const orderRow = (id: string, fields: Partial<OrderRow> = {}): OrderRow => ({
  id,
  securityId: '7',
  side: 'bid',
  shares: '10',
  sharesRemaining: '10',
  pricePerShare: '5.00',
  totalAmount: '50.00',
  status: 'live',
  createdAt: '2026-03-02T14:30:00.000Z',
  updatedAt: null,
  matchCount: 0,
  ...fields,
});

/**
 * A public order book of `date` as the BFF's stream writes it (its orders' cells in the public
 * columns), no execution, open unless `closed` says why not.
 */
export const publicBook = (
  date: string,
  orders: OrderRow[] = [],
  closed: ClosedDay | null = null,
) => ({
  date,
  orderCount: orders.length,
  view: 'public',
  fullSecurityIds: [],
  securities: [],
  orders: {
    columns: ORDER_TABLE.publicColumns,
    rows: orders.map((order) => wireRow(ORDER_TABLE, order, 'public')),
  },
  executions: { columns: EXECUTION_TABLE.publicColumns, rows: [] },
  closed,
});
