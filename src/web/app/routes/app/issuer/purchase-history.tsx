import { lazy, Suspense, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import type {
  OfferingPurchaseHistory,
  PurchaseStatuses,
} from '../../../../../contract/issuer-workspace';
import type { TradeStanding } from '../../../../../contract/holdings';
import { raiseOverTime } from '../../../../../contract/purchase-summary';
import { targetToCompute } from '../../../../../contract/offerings';
import type { GridPlace } from '../../../../components/data-grid';
import { useSearchPlace } from '../../../../lib/use-search-update';
import { FilterSelect } from '../../../../components/filter-select';
import { NotFound } from '../../../../components/not-found';
import { TrailedPageHeader } from '../../../../components/trailed-page-header';
import { EmptyState, QueryState } from '../../../../components/query-state';
import { listsNothing, SkippedRecordsNotice } from '../../../../components/skipped-records';
import { paths } from '../../../../config/paths';
import { useSeesEveryIssuer } from '../../../../features/auth/api/get-session';
import { hasStatus } from '../../../../lib/api-query';
import { countOf, formatCount, viewerDayOf, viewerTimeZone } from '../../../../lib/format';
import { issuerOfferingsQueryOptions } from '../../../../features/issuer/api/get-issuer-offerings';
import { OfferingListedFigures } from '../../../../features/issuer/components/issuer-offerings-list';
import {
  purchaseHistoryQueryOptions,
  usePurchaseHistory,
} from '../../../../features/issuer/api/get-purchase-history';
import { downloadPurchasesCsv } from '../../../../features/issuer/components/export-purchases';
import { InvestorRollupTable } from '../../../../features/issuer/components/investor-rollup';
import {
  filterPurchases,
  rollupByInvestor,
} from '../../../../features/issuer/components/purchase-rollup';
import {
  newestPurchasesFirst,
  PurchaseHistoryTable,
  purchasesInGridOrder,
} from '../../../../features/issuer/components/purchase-history-table';
import {
  PurchaseSummaryPanel,
  type OfferingFigures,
} from '../../../../features/issuer/components/purchase-summary';
import {
  standingChoices,
  withStandings,
  type PurchaseRow,
} from '../../../../features/issuer/components/purchase-standing';
import { guardedPrefetchLoader, REVIEWERS } from '../../../session-guard';
import { preloadDataGrid } from '../../../../components/data-grid';
import { TitledPanel } from '../../../../components/description-list';

const RaiseChart = lazy(() => import('../../../../features/issuer/components/raise-chart'));

export const clientLoader = guardedPrefetchLoader(
  ['issuer_staff', ...REVIEWERS],
  (queryClient, { params }) => {
    if (params.offeringId)
      void queryClient.prefetchQuery(purchaseHistoryQueryOptions(params.offeringId));
    // The grid library downloads alongside the data, not after it.
    void preloadDataGrid();
  },
);

/**
 * Where a person is in the trades, kept in the page's address (`?q=&status=&sort=&page=`) as on
 * the other filtered pages, so Back, a reload and a shared link come back to it. A new search or
 * status goes back to the first page of what it lists.
 */
interface TradesPlace extends GridPlace {
  q: string | null;
  status: TradeStanding | null;
}

/** The trades' order until a person sorts them otherwise. */
const NEWEST_FIRST = 'purchasedAt.desc';

const STANDINGS: readonly string[] = standingChoices.map((choice) => choice.value);

const TRADES_PLACE: readonly (keyof TradesPlace)[] = ['q', 'status', 'sort', 'page'];

function useTradesPlace(): [TradesPlace, (next: Partial<TradesPlace>) => void] {
  const [kept, onPlaceChange] = useSearchPlace(TRADES_PLACE);
  // A status the page does not offer (an old or edited link) narrows nothing.
  const place = useMemo<TradesPlace>(
    () => ({
      ...kept,
      status:
        kept.status && STANDINGS.includes(kept.status) ? (kept.status as TradeStanding) : null,
    }),
    [kept],
  );
  return [place, onPlaceChange];
}

/** Where no trade is read no status is wanted: its failed read changes no figure. */
const NO_TRADES_NO_STATUSES: PurchaseStatuses = { state: 'read', trades: [], complete: true };

function PurchaseHistoryView({
  data,
  retry,
}: {
  data: OfferingPurchaseHistory;
  retry: { busy: boolean; onRetry: () => void };
}) {
  const { offering, history } = data;
  // An offering without trades raised nothing and has nothing committed, whether or not the
  // trades' statuses could be read: "Not known" and "every trade is added…" misled there.
  const statuses = history.purchases.length === 0 ? NO_TRADES_NO_STATUSES : data.statuses;
  const rows = useMemo(
    () => newestPurchasesFirst(withStandings(history.purchases, statuses)),
    [history, statuses],
  );
  const figures = useMemo<OfferingFigures>(
    () =>
      offering
        ? {
            totalShares: offering.totalShares,
            remainingShares: offering.remainingShares,
            // A zero target is none set: no balance to raise, no line on the chart, and no
            // "mismatch" made by subtracting the raise from nothing.
            targetAmount: targetToCompute(offering.targetAmount),
            source: 'The offering’s own figure, as My offerings shows it',
          }
        : {
            totalShares: history.totalShares,
            remainingShares: history.totalSharesLeft,
            targetAmount: targetToCompute(
              history.purchases.find((p) => p.targetAmount !== null)?.targetAmount ?? null,
            ),
            source: 'The platform’s figure for the offering',
          },
    [offering, history],
  );
  const statusesRead = statuses.state === 'read';
  // The chart draws what "Amount raised" means: settled trades, or every trade when no status
  // could be read (and it says so).
  // Dated in the viewer's zone, as the trades below are listed, so a day's sum is the trades
  // listed under that day.
  const zone = viewerTimeZone();
  const points = useMemo(
    () =>
      raiseOverTime(
        rows.filter((row) => !statusesRead || row.standing === 'settled'),
        (purchasedAt) => viewerDayOf(purchasedAt, zone),
      ),
    [rows, statusesRead, zone],
  );
  const [place, onPlaceChange] = useTradesPlace();
  const search = place.q ?? '';
  // The search and the status narrow the tables and the export alike: what is downloaded is
  // what is shown.
  const shown = useMemo(
    () =>
      filterPurchases(rows, search).filter(
        (row) => place.status === null || row.standing === place.status,
      ),
    [rows, search, place.status],
  );
  const filtered = search.trim() !== '' || place.status !== null;

  return (
    <>
      <PurchaseSummaryPanel
        rows={rows}
        statuses={statuses}
        offering={figures}
        history={history}
        skippedRecords={data.skippedRecords}
        retry={retry}
      />
      <TitledPanel id="raise-heading" title="Raise over time" sx={{ mb: 3 }}>
        <Suspense
          fallback={
            // A named busy status: a bare skeleton may not carry a label (ARIA 1.2).
            <Box role="status" aria-busy="true" aria-label="Loading the chart">
              <Skeleton variant="rounded" height={220} />
            </Box>
          }
        >
          <RaiseChart
            points={points}
            targetAmount={figures.targetAmount}
            meaning={statusesRead ? 'settled' : 'bought'}
            timeZone={zone}
          />
        </Suspense>
      </TitledPanel>
      <Box component="section" aria-labelledby="trades-heading">
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
            mb: 1,
          }}
        >
          <Typography id="trades-heading" component="h2" variant="h3">
            Trades
          </Typography>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined aria-hidden />}
            disabled={shown.length === 0}
            onClick={() =>
              downloadPurchasesCsv(
                history.offeringId,
                // In the order the grid shows them: what is downloaded is what is read.
                purchasesInGridOrder(shown, place.sort ?? NEWEST_FIRST),
                data.skippedRecords ?? 0,
                filtered ? { status: place.status, search } : undefined,
              )
            }
          >
            {filtered
              ? `Export ${countOf(shown.length, 'matching trade', 'matching trades')} (CSV)`
              : 'Export CSV'}
          </Button>
        </Box>
        <SkippedRecordsNotice count={data.skippedRecords} />
        {listsNothing(history.purchases.length, data.skippedRecords) ? (
          <EmptyState
            headingLevel={3}
            title="No trades yet"
            message="When investors buy into this offering, their trades appear here."
          />
        ) : (
          <TradesByInvestor rows={rows} shown={shown} place={place} onPlaceChange={onPlaceChange} />
        )}
      </Box>
    </>
  );
}

