import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paymentStepOf, type HoldingRow } from '../../../../contract/holdings';
import { probableRequestWords } from '../../../../contract/money-requests';
import { PortalDataGrid, type GridColDef } from '../../../components/data-grid';
import {
  compareTradeIds,
  figureColumn,
  linesColumn,
  timestampColumn,
} from '../../../components/data-grid/columns';
import { pageOfPlace } from '../../../components/data-grid/grid-place';
import { FilterSelect } from '../../../components/filter-select';
import { PageNav } from '../../../components/page-nav';
import { paths } from '../../../config/paths';
import { formatCount, formatDecimal, formatMoney, formatTimestamp } from '../../../lib/format';

/**
 * Where the investor is in the trades: narrowed to one offering and one account, sorted by a
 * column (`<field>.asc` or `<field>.desc`, as GridPlace keeps it), on a page (from 1). Null is
 * the default: every trade, newest first, the first page. My investments keeps it in its address
 * (`?offering=&account=&sort=&page=`), so Back, a reload and a shared link come back to it.
 */
export interface TradesPlace {
  offering: string | null;
  account: string | null;
  sort: string | null;
  page: string | null;
}

/** How many trades one page lists: an investor with a hundred trades pages through them. */
const TRADES_PAGE = 25;

/**
 * A trade's amount as the platform states it ($0.666 for 2 units at $0.333), not rounded to the
 * cent: the totals above are the exact sum rounded once, and rows rounded one by one would add up
 * to cents more or less than them.
 */
const tradeAmount = (amount: string) => formatMoney(amount, { precision: 'stated' });

const offeringLabel = (row: { offeringId: string; offeringName: string | null }) =>
  row.offeringName ?? `Offering ${row.offeringId}`;

/** The offering's public page; in a grid cell it takes the cell's tab index (one Tab stop). */
const offeringLink = (row: HoldingRow, tabIndex: 0 | -1) => (
  <Link
    component={RouterLink}
    to={paths.app.offering.getHref(row.offeringId)}
    tabIndex={tabIndex}
    className="tap-target"
  >
    {offeringLabel(row)}
  </Link>
);

/** How the grid names an account: as its pages do, or "Account <id>" while no name is known. */
type AccountWords = (accountId: string) => string;

/*
 * The account column names each account as its pages do ("Jordan Ellis Roth IRA (A1040173)"),
 * so the IRA's trades can be told apart from the others without knowing the ids by heart.
 */
const accountColumn = (words: AccountWords): GridColDef<HoldingRow> => ({
  field: 'accountId',
  headerName: 'Account',
  minWidth: 120,
  flex: 1,
  cellClassName: 'portal-grid-wrap',
  valueGetter: (_value, row) => words(row.accountId),
});

const baseColumns: GridColDef<HoldingRow>[] = [
  timestampColumn<HoldingRow>({
    // Zone-less ISO timestamps sort as text.
    field: 'createdAt',
    headerName: 'Date',
    flex: 1.6,
    sortingOrder: ['desc', 'asc'],
  }),
  {
    field: 'offeringName',
    headerName: 'Offering',
    minWidth: 160,
    flex: 1.6,
    sortingOrder: ['asc', 'desc'],
    cellClassName: 'portal-grid-wrap',
    valueGetter: (_value, row) => offeringLabel(row),
    renderCell: ({ row, tabIndex }) => offeringLink(row, tabIndex),
  },
  figureColumn<HoldingRow>({
    field: 'units',
    headerName: 'Units',
    minWidth: 80,
    flex: 0.7,
    sortingOrder: ['desc', 'asc'],
    format: formatDecimal,
  }),
  figureColumn<HoldingRow>({
    field: 'amount',
    headerName: 'Amount',
    minWidth: 110,
    flex: 0.9,
    sortingOrder: ['desc', 'asc'],
    format: tradeAmount,
  }),
  {
    field: 'statusText',
    headerName: 'Status',
    minWidth: 160,
    flex: 1.4,
    cellClassName: 'portal-grid-wrap',
    renderCell: ({ row }) => <TradeStatus row={row} />,
  },
  {
    field: 'tradeId',
    headerName: 'Trade ID',
    minWidth: 90,
    flex: 0.7,
    cellClassName: 'portal-grid-code',
    sortComparator: compareTradeIds,
  },
];

/*
 * On a phone one column holds each trade in three lines, every figure on screen: what was bought
 * (the offering's link), for how much and where it stands, then when, from which account and its
 * trade ID. The select above the grid sorts by any of the wide columns.
 */
