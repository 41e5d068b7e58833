import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridSortModel } from '@mui/x-data-grid';
import type { Purchase } from '../../../../contract/purchase-history';
import {
  compareTradeIds,
  figureColumn,
  PortalDataGrid,
  timestampColumn,
  type GridColDef,
} from '../../../components/data-grid';
import { CardList } from '../../../components/card-list';
import { Code } from '../../../components/description-list';
import { PageNav, usePages } from '../../../components/page-nav';
import { formatDecimal, formatMoney, formatTimestamp } from '../../../lib/format';

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
 * Every trade of an offering, newest first: where the grid's five columns fit, a sortable grid
 * that renders only the rows in view, so 2,000+ trades scroll smoothly; on phones a card a trade,
 * a page at a time, where the grid showed the trade and the investor and left the amount, shares
 * and date past the screen's edge until the reader panned to them.
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
      phoneView={<PurchaseCards purchases={purchases} />}
    />
  );
}

/** How many trades one page of cards lists, as the investor's own trades do. */
const CARDS_PAGE = 25;

/**
 * Newest first, as the grid starts: zone-less ISO timestamps sort as text, and a trade with no
 * date goes last; equal dates keep the larger trade id first.
 */
export function newestPurchasesFirst(purchases: readonly Purchase[]): Purchase[] {
  return [...purchases].sort(
    (a, b) =>
      (b.purchasedAt ?? '').localeCompare(a.purchasedAt ?? '') ||
      compareTradeIds(b.tradeId, a.tradeId),
  );
}

/**
 * One card a trade: the investor and the amount first, then shares, date and trade id on one
 * line, the way an investor's own trades read on a phone.
 */
function PurchaseCards({ purchases }: { purchases: readonly Purchase[] }) {
  const sorted = useMemo(() => newestPurchasesFirst(purchases), [purchases]);
  const { page, nav } = usePages(sorted, CARDS_PAGE);
  return (
    <>
      <CardList label="Trades" ordered items={page} itemKey={tradeId}>
        {(purchase) => (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {purchase.accountName ?? 'Name not given'}{' '}
                <Box component="span" translate="no" sx={{ color: 'text.secondary' }}>
                  ({purchase.accountId})
                </Box>
              </Typography>
              <Typography sx={{ ml: 'auto', fontWeight: 600 }}>
                {formatMoney(purchase.amount)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              Shares {formatDecimal(purchase.shares)} · {formatTimestamp(purchase.purchasedAt)} ·{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                Trade <Code value={purchase.tradeId} />
              </Box>
            </Typography>
          </>
        )}
      </CardList>
      <PageNav label="Pages of trades" {...nav} />
    </>
  );
}