export default function PurchaseHistoryRoute() {
  const { offeringId = '' } = useParams();
  // The issuer the offerings list was narrowed to, if any: the way back lands on that list.
  const [search] = useSearchParams();
  const back = paths.app.issuerOfferings.getHref(search.get('issuer'));
  const query = usePurchaseHistory(offeringId);
  // When the purchase history cannot be read (or came without its offering), the offerings list
  // still names the offering: from the cache when My offerings was just open, else read. The
  // failure stays with the purchase history; a refused offering needs no name.
  const catalogue = useQuery({
    ...issuerOfferingsQueryOptions(),
    enabled:
      (query.isError && !hasStatus(query.error, 404, 403)) ||
      (query.isSuccess && !query.data.offering),
  });
  const offering =
    query.data?.offering ?? catalogue.data?.offerings.find((o) => o.id === offeringId) ?? null;
  const title = offering?.name ?? `Offering ${offeringId}`;
  const reviewer = useSeesEveryIssuer();

  if (hasStatus(query.error, 404, 403)) {
    return (
      <NotFound
        title="Offering not available"
        message={
          reviewer
            ? 'There is no offering with this ID.'
            : "There is no offering with this ID among your issuer's offerings."
        }
        backTo={{
          href: back,
          label: reviewer ? 'Back to the offerings' : 'Back to my offerings',
        }}
      />
    );
  }

  return (
    <>
      <TrailedPageHeader
        title={title}
        description={
          // A reviewer reads every issuer's offerings: the page says whose this one is.
          reviewer && offering
            ? `An offering of issuer ${offering.issuerId}. Purchase history: who bought what, and how the raise is going.`
            : 'Purchase history: who bought what, and how the raise is going.'
        }
        trail={[
          {
            label: reviewer ? 'Issuer offerings' : 'My offerings',
            href: back,
          },
        ]}
      />
      <QueryState query={query} subject="the purchase history" skeletonLines={8}>
        {(data) => (
          <PurchaseHistoryView
            data={data}
            retry={{ busy: query.isFetching, onRetry: () => void query.refetch() }}
          />
        )}
      </QueryState>
      {query.isError && offering && (
        <Box sx={{ mt: 3 }}>
          <OfferingListedFigures offering={offering} />
        </Box>
      )}
    </>
  );
}