const tradeLines = (words: AccountWords | null) =>
  linesColumn<HoldingRow>('tradeId', 'Trades', (row, tabIndex) => [
    offeringLink(row, tabIndex),
    <>
      {row.amount ? tradeAmount(row.amount) : '—'}
      {row.units && ` · ${formatDecimal(row.units)} units`} · <TradeStatus row={row} />
    </>,
    [formatTimestamp(row.createdAt), words?.(row.accountId), `Trade ID ${row.tradeId}`]
      .filter(Boolean)
      .join(' · '),
  ]);

/**
 * The grid's columns; an account's own page (`words` null) leaves out the account, which every
 * row would repeat.
 */
function tradeColumns(words: AccountWords | null) {
  const wide = [...baseColumns];
  // After the offering: what was bought, then from which account.
  if (words) wide.splice(2, 0, accountColumn(words));
  return { wide, phone: [tradeLines(words)] };
}

/**
 * Where a trade stands; a trade that is probably an investment of ours whose answer was lost
 * says so (the investment is listed above it), so the two are not read as two investments.
 */
function TradeStatus({ row }: { row: HoldingRow }) {
  // How to pay one that still waits for payment: the receipt said so once only.
  const payment = paymentStepOf(row);
  return (
    <>
      {row.statusText}
      {payment && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          Next: {payment}
        </Box>
      )}
      {row.probableReference && (
        <Box component="strong" sx={{ display: 'block' }}>
          {probableRequestWords(row.probableReference)}
        </Box>
      )}
    </>
  );
}

const tradeId = (trade: HoldingRow) => trade.tradeId;

/** A filter of the trades to one offering or one account, offered when there is a choice. */
type TradesFilter = {
  name: 'offering' | 'account';
  label: string;
  options: readonly { value: string; label: string }[];
  allLabel: string;
  offered: boolean;
  /** What a shared link's value that is none of the options is told, under the select. */
  unknown: (value: string) => string;
};

/**
 * A shared link's offering or account that is none of this person's: named as the link gave it,
 * and said not to be theirs, nothing more (whether it exists, or whose it is, is not theirs to
 * learn).
 */
const strayOffering = (value: string) =>
  `The link names offering “${value}”, which is not one you hold trades in.`;
const strayAccount = (value: string) =>
  `The link names account “${value}”, which none of your trades is in.`;

/**
 * Every trade, a page at a time: newest first, or sorted by any column (its header, or on a
 * phone the select above the grid), narrowed to one offering or account. The grid is one Tab
 * stop, the arrow keys moving inside it; the pager below it is ours, as on the other lists.
 * `oneAccount` (an account's own page) leaves out the filter by account.
 */
