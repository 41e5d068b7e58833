import Box from '@mui/material/Box';
import { isolate } from '../../../../contract/bidi';
import { PortalDataGrid, type GridColDef, type GridPlace } from '../../../components/data-grid';
import {
  compareDecimals,
  compareTradeIds,
  figureColumn,
  linesColumn,
  timestampColumn,
} from '../../../components/data-grid/columns';
import { formatDecimal, formatMoney, formatTimestamp } from '../../../lib/format';
import type { PurchaseRow } from './purchase-standing';

const investorOf = (row: PurchaseRow) =>
  row.accountName ?? (row.accountId === null ? 'Investor could not be read' : 'Name not given');
const accountOf = (row: PurchaseRow) => row.accountId ?? 'no account';

const columns: GridColDef<PurchaseRow>[] = [
  {
    field: 'tradeId',
    headerName: 'Trade ID',
    minWidth: 90,
    flex: 0.8,
    sortComparator: compareTradeIds,
  },
  {
    field: 'accountName',
    headerName: 'Investor (account)',
    minWidth: 200,
    flex: 2,
    sortingOrder: ['asc', 'desc'],
    valueGetter: (_value, row) => investorOf(row),
    renderCell: ({ row, value }) => (
      // Names repeat across accounts; the account id tells them apart.
      <Box
        component="span"
        title={`${isolate(String(value))} (${accountOf(row)})`}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {isolate(String(value))}{' '}
        <Box component="span" translate="no" sx={{ color: 'text.secondary' }}>
          ({accountOf(row)})
        </Box>
      </Box>
    ),
  },
  figureColumn<PurchaseRow>({
    field: 'amount',
    headerName: 'Amount',
    minWidth: 120,
    flex: 1.1,
    sortingOrder: ['desc', 'asc'],
    format: formatMoney,
  }),
  figureColumn<PurchaseRow>({
    field: 'shares',
    headerName: 'Shares',
    minWidth: 90,
    flex: 0.9,
    sortingOrder: ['desc', 'asc'],
    format: formatDecimal,
  }),
  {
    // In My investments' words: the trades collection's status (§4.16), not guessed (§2.3).
    field: 'statusText',
    headerName: 'Status',
    minWidth: 160,
    flex: 1.6,
    cellClassName: 'portal-grid-wrap',
  },
  timestampColumn<PurchaseRow>({
    // Zone-less ISO timestamps sort as text.
    field: 'purchasedAt',
    headerName: 'Date',
    flex: 2.2,
    sortingOrder: ['desc', 'asc'],
  }),
];

/*
 * On a phone one column holds each trade in three lines, every figure on screen: the investor,
 * the amount and where the trade stands, then shares, date and trade id. The select above the
 * grid sorts by any of the wide columns, as on My investments and the order book.
 */
const tradeLinesColumn = linesColumn<PurchaseRow>('tradeId', 'Trades', (row) => [
  <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
    {isolate(investorOf(row))}{' '}
    <Box component="span" translate="no" sx={{ color: 'text.secondary', fontWeight: 400 }}>
      ({accountOf(row)})
    </Box>
  </Box>,
  <>
    {row.amount === null ? 'Amount could not be read' : formatMoney(row.amount)} · {row.statusText}
  </>,
  <>
    Shares {row.shares === null ? 'could not be read' : formatDecimal(row.shares)} ·{' '}
    {formatTimestamp(row.purchasedAt)} · Trade ID {row.tradeId}
  </>,
]);
const phoneColumns = [tradeLinesColumn];
/** Trades a page on a phone: some six screens of three-line trades, not fifty. */
const PHONE_PAGE = 25;

const tradeId = (row: PurchaseRow) => row.tradeId;

/**
 * Newest first, as the list starts: zone-less ISO timestamps sort as text, and a trade with no
 * date goes last; equal dates keep the larger trade id first.
 */
export function newestPurchasesFirst<Row extends Pick<PurchaseRow, 'purchasedAt' | 'tradeId'>>(
  purchases: readonly Row[],
): Row[] {
  return [...purchases].sort(
    (a, b) =>
      (b.purchasedAt ?? '').localeCompare(a.purchasedAt ?? '') ||
      compareTradeIds(b.tradeId, a.tradeId),
  );
}

/** Each sortable column's comparison, ascending, as its grid column sorts it. */
const compareByColumn: Record<string, (a: PurchaseRow, b: PurchaseRow) => number> = {
  tradeId: (a, b) => compareTradeIds(a.tradeId, b.tradeId),
  accountName: (a, b) => investorOf(a).localeCompare(investorOf(b)),
  amount: (a, b) => compareDecimals(a.amount, b.amount),
  shares: (a, b) => compareDecimals(a.shares, b.shares),
  statusText: (a, b) => a.statusText.localeCompare(b.statusText),
  purchasedAt: (a, b) => (a.purchasedAt ?? '').localeCompare(b.purchasedAt ?? ''),
};

/**
 * The trades in the order the grid shows them under `sort` (the address's `amount.desc`), equal
 * ones as they came: an export writes them as they are read on the screen. A sort the grid does
 * not offer leaves them as they came.
 */
export function purchasesInGridOrder(
  rows: readonly PurchaseRow[],
  sort: string | null,
): PurchaseRow[] {
  const asked = /^(\w+)\.(asc|desc)$/.exec(sort ?? '');
  const compare = asked ? compareByColumn[asked[1]] : undefined;
  if (!asked || !compare) return [...rows];
  const direction = asked[2] === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => direction * compare(a, b));
}

/**
 * Every trade of an offering, newest first (`rows` come in that order): a sortable grid that
 * renders only the rows in view, so 2,000+ trades scroll smoothly; on phones one column of three
 * lines a trade with a "Sort trades by" select. Its sort and page are the page's `place`, kept in
 * the address.
 */
export function PurchaseHistoryTable({
  rows,
  place,
  onPlaceChange,
}: {
  rows: readonly PurchaseRow[];
  place: GridPlace;
  onPlaceChange: (next: Partial<GridPlace>) => void;
}) {
  return (
    <PortalDataGrid
      label="Trades"
      rows={rows}
      columns={columns}
      phoneColumns={phoneColumns}
      phonePageSize={PHONE_PAGE}
      getRowId={tradeId}
      height={520}
      place={place}
      onPlaceChange={onPlaceChange}
    />
  );
}
