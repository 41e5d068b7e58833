import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { Link as RouterLink } from 'react-router-dom';
import {
  uncountedTradesInWords,
  type HoldingRow,
  type HoldingsResult,
  type OfferingHolding,
} from '../../../../contract/holdings';
import { CardList } from '../../../components/card-list';
import { PageNav, usePages } from '../../../components/page-nav';
import { Code, SectionCard } from '../../../components/description-list';
import { EmptyState, QueryState } from '../../../components/query-state';
import { listsNothing, SkippedRecordsNotice } from '../../../components/skipped-records';
import { paths } from '../../../config/paths';
import { formatDecimal, formatMoney, formatTimestamp, formatUnits } from '../../../lib/format';
import { RecordTable, type TableSpec } from '../../../components/record-table';
import { BrowseOfferingsLink } from '../../../components/browse-offerings-link';
import { useHoldings } from '../api/get-holdings';
import { useWideScreen } from '../../../lib/use-wide-screen';

/** The words while the investments load or fail: of one account, or of all the investor's. */
const scopes = {
  account: { subject: 'the investments of this account', skeletonLines: 4 },
  all: { subject: 'your investments', skeletonLines: 6 },
};

/** The investments of one account, or without `accountId` of all the investor's accounts. */
export function Holdings({ accountId }: { accountId?: string }) {
  const holdings = useHoldings(accountId);
  const scope = accountId ? scopes.account : scopes.all;
  return (
    <QueryState query={holdings} subject={scope.subject} skeletonLines={scope.skeletonLines}>
      {(data) => (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <HoldingsView result={data} />
        </Box>
      )}
    </QueryState>
  );
}

/**
 * An investor's investments: what is settled apart from what still waits for payment or approval,
 * totals per offering (both), then every trade with its status, newest first.
 */
function HoldingsView({ result }: { result: HoldingsResult }) {
  if (result.state === 'unavailable') {
    return <Alert severity="info">{result.message}</Alert>;
  }
  const gaps = result.gaps.map((gap) => (
    <Alert key={gap} severity="warning" sx={{ mb: 2 }}>
      {gap}
    </Alert>
  ));
  if (listsNothing(result.trades.length, result.skippedRecords)) {
    return (
      <EmptyState
        title="No investments yet"
        message="Investments you make from your accounts appear here with their amounts and status."
        action={<BrowseOfferingsLink />}
      />
    );
  }
  return (
    <>
      {gaps}
      <SectionCard title="Totals per offering">
        <Box sx={{ mt: 1 }}>
          <SkippedRecordsNotice count={result.skippedRecords} noun={['trade', 'trades']}>
            {result.skippedRecords === 1
              ? 'It is in none of the totals.'
              : 'They are in none of the totals.'}
          </SkippedRecordsNotice>
        </Box>
        {result.uncounted.length > 0 && (
          // Before the figures, so no one reads them as the whole before learning what they lack.
          <Alert severity="warning" sx={{ mt: 1 }}>
            {uncountedTradesInWords(result.uncounted)}
          </Alert>
        )}
        <Typography sx={{ mt: 1 }}>
          Settled (the units are in your account):{' '}
          <strong>{formatMoney(result.settledAmount)}</strong>
        </Typography>
        <Typography>
          Waiting for payment or approval: <strong>{formatMoney(result.pendingAmount)}</strong>
        </Typography>
        <Typography>
          Total of both (cancelled trades left out):{' '}
          <strong>{formatMoney(result.totalAmount)}</strong>
        </Typography>
        <Box sx={{ mt: 2 }}>
          <OfferingTotals groups={result.byOffering} />
        </Box>
      </SectionCard>
      <SectionCard title="Trades">
        {result.cut && (
          <Alert severity="info" sx={{ mt: 1 }}>
            Only the most recent trades are listed; the totals cover those listed.
          </Alert>
        )}
        <Box sx={{ mt: 2 }}>
          <Trades trades={result.trades} />
        </Box>
      </SectionCard>
    </>
  );
}

