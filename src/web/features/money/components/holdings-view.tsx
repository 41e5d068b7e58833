import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  uncountedTradesInWords,
  type HoldingsResult,
  type OfferingHolding,
} from '../../../../contract/holdings';
import { CardList } from '../../../components/card-list';
import { SectionCard } from '../../../components/description-list';
import { EmptyState, QueryState, type ShownQuery } from '../../../components/query-state';
import { listsNothing, SkippedRecordsNotice } from '../../../components/skipped-records';
import { paths } from '../../../config/paths';
import { formatDecimal, formatMoney, formatUnits } from '../../../lib/format';
import { RecordTable, type TableSpec } from '../../../components/record-table';
import { BrowseOfferingsLink } from '../../../components/browse-offerings-link';
import { RetryNotice } from '../../../components/busy-retry-button';
import { useHoldings } from '../api/get-holdings';
import { useOwnStandingInvestments } from '../api/get-money-requests';
import { useWideScreen } from '../../../lib/use-wide-screen';
import { StandingInvestments } from './standing-investments';
import {
  HoldingsTrades,
  useJumpToTrades,
  useTradesPlace,
  type TradesPlace,
} from './holdings-trades';

/** The words while the investments load or fail: of one account, or of all the investor's. */
const scopes = {
  account: { subject: 'the investments of this account', skeletonLines: 4 },
  all: { subject: 'your investments', skeletonLines: 6 },
};

/**
 * The investments of one account, or without `accountId` of all the investor's accounts. A page
 * that keeps the trades' place (filters, sort, page) in its address gives `place`.
 */
export function Holdings({
  accountId,
  place,
  onPlaceChange,
  accountLabels,
}: {
  accountId?: string;
  place?: TradesPlace;
  onPlaceChange?: (next: Partial<TradesPlace>) => void;
  /** The person's accounts by id, as their pages name them ("Avery Quinn Roth IRA (A1040173)"). */
  accountLabels?: ReadonlyMap<string, string>;
}) {
  const holdings = useHoldings(accountId);
  const scope = accountId ? scopes.account : scopes.all;
  const trades = useTradesPlace(place, onPlaceChange);
  const shown = (query: ShownQuery<HoldingsResult>) => (
    <QueryState query={query} subject={scope.subject} skeletonLines={scope.skeletonLines}>
      {(data) => (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <HoldingsView
            result={data}
            accountId={accountId}
            accountLabels={accountLabels}
            trades={trades}
            retry={{ busy: holdings.isFetching, onRetry: () => void holdings.refetch() }}
          />
        </Box>
      )}
    </QueryState>
  );
  if (accountId) return shown(holdings);
  return (
    <StandingFirst>
      {(standingSettled) => shown(standingSettled ? holdings : stillLoading(holdings))}
    </StandingFirst>
  );
}

/**
 * All the investor's investments: those still without a trade come first, read apart, so that
 * neither read's failure hides the other's list. The trades show once that read has settled
 * (answered or failed; it reads the portal's own register), so a standing investment never
 * appears above trades a person is already reading and pushes them down the page. Only its first
 * attempt is waited for: a failing read, retried, must not hold the trades back.
 */
function StandingFirst({ children }: { children: (standingSettled: boolean) => ReactNode }) {
  const standing = useOwnStandingInvestments();
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <StandingInvestments />
      {children(!standing.isPending || standing.failureCount > 0)}
    </Box>
  );
}

/**
 * The investments' read shown as loading, whatever it holds yet. The spread reads every field of
 * the read, so the page still renders again when the read's answer comes: react-query renders a
 * component again only for the fields it read.
 */
const stillLoading = (read: ShownQuery<HoldingsResult>): ShownQuery<HoldingsResult> =>
  ({
    ...read,
    data: undefined,
    error: null,
    isPending: true,
    isError: false,
    isFetching: true,
  }) as ShownQuery<HoldingsResult>;

/**
 * An investor's investments: what is settled apart from what still waits for payment or approval,
 * totals per offering (both), then every trade with its status, newest first.
 */
function HoldingsView({
  result,
  accountId,
  accountLabels,
  trades: [place, onPlaceChange],
  retry,
}: {
  result: HoldingsResult;
  accountId?: string;
  accountLabels?: ReadonlyMap<string, string>;
  trades: ReturnType<typeof useTradesPlace>;
  /** Reads the investments again: what a gap left out may be readable a moment later. */
  retry: { busy: boolean; onRetry: () => void };
}) {
  const { countRef, jump } = useJumpToTrades(place.offering);
  if (result.state === 'unavailable') {
    return <Alert severity="info">{result.message}</Alert>;
  }
  const gaps = result.gaps.map((gap) => (
    <RetryNotice
      key={gap}
      lasting={result.lasting?.includes(gap)}
      busy={retry.busy}
      onRetry={retry.onRetry}
      sx={{ mb: 2 }}
    >
      {gap}
    </RetryNotice>
  ));
  // Nothing listed while the investments of an account could not be read is not "no
  // investments": the gaps say what is missing, with Try again where it may help.
  if (listsNothing(result.trades.length, result.skippedRecords) && !result.complete) {
    return <>{gaps}</>;
  }
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
      <UnreadOfferings result={result} />
      <SectionCard title="Totals per offering">
        {!accountId && (
          <AllAccountsTotals
            narrowedTo={place.account}
            trades={result.trades}
            accountLabels={accountLabels}
          />
        )}
        <Box sx={{ mt: 1 }}>
          <SkippedRecordsNotice
            count={result.skippedRecords}
            noun={['trade', 'trades']}
            named={(result.unreadableTradeIds ?? []).map((id) => `trade ${id}`)}
          >
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
          <OfferingTotals groups={result.byOffering} accountId={accountId} onJump={jump} />
        </Box>
      </SectionCard>
      <SectionCard title="Trades">
        {result.cut && (
          <Alert severity="info" sx={{ mt: 1 }}>
            Only the most recent trades are listed; the totals cover those listed.
          </Alert>
        )}
        <Box sx={{ mt: 2 }}>
          <HoldingsTrades
            trades={result.trades}
            place={place}
            onPlaceChange={onPlaceChange}
            oneAccount={accountId !== undefined}
            accountLabels={accountLabels}
            countRef={countRef}
          />
        </Box>
      </SectionCard>
    </>
  );
}