/**
 * Why no trade is listed, naming only the filters in use: a search alone said "has this status"
 * while every status was shown.
 */
function noMatchMessage(search: string, status: TradeStanding | null): string {
  const searched = search.trim() !== '';
  if (searched && status !== null)
    return 'No trade of an investor whose name or account ID contains that text has this status.';
  if (searched) return 'No investor’s name or account ID contains that text.';
  return 'No trade has this status.';
}

function TradesByInvestor({
  rows,
  shown,
  place,
  onPlaceChange,
}: {
  rows: readonly PurchaseRow[];
  /** The trades the search and the status filter leave. */
  shown: readonly PurchaseRow[];
  place: TradesPlace;
  onPlaceChange: (next: Partial<TradesPlace>) => void;
}) {
  // Cancelled trades hold nothing: they are listed, but counted for no investor.
  const rollup = useMemo(
    () => rollupByInvestor(shown.filter((row) => row.standing !== 'void')),
    [shown],
  );
  // An investor's total counts what Amount raised and Committed count, settled and waiting
  // trades: a trade being reversed or of no known status is in neither figure, so in no total.
  const totals = useMemo(
    () =>
      rollupByInvestor(
        shown.filter((row) => row.standing === 'settled' || row.standing === 'waiting'),
      ),
    [shown],
  );
  const uncounted = shown.filter(
    (row) => row.standing === 'reversing' || row.standing === 'unknown',
  );
  const search = place.q ?? '';
  const filtered = search.trim() !== '' || place.status !== null;
  // Newest first until the person sorts otherwise: the Date column says so (aria-sort).
  const gridPlace = useMemo(
    () => ({ sort: place.sort ?? NEWEST_FIRST, page: place.page }),
    [place.sort, place.page],
  );
  return (
    // One track that may shrink below its tables, so they scroll inside the page on a phone.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextField
          id="purchase-search"
          label="Find an investor"
          helperText="Part of a name or an account ID"
          value={search}
          // Another search lists other trades: back to the first page of them (the sort is kept).
          onChange={(event) => onPlaceChange({ q: event.target.value, page: null })}
          size="small"
          sx={{ width: 360, maxWidth: '100%' }}
          autoComplete="off"
        />
        <FilterSelect
          label="Status"
          value={place.status}
          options={standingChoices}
          allLabel="All statuses"
          onChange={(status) => onPlaceChange({ status, page: null })}
          minWidth={220}
        />
      </Box>
      <Typography role="status" variant="body2">
        {filtered
          ? `${formatCount(shown.length)} of ${countOf(rows.length, 'trade', 'trades')}, ${countOf(rollup.length, 'investor account', 'investor accounts')}`
          : `${countOf(rows.length, 'trade', 'trades')} by ${countOf(rollup.length, 'investor account', 'investor accounts')}`}
      </Typography>
      {totals.length > 0 && <InvestorRollupTable lines={totals} />}
      {uncounted.length > 0 && (
        <Typography variant="body2" color="textSecondary">
          {`The totals by investor count settled and waiting trades, as Amount raised and Committed do: ${countOf(uncounted.length, 'trade', 'trades')} being reversed or of no known status ${uncounted.length === 1 ? 'is' : 'are'} listed below but in no total.`}
        </Typography>
      )}
      {shown.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="No matching trades"
          message={noMatchMessage(search, place.status)}
        />
      ) : (
        <PurchaseHistoryTable rows={shown} place={gridPlace} onPlaceChange={onPlaceChange} />
      )}
    </Box>
  );
}
