import Box from '@mui/material/Box';
import type { GridSortModel } from '@mui/x-data-grid';
import type { Purchase } from '../../../../contract/purchase-history';
import {
  compareDecimals,
  figureColumn,
  PortalDataGrid,
  timestampColumn,
  type GridColDef,
} from '../../../components/data-grid';
import { formatDecimal, formatMoney, formatTimestamp } from '../../../lib/format';

/** Trade ids are numeric strings upstream; compare them as numbers when both are. */
export function compareTradeIds(a: string, b: string) {
  return /^\d+$/.test(a) && /^\d+$/.test(b) ? compareDecimals(a, b) : a.localeCompare(b);
}

const columns: GridColDef<Purchase>[] = [
  {
    field: 'tradeId',
    headerName: 'Trade',
    minWidth: 90,
    flex: 0.8,
    sortComparator: compareTradeIds,
  },
  {
    field: 'accountName',
    headerName: 'Investor (account)',
    minWidth: 220,
    flex: 2,
    sortingOrder: ['asc', 'desc'],
    valueGetter: (value: string | null) => value ?? 'Name not given',
    renderCell: ({ row, value }) => (
      // Names repeat across accounts; the account id tells them apart.
      <Box
        component="span"
        title={`${value} (${row.accountId})`}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {value}{' '}
        <Box component="span" translate="no" sx={{ color: 'text.secondary' }}>
          ({row.accountId})
        </Box>
      </Box>
    ),
  },
  figureColumn<Purchase>({
    field: 'amount',
    headerName: 'Amount',
    minWidth: 120,
    flex: 1.1,
    sortingOrder: ['desc', 'asc'],
    format: formatMoney,
  }),
  figureColumn<Purchase>({
    field: 'shares',
    headerName: 'Shares',
    minWidth: 90,
    flex: 0.9,
    sortingOrder: ['desc', 'asc'],
    format: formatDecimal,
  }),
  timestampColumn<Purchase>({
    // Zone-less ISO timestamps sort as text.
    field: 'purchasedAt',
    headerName: 'Date',
    flex: 2.2,
    sortingOrder: ['desc', 'asc'],
    format: formatTimestamp,
  }),
];

const newestFirst: GridSortModel = [{ field: 'purchasedAt', sort: 'desc' }];
const tradeId = (purchase: Purchase) => purchase.tradeId;

/**
 * Every trade of an offering in a sortable grid (newest first) that renders only the rows in
 * view, so 2,000+ trades scroll smoothly.
 */
export function PurchaseHistoryTable({ purchases }: { purchases: readonly Purchase[] }) {
  return (
    <PortalDataGrid
      label="Trades"
      rows={purchases}
      columns={columns}
      getRowId={tradeId}
      height={520}
      // The dates wrap; each row is as tall as its date.
      getRowHeight={() => 'auto'}
      initialState={{ sorting: { sortModel: newestFirst } }}
    />
  );
}
