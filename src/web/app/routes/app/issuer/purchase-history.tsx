import { lazy, Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { OfferingPurchaseHistory } from '../../../../../contract/issuer-workspace';
import type { Purchase } from '../../../../../contract/purchase-history';
import {
  compareWithReported,
  raiseOverTime,
  summarizePurchases,
} from '../../../../../contract/purchase-summary';
import { NotFound } from '../../../../components/not-found';
import { TrailedPageHeader } from '../../../../components/trailed-page-header';
import { EmptyState, QueryState } from '../../../../components/query-state';
import { listsNothing, SkippedRecordsNotice } from '../../../../components/skipped-records';
import { paths } from '../../../../config/paths';
import { useSeesEveryIssuer } from '../../../../features/auth/api/get-session';
import { hasStatus } from '../../../../lib/api-query';
import { countOf, formatCount } from '../../../../lib/format';
import { issuerOfferingsQueryOptions } from '../../../../features/issuer/api/get-issuer-offerings';
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
import { PurchaseHistoryTable } from '../../../../features/issuer/components/purchase-history-table';
import { PurchaseSummaryPanel } from '../../../../features/issuer/components/purchase-summary';
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

function PurchaseHistoryView({ data }: { data: OfferingPurchaseHistory }) {
  const { offering, history } = data;
  const summary = useMemo(
    () =>
      summarizePurchases(history.purchases, {
        totalShares: offering?.totalShares ?? history.totalShares,
        targetAmount: offering?.targetAmount,
      }),
    [history, offering],
  );
  const disagreements = useMemo(() => compareWithReported(summary, history), [summary, history]);
  const points = useMemo(() => raiseOverTime(history.purchases), [history]);
  // The search narrows the tables and the export alike: what is downloaded is what is shown.
  const [search, setSearch] = useState('');
  const shown = useMemo(() => filterPurchases(history.purchases, search), [history, search]);
  const filtered = search.trim() !== '';

  return (
    <>
      <PurchaseSummaryPanel
        summary={summary}
        disagreements={disagreements}
        skippedRecords={data.skippedRecords}
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
          <RaiseChart points={points} targetAmount={summary.targetAmount} />
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
            onClick={() => downloadPurchasesCsv(history.offeringId, shown)}
          >
            {filtered
              ? `Export ${countOf(shown.length, 'matching trade', 'matching trades')} (CSV)`
              : 'Export CSV'}
          </Button>
        </Box>
        <SkippedRecordsNotice count={data.skippedRecords} />
        {listsNothing(history.purchases.length, data.skippedRecords) ? (
          <EmptyState
            title="No trades yet"
            message="When investors buy into this offering, their trades appear here."
          />
        ) : (
          <TradesByInvestor
            purchases={history.purchases}
            shown={shown}
            search={search}
            onSearchChange={setSearch}
          />
        )}
      </Box>
    </>
  );
}

export default function PurchaseHistoryRoute() {
  const { offeringId = '' } = useParams();
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
          href: paths.app.issuerOfferings.getHref(),
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
            href: paths.app.issuerOfferings.getHref(),
          },
        ]}
      />
      <QueryState query={query} subject="the purchase history" skeletonLines={8}>
        {(data) => <PurchaseHistoryView data={data} />}
      </QueryState>
    </>
  );
}

function TradesByInvestor({
  purchases,
  shown,
  search,
  onSearchChange,
}: {
  purchases: readonly Purchase[];
  /** The trades the search leaves. */
  shown: readonly Purchase[];
  search: string;
  onSearchChange: (search: string) => void;
}) {
  const rollup = useMemo(() => rollupByInvestor(shown), [shown]);
  return (
    // One track that may shrink below its tables, so they scroll inside the page on a phone.
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <TextField
        id="purchase-search"
        label="Find an investor"
        helperText="Part of a name or an account ID"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        size="small"
        sx={{ maxWidth: 360 }}
        autoComplete="off"
      />
      <Typography role="status" variant="body2">
        {search.trim()
          ? `${formatCount(shown.length)} of ${countOf(purchases.length, 'trade', 'trades')}, ${countOf(rollup.length, 'investor account', 'investor accounts')}`
          : `${countOf(purchases.length, 'trade', 'trades')} by ${countOf(rollup.length, 'investor account', 'investor accounts')}`}
      </Typography>
      {shown.length > 0 && <InvestorRollupTable lines={rollup} />}
      {shown.length === 0 ? (
        <EmptyState
          title="No matching trades"
          message="No investor name or account ID contains that text."
        />
      ) : (
        <PurchaseHistoryTable purchases={shown} />
      )}
    </Box>
  );
}
