import { memo, useMemo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Link from '@mui/material/Link';
import type { Execution, OrderFields, OrderRow } from '../../../../contract/order-book';
import { PortalDataGrid, type GridColDef, type GridPlace } from '../../../components/data-grid';
import { figureColumn, linesColumn } from '../../../components/data-grid/columns';
import type { GridValidRowModel } from '@mui/x-data-grid';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import {
  formatPrice,
  formatShares,
  formatTime,
  orDash,
  sideLabel,
  statusLabel,
} from './order-format';

type TableProps<Row> = {
  rows: readonly Row[];
  /** The trading day of the book (YYYY-MM-DD): a time on another day in the viewer's zone is dated. */
  day: string;
  names: ReadonlyMap<string, string>;
  /** The most a row shows of its order (contract/order-book): member and account, the IP too. */
  fields: OrderFields;
  /** The grid's sort and page as the page's address keeps them (Back comes back to them). */
  place?: GridPlace;
  onPlaceChange?: (next: Partial<GridPlace>) => void;
};

/** The order's id, linking to the order's page. */
function orderColumn<Field extends string, Row extends Record<Field, string>>(
  field: Field,
): GridColDef<Row> {
  return {
    field,
    headerName: 'Order',
    minWidth: 100,
    flex: 1,
    renderCell: ({ row, tabIndex }) => orderLink(row[field], tabIndex),
  };
}

/**
 * An order's link in a cell. It takes the cell's tab index, as the grid's own cells do: the grid
 * is one Tab stop and the arrow keys move inside it (a link of its own in every row made a
 * hundred Tab stops a page). The focused cell's link takes the focus, and Enter opens it.
 */
function orderLink(orderId: string, tabIndex: 0 | -1) {
  return <OrderLink orderId={orderId} tabIndex={tabIndex} />;
}

/**
 * The link carries the book's address (its trading day, filters, sort and page): the order's
 * page leads back to that book, not to today's (order.tsx).
 */
function OrderLink({ orderId, tabIndex }: { orderId: string; tabIndex: 0 | -1 }) {
  const { search } = useLocation();
  return (
    <Link
      component={RouterLink}
      to={`${paths.app.order.getHref(orderId)}${search}`}
      tabIndex={tabIndex}
      className="tap-target"
    >
      {orderId}
    </Link>
  );
}

/**
 * The security by its name (its id when the day's list does not name it), shown whole: a name
 * longer than its cell wraps onto a second line rather than ending in an ellipsis, which hid the
 * rest of it from a keyboard user, who has no pointer to hover it (rows then take the height of
 * their content).
 */
function securityColumn<Row extends { securityId: string }>(
  names: ReadonlyMap<string, string>,
): GridColDef<Row> {
  return {
    field: 'securityId',
    headerName: 'Security',
    minWidth: 160,
    flex: 1.6,
    cellClassName: 'portal-grid-wrap',
    valueGetter: (_value, row) => names.get(row.securityId) ?? row.securityId,
  };
}

/** The IP address an order or a match was made from: reviewers only, when the upstream has it. */
function ipColumn<Row extends { createdIp?: string | null }>(headerName: string): GridColDef<Row> {
  return { field: 'createdIp', headerName, minWidth: 130, flex: 1, valueFormatter: orDash };
}

/** A day grid's wide columns, from the securities' names, the fields the rows show and the day. */
type DayColumns<Row extends GridValidRowModel> = (
  names: ReadonlyMap<string, string>,
  fields: OrderFields,
  day: string,
) => GridColDef<Row>[];

/**
 * A grid of the day's orders or executions: its wide columns (built again only when the names
 * or the view change) and, on a phone, the one column of lines.
 */
function DayGrid<Row extends GridValidRowModel>({
  rows,
  names,
  fields,
  day,
  columns,
  phoneColumn,
  ...grid
}: TableProps<Row> & {
  label: string;
  columns: DayColumns<Row>;
  phoneColumn: (names: ReadonlyMap<string, string>, day: string) => GridColDef<Row>;
  height: number;
  getRowId?: (row: Row) => string;
  loading?: boolean;
}) {
  const wideColumns = useMemo(() => columns(names, fields, day), [columns, names, fields, day]);
  const phoneColumns = useMemo(() => [phoneColumn(names, day)], [phoneColumn, names, day]);
  return <PortalDataGrid {...grid} rows={rows} columns={wideColumns} phoneColumns={phoneColumns} />;
}

/** The columns of the orders: member and account for those who see them, the IP for reviewers. */
const orderColumns: DayColumns<OrderRow> = (names, fields, day) => {
  const base: GridColDef<OrderRow>[] = [
    orderColumn('id'),
    securityColumn(names),
    {
      field: 'side',
      headerName: 'Side',
      minWidth: 60,
      flex: 0.6,
      valueFormatter: (value: OrderRow['side']) => sideLabel(value),
    },
    figureColumn<OrderRow>({
      field: 'shares',
      headerName: 'Shares',
      minWidth: 76,
      flex: 0.7,
      format: formatShares,
    }),
    figureColumn<OrderRow>({
      field: 'sharesRemaining',
      headerName: 'Remaining',
      minWidth: 96,
      flex: 0.8,
      format: formatShares,
    }),
    figureColumn<OrderRow>({
      field: 'pricePerShare',
      headerName: 'Price',
      minWidth: 80,
      flex: 0.8,
      format: (value) => formatPrice(value),
    }),
    figureColumn<OrderRow>({
      field: 'totalAmount',
      headerName: 'Total',
      minWidth: 104,
      flex: 1,
      format: formatMoney,
    }),
    {
      field: 'status',
      headerName: 'Status',
      minWidth: 84,
      flex: 0.7,
      valueFormatter: (value: string) => statusLabel(value),
    },
    {
      field: 'createdAt',
      headerName: 'Created',
      minWidth: 100,
      flex: 0.9,
      valueFormatter: (value: string) => formatTime(value, day),
    },
    {
      field: 'updatedAt',
      headerName: 'Updated',
      minWidth: 112,
      flex: 0.9,
      // The column says what: "Never updated" did not fit its width and was cut to "Never updat…".
      valueFormatter: (value: string | null) => (value ? formatTime(value, day) : 'Never'),
    },
  ];
  if (fields === 'public') return base;
  const parties = [
    ...base,
    {
      field: 'memberId',
      headerName: 'Member',
      minWidth: 90,
      flex: 0.8,
      valueFormatter: orDash,
    },
    {
      field: 'accountId',
      headerName: 'Account',
      minWidth: 100,
      flex: 0.9,
      valueFormatter: orDash,
    },
  ] satisfies GridColDef<OrderRow>[];
  return fields === 'all' ? [...parties, ipColumn<OrderRow>('Created from IP')] : parties;
};

/**
 * Every order of the day that passes the filters. Memoized: while the day is read the page
 * re-renders at every progress line, and the grid need not see those.
 */
export const OrdersTable = memo(function OrdersTable(
  props: TableProps<OrderRow> & {
    /** No row has arrived yet: the grid shows that it is loading, not that there are none. */
    loading?: boolean;
  },
) {
  return (
    <DayGrid
      {...props}
      label="Orders"
      columns={orderColumns}
      phoneColumn={orderLinesColumn}
      height={520}
    />
  );
});

/*
 * On a phone a grid of ten columns showed the order, the security and the side, and left the
 * shares, price, total and status past the screen's edge. There one column holds each order in
 * three short lines, every figure on screen; the grid still renders only the rows in view (a busy
 * day has 10,000 orders), pages them, and sorts them by any of the wide columns from the select
 * above it. Member, account and IP stay on the order's own page, one tap away.
 */

/** An order: its link, side and status; what is left of it at which price; security and time. */
const orderLinesColumn = (names: ReadonlyMap<string, string>, day: string) =>
  linesColumn<OrderRow>('id', 'Orders', (row, tabIndex) => [
    <>
      {orderLink(row.id, tabIndex)} · {sideLabel(row.side)} · {statusLabel(row.status)}
    </>,
    `${formatShares(row.sharesRemaining)} of ${formatShares(row.shares)} shares left at ${formatPrice(row.pricePerShare)}, ${formatMoney(row.totalAmount)}`,
    `${names.get(row.securityId) ?? row.securityId} · ${formatTime(row.createdAt, day)}`,
  ]);

/** The same for an execution: what at which price, in what, and when, with the order it matched. */
const executionLinesColumn = (names: ReadonlyMap<string, string>, day: string) =>
  linesColumn<Execution>('executedAt', 'Executions', (row, tabIndex) => [
    `${formatShares(row.quantity)} shares at ${formatPrice(row.price)}, ${formatMoney(row.total)}`,
    names.get(row.securityId) ?? row.securityId,
    <>
      {formatTime(row.executedAt, day)} · {sideLabel(row.side)} order{' '}
      {orderLink(row.orderId, tabIndex)}
    </>,
  ]);

const executionId = (row: Execution) => `${row.orderId}:${row.matchId}`;

/** The columns of the executions: the IP for reviewers only. */
const executionColumns: DayColumns<Execution> = (names, fields, day) => {
  const base: GridColDef<Execution>[] = [
    {
      field: 'executedAt',
      headerName: 'Time',
      minWidth: 100,
      flex: 1,
      valueFormatter: (value: string) => formatTime(value, day),
    },
    securityColumn(names),
    {
      field: 'side',
      headerName: 'Order side',
      minWidth: 90,
      flex: 0.7,
      valueFormatter: (value: Execution['side']) => sideLabel(value),
    },
    figureColumn<Execution>({
      field: 'price',
      headerName: 'Price',
      minWidth: 80,
      flex: 0.8,
      format: (value) => formatPrice(value),
    }),
    figureColumn<Execution>({
      field: 'quantity',
      headerName: 'Quantity',
      minWidth: 86,
      flex: 0.8,
      format: formatShares,
    }),
    figureColumn<Execution>({
      field: 'total',
      headerName: 'Total',
      minWidth: 104,
      flex: 1,
      format: formatMoney,
    }),
    orderColumn('orderId'),
  ];
  return fields === 'all' ? [...base, ipColumn<Execution>('Matched from IP')] : base;
};

/**
 * The executions of the day, latest first, from the orders' matches. Memoized as the orders are:
 * a page or a sort of the orders changes the address, and this grid of 10,000 rows need not
 * render again for it.
 */
export const ExecutionsTable = memo(function ExecutionsTable(props: TableProps<Execution>) {
  return (
    <DayGrid
      {...props}
      label="Executions"
      columns={executionColumns}
      phoneColumn={executionLinesColumn}
      getRowId={executionId}
      height={400}
    />
  );
});