const offeringLink = (row: { offeringId: string; offeringName: string | null }) => (
  <Link component={RouterLink} to={paths.app.offering.getHref(row.offeringId)}>
    {row.offeringName ?? `Offering ${row.offeringId}`}
  </Link>
);

/**
 * What the investor holds of each offering: a table where there is room; on phones one card an
 * offering, where the table would push the amount and the count of trades past the screen's edge.
 */
function OfferingTotals({ groups }: { groups: OfferingHolding[] }) {
  if (!useWideScreen()) {
    return (
      <CardList label="Totals per offering" items={groups} itemKey={(group) => group.offeringId}>
        {(group) => (
          <>
            <Typography sx={{ fontWeight: 600 }}>{offeringLink(group)}</Typography>
            <Typography>
              {formatMoney(group.amount)} · {formatUnits(group.units)} ·{' '}
              {group.tradeCount === 1 ? '1 trade' : `${group.tradeCount} trades`}
            </Typography>
          </>
        )}
      </CardList>
    );
  }
  return <RecordTable label="Totals per offering" spec={offeringTotalsTable} rows={groups} />;
}

const offeringTotalsTable: TableSpec<OfferingHolding> = {
  columns: [
    { heading: 'Offering', cell: offeringLink },
    { heading: { figures: 'Units' }, cell: (group) => formatDecimal(group.units) },
    { heading: { figures: 'Amount' }, cell: (group) => formatMoney(group.amount) },
    { heading: { figures: 'Trades' }, cell: (group) => group.tradeCount },
  ],
  rowKey: (group) => group.offeringId,
};

/** How many trades one page lists: an investor with a hundred trades pages through them. */
const TRADES_PAGE = 25;

/**
 * Every trade, newest first, a page at a time: a table where its seven columns fit; cards on
 * phones, where the table would leave the amount, status and trade ID past the screen's edge
 * until the reader pans to them.
 */
function Trades({ trades }: { trades: HoldingRow[] }) {
  const wide = useWideScreen();
  const { page, nav } = usePages(trades, TRADES_PAGE);
  return (
    <>
      {wide ? (
        <RecordTable label="Trades" spec={tradesTable} rows={page} />
      ) : (
        <TradeCards trades={page} />
      )}
      <PageNav label="Pages of trades" {...nav} />
    </>
  );
}

const tradesTable: TableSpec<HoldingRow> = {
  columns: [
    { heading: 'Date', cell: (trade) => formatTimestamp(trade.createdAt) },
    { heading: 'Offering', cell: offeringLink },
    { heading: 'Account', cell: (trade) => <Code value={trade.accountId} /> },
    {
      heading: { figures: 'Units' },
      cell: (trade) => (trade.units ? formatDecimal(trade.units) : '—'),
    },
    {
      heading: { figures: 'Amount' },
      cell: (trade) => (trade.amount ? formatMoney(trade.amount) : '—'),
    },
    { heading: 'Status', cell: (trade) => trade.statusText },
    { heading: 'Trade ID', cell: (trade) => <Code value={trade.tradeId} /> },
  ],
  rowKey: (trade) => trade.tradeId,
};

/**
 * One card a trade: what was bought, for how much and where it stands, then when, from which
 * account and its trade ID on one line, as the account's timeline shows its entries.
 */
function TradeCards({ trades }: { trades: HoldingRow[] }) {
  return (
    <CardList label="Trades" ordered items={trades} itemKey={(trade) => trade.tradeId}>
      {(trade) => (
        <>
          <Typography sx={{ fontWeight: 600 }}>{offeringLink(trade)}</Typography>
          <Typography>
            {trade.amount ? formatMoney(trade.amount) : '—'}
            {trade.units && ` · ${formatUnits(trade.units)}`}
          </Typography>
          <Typography>{trade.statusText}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatTimestamp(trade.createdAt)} · Account <Code value={trade.accountId} /> · Trade ID{' '}
            <Code value={trade.tradeId} />
          </Typography>
        </>
      )}
    </CardList>
  );
}
