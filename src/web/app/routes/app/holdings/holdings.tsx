import Box from '@mui/material/Box';
import { PageHeader } from '../../../../components/page-header';
import { LoadingSkeleton, QueryState } from '../../../../components/query-state';
import { holdingsQueryOptions, useHoldings } from '../../../../features/money/api/get-holdings';
import { HoldingsView } from '../../../../features/money/components/holdings-view';
import { prefetchingLoader } from '../../../session-guard';

export const clientLoader = prefetchingLoader(holdingsQueryOptions);

export default function HoldingsRoute() {
  const holdings = useHoldings();
  return (
    <>
      <PageHeader
        title="My investments"
        description="What you own across your accounts: every trade with its amount and status, and totals per offering."
      />
      <QueryState
        query={holdings}
        loadingLabel="Loading your investments"
        loading={<LoadingSkeleton lines={6} />}
        errorTitle="Your investments could not be loaded"
      >
        {(data) => (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <HoldingsView result={data} />
          </Box>
        )}
      </QueryState>
    </>
  );
}