/**
 * The totals are of every account while the trades below them may be narrowed to one: said, with
 * the way to that account's own totals (its money page lists its investments alone), so no one
 * reads the figures as the account's.
 */
function AllAccountsTotals({
  narrowedTo,
  trades,
  accountLabels,
}: {
  narrowedTo: string | null;
  trades: readonly { accountId: string }[];
  accountLabels?: ReadonlyMap<string, string>;
}) {
  // A link's account that none of the trades is in is told beside the trades.
  if (narrowedTo === null || !trades.some((trade) => trade.accountId === narrowedTo)) return null;
  const name = accountLabels?.get(narrowedTo) ?? `Account ${narrowedTo}`;
  return (
    <Alert severity="info" sx={{ mt: 1 }}>
      These totals are of all your accounts; the trades below are narrowed to {name}.{' '}
      <Link component={RouterLink} to={paths.app.accountMoney.getHref(narrowedTo)}>
        Totals of {name} alone
      </Link>{' '}
      are on that account's money page.
    </Alert>
  );
}

/**
 * A totals row's offering, linking to its trades on My investments (narrowed to this account on
 * an account's page); the trades' own rows link to the offering's page.
 */
function TradesLink({
  group,
  accountId,
  onJump,
}: {
  group: OfferingHolding;
  accountId?: string;
  onJump: (offeringId: string) => void;
}) {
  const name = group.offeringName ?? `Offering ${group.offeringId}`;
  return (
    <Link
      component={RouterLink}
      to={paths.app.holdings.getHref({ offering: group.offeringId, account: accountId })}
      onClick={() => onJump(group.offeringId)}
      // The name as shown, then where it leads: the trades' rows link to the offering's page.
      aria-label={`${name}: its trades`}
      className="tap-target"
    >
      {name}
    </Link>
  );
}

/**
 * What the investor holds of each offering: a table where there is room; on phones one card an
 * offering, where the table would push the amount and the count of trades past the screen's edge.
 */
function OfferingTotals({
  groups,
  accountId,
  onJump,
}: {
  groups: OfferingHolding[];
  accountId?: string;
  onJump: (offeringId: string) => void;
}) {
  const wide = useWideScreen();
  const link = (group: OfferingHolding) => (
    <TradesLink group={group} accountId={accountId} onJump={onJump} />
  );
  if (!wide) {
    return (
      <CardList label="Totals per offering" items={groups} itemKey={offeringKey}>
        {(group) => (
          <>
            <Typography sx={{ fontWeight: 600 }}>{link(group)}</Typography>
            <Typography>
              {formatMoney(group.amount)} · {formatUnits(group.units)} ·{' '}
              {group.tradeCount === 1 ? '1 trade' : `${group.tradeCount} trades`}
            </Typography>
          </>
        )}
      </CardList>
    );
  }
  return (
    <RecordTable
      label="Totals per offering"
      spec={{ columns: [{ heading: 'Offering', cell: link }, ...figures], rowKey: offeringKey }}
      rows={groups}
    />
  );
}

const figures: TableSpec<OfferingHolding>['columns'] = [
  { heading: { figures: 'Units' }, cell: (group) => formatDecimal(group.units) },
  { heading: { figures: 'Amount' }, cell: (group) => formatMoney(group.amount) },
  { heading: { figures: 'Trades' }, cell: (group) => group.tradeCount },
];

const offeringKey = (group: OfferingHolding) => group.offeringId;

/**
 * An offering the catalogue could not name (its record could not be read, or it is not listed)
 * is shown by its number, out of the names' alphabetical order: the page says why. When every
 * offering is unnamed and the BFF already said the catalogue could not be read, that is the why.
 */
function UnreadOfferings({ result }: { result: Extract<HoldingsResult, { state: 'available' }> }) {
  const named = new Set<string>();
  const unnamed = new Set<string>();
  for (const row of [...result.byOffering, ...result.trades]) {
    (row.offeringName === null ? unnamed : named).add(row.offeringId);
  }
  if (unnamed.size === 0 || (named.size === 0 && result.gaps.length > 0)) return null;
  const numbers = [...unnamed].map((id) => `Offering ${id}`).join(', ');
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {unnamed.size === 1
        ? `1 offering could not be read, so it is shown by its number (${numbers}). Your investments in it are listed in full.`
        : `${unnamed.size} offerings could not be read, so they are shown by their numbers (${numbers}). Your investments in them are listed in full.`}
    </Alert>
  );
}
