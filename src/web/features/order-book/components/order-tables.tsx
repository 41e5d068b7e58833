import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import type { Execution, OrderRow } from '../../../../contract/order-book';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/format';
import { formatPrice, formatShares, formatTime, sideLabel, statusLabel } from './order-format';
import { VirtualTable, type VirtualColumn } from './virtual-table';

type TableProps<Row> = { rows: readonly Row[]; names: ReadonlyMap<string, string>; full: boolean };

/** Every order of the day that passes the filters; member, account and IP only in full views. */
export function OrdersTable({ rows, names, full }: TableProps<OrderRow>) {
  const columns = useMemo(() => {
    const base: VirtualColumn<OrderRow>[] = [
      {
        key: 'id',
        header: 'Order',
        width: 'minmax(110px, 1fr)',
        cell: (row) => (
          <Link component={RouterLink} to={paths.app.order.getHref(row.id)}>
            {row.id}
          </Link>
        ),
      },
      {
        key: 'security',
        header: 'Security',
        width: 'minmax(150px, 1.6fr)',
        cell: (row) => names.get(row.securityId) ?? row.securityId,
      },
      {
        key: 'side',
        header: 'Side',
        width: 'minmax(64px, 0.6fr)',
        cell: (row) => sideLabel(row.side),
      },
      {
        key: 'shares',
        header: 'Shares',
        width: 'minmax(72px, 0.7fr)',
        align: 'right',
        cell: (row) => formatShares(row.shares),
      },
      {
        key: 'remaining',
        header: 'Remaining',
        width: 'minmax(88px, 0.8fr)',
        align: 'right',
        cell: (row) => formatShares(row.sharesRemaining),
      },
      {
        key: 'price',
        header: 'Price',
        width: 'minmax(84px, 0.8fr)',
        align: 'right',
        cell: (row) => formatPrice(row.pricePerShare),
      },
      {
        key: 'total',
        header: 'Total',
        width: 'minmax(104px, 1fr)',
        align: 'right',
        cell: (row) => formatMoney(row.totalAmount),
      },
      {
        key: 'status',
        header: 'Status',
        width: 'minmax(80px, 0.7fr)',
        cell: (row) => statusLabel(row.status),
      },
      {
        key: 'created',
        header: 'Created',
        width: 'minmax(100px, 0.9fr)',
        cell: (row) => formatTime(row.createdAt),
      },
      {
        key: 'updated',
        header: 'Updated',
        width: 'minmax(120px, 0.9fr)',
        cell: (row) => (row.updatedAt ? formatTime(row.updatedAt) : 'Never updated'),
      },
    ];
    if (!full) return base;
    return [
      ...base,
      {
        key: 'member',
        header: 'Member',
        width: 'minmax(96px, 0.8fr)',
        cell: (row: OrderRow) => row.memberId ?? '—',
      },
      {
        key: 'account',
        header: 'Account',
        width: 'minmax(110px, 0.9fr)',
        cell: (row: OrderRow) => row.accountId ?? '—',
      },
      {
        key: 'ip',
        header: 'Created from IP',
        width: 'minmax(130px, 1fr)',
        cell: (row: OrderRow) => row.createdIp ?? '—',
      },
    ];
  }, [names, full]);
  return <VirtualTable label="Orders" rows={rows} columns={columns} rowKey={(row) => row.id} />;
}

/** The executions of the day, latest first, from the orders' matches. */
export function ExecutionsTable({ rows, names, full }: TableProps<Execution>) {
  const columns = useMemo(() => {
    const base: VirtualColumn<Execution>[] = [
      {
        key: 'time',
        header: 'Time',
        width: 'minmax(100px, 1fr)',
        cell: (row) => formatTime(row.executedAt),
      },
      {
        key: 'security',
        header: 'Security',
        width: 'minmax(150px, 1.6fr)',
        cell: (row) => names.get(row.securityId) ?? row.securityId,
      },
      {
        key: 'side',
        header: 'Order side',
        width: 'minmax(80px, 0.7fr)',
        cell: (row) => sideLabel(row.side),
      },
      {
        key: 'price',
        header: 'Price',
        width: 'minmax(84px, 0.8fr)',
        align: 'right',
        cell: (row) => formatPrice(row.price),
      },
      {
        key: 'quantity',
        header: 'Quantity',
        width: 'minmax(80px, 0.8fr)',
        align: 'right',
        cell: (row) => formatShares(row.quantity),
      },
      {
        key: 'total',
        header: 'Total',
        width: 'minmax(104px, 1fr)',
        align: 'right',
        cell: (row) => formatMoney(row.total),
      },
      {
        key: 'order',
        header: 'Order',
        width: 'minmax(110px, 1fr)',
        cell: (row) => (
          <Link component={RouterLink} to={paths.app.order.getHref(row.orderId)}>
            {row.orderId}
          </Link>
        ),
      },
    ];
    if (!full) return base;
    return [
      ...base,
      {
        key: 'ip',
        header: 'Matched from IP',
        width: 'minmax(130px, 1fr)',
        cell: (row: Execution) => row.createdIp ?? '—',
      },
    ];
  }, [names, full]);
  return (
    <VirtualTable
      label="Executions"
      rows={rows}
      columns={columns}
      rowKey={(row) => `${row.orderId}:${row.matchId}`}
      height={360}
    />
  );
}