export function HoldingsTrades({
  trades,
  place,
  onPlaceChange,
  oneAccount = false,
  accountLabels,
  countRef,
}: {
  trades: readonly HoldingRow[];
  place: TradesPlace;
  onPlaceChange: (next: Partial<TradesPlace>) => void;
  oneAccount?: boolean;
  /** The person's accounts by id, as their pages name them; an id not in it reads as itself. */
  accountLabels?: ReadonlyMap<string, string>;
  /** The count above the trades, for the totals' links to move the focus to. */
  countRef?: RefObject<HTMLElement | null>;
}) {
  const offerings = useMemo(() => {
    const labels = new Map(trades.map((trade) => [trade.offeringId, offeringLabel(trade)]));
    return [...labels]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [trades]);
  const accounts = useMemo(
    () =>
      [...new Set(trades.map((trade) => trade.accountId))]
        .sort()
        .map((value) => ({ value, label: accountLabels?.get(value) ?? value })),
    [trades, accountLabels],
  );
  const shown = useMemo(
    () =>
      trades.filter(
        (trade) =>
          (!place.offering || trade.offeringId === place.offering) &&
          (oneAccount || !place.account || trade.accountId === place.account),
      ),
    [trades, place.offering, place.account, oneAccount],
  );
  const columns = useMemo(
    () =>
      tradeColumns(oneAccount ? null : (id: string) => accountLabels?.get(id) ?? `Account ${id}`),
    [oneAccount, accountLabels],
  );
  const narrowed = place.offering !== null || (!oneAccount && place.account !== null);
  const pageIndex = pageOfPlace(place.page, shown.length, TRADES_PAGE);
  const gridPlace = useMemo(
    () => ({ sort: place.sort, page: place.page }),
    [place.sort, place.page],
  );
  // Another filter lists other trades: back to their first page (the sort is kept).
  const filter = (changes: Partial<TradesPlace>) => onPlaceChange({ ...changes, page: null });
  const filters: TradesFilter[] = [
    {
      name: 'offering',
      label: 'Offering',
      options: offerings,
      allLabel: 'All offerings',
      offered: offerings.length > 1,
      unknown: strayOffering,
    },
    {
      name: 'account',
      label: 'Account',
      options: accounts,
      allLabel: 'All accounts',
      offered: accounts.length > 1,
      unknown: strayAccount,
    },
  ];
  // The link's filters that are none of this person's, in words, for the empty list too.
  const strays = filters
    .filter(({ name }) => !oneAccount || name !== 'account')
    .flatMap(({ name, options, unknown }) => {
      const value = place[name];
      return value && !options.some((option) => option.value === value) ? [unknown(value)] : [];
    });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {/* An account's own page lists its trades alone: no filter by account. */}
        {filters
          .filter(({ name }) => !oneAccount || name !== 'account')
          .map(({ name, offered, ...select }) =>
            // A filter with one choice would narrow nothing; one applied stays to be lifted.
            offered || place[name] ? (
              <FilterSelect
                key={name}
                {...select}
                value={place[name]}
                onChange={(value) => filter({ [name]: value })}
              />
            ) : null,
          )}
        {narrowed && (
          <Button onClick={() => filter({ offering: null, account: null })}>Show all trades</Button>
        )}
      </Box>
      <Typography ref={countRef} tabIndex={-1} aria-live="polite" sx={{ outline: 'none' }}>
        {narrowed
          ? `${formatCount(shown.length)} of ${formatCount(trades.length)} trades`
          : `${formatCount(trades.length)} ${trades.length === 1 ? 'trade' : 'trades'}`}
      </Typography>
      {shown.length === 0 ? (
        <Typography color="textSecondary">
          {strays.length > 0
            ? `${strays.join(' ')} Choose “Show all trades” to list every one of yours.`
            : 'No trade of yours matches these filters. Choose “Show all trades” to list every one.'}
        </Typography>
      ) : (
        <>
          <PortalDataGrid
            label="Trades"
            rows={shown}
            columns={columns.wide}
            phoneColumns={columns.phone}
            getRowId={tradeId}
            place={gridPlace}
            onPlaceChange={onPlaceChange}
            pageSize={TRADES_PAGE}
            // The pager is the one below, as on the other lists of the portal.
            hideFooter
            pageSizeOptions={[TRADES_PAGE]}
            sx={{ '& .portal-grid-code': { fontFamily: 'monospace' } }}
          />
          <PageNav
            label="Pages of trades"
            offset={pageIndex * TRADES_PAGE}
            shown={Math.min(TRADES_PAGE, shown.length - pageIndex * TRADES_PAGE)}
            total={shown.length}
            pageSize={TRADES_PAGE}
            onOffset={(offset) => {
              const page = Math.floor(offset / TRADES_PAGE) + 1;
              onPlaceChange({ page: page > 1 ? String(page) : null });
            }}
          />
        </>
      )}
    </Box>
  );
}

/**
 * The trades' place kept by the page in its address, or here when it keeps none (an account's
 * page, where the trades are one section of many).
 */
export function useTradesPlace(
  kept?: TradesPlace,
  onKeptChange?: (next: Partial<TradesPlace>) => void,
): [TradesPlace, (next: Partial<TradesPlace>) => void] {
  const [own, setOwn] = useState<TradesPlace>({
    offering: null,
    account: null,
    sort: null,
    page: null,
  });
  if (kept && onKeptChange) return [kept, onKeptChange];
  return [own, (next) => setOwn((current) => ({ ...current, ...next }))];
}

/**
 * A totals row's link to its offering's trades, and where it moves the focus: to the trades'
 * count once that offering's trades are shown, so the reader lands where they begin, told how
 * many there are, rather than staying on the link while the list changed further down.
 */
export function useJumpToTrades(offering: string | null) {
  const countRef = useRef<HTMLElement>(null);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === null || asked.current !== offering) return;
    asked.current = null;
    countRef.current?.focus();
  }, [offering]);
  const jump = (offeringId: string) => {
    if (offeringId === offering) countRef.current?.focus();
    else asked.current = offeringId;
  };
  return { countRef, jump };
}
