import Box from '@mui/material/Box';
import { isReviewer } from '../../../../../contract/session';
import { PageHeader } from '../../../../components/page-header';
import { QueryState } from '../../../../components/query-state';
import {
  marketHoursQueryOptions,
  useMarketHours,
} from '../../../../features/market-hours/api/get-market-hours';
import {
  MarketStatusNotice,
  TradingWeekTable,
} from '../../../../features/market-hours/components/trading-week';
import { SecurityHoursLookup } from '../../../../features/market-hours/components/security-hours-lookup';
import { useSession } from '../../../../features/auth/api/get-session';
import { prefetchingLoader } from '../../../session-guard';

export const clientLoader = prefetchingLoader(marketHoursQueryOptions);

export default function MarketHoursRoute() {
  const hours = useMarketHours();
  const role = useSession().data?.user.role;
  return (
    <>
      <PageHeader
        title="Market hours"
        description="When the secondary market trades. Hours are set in US Eastern time and follow daylight saving time."
      />
      <QueryState query={hours} subject="the market hours" skeletonLines={7}>
        {(data) => (
          <>
            <MarketStatusNotice hours={data.hours} />
            <TradingWeekTable week={data.week} asOf={data.asOf} />
          </>
        )}
      </QueryState>
      <Box sx={{ mt: 3 }}>
        {/* Reviewers read who changed a security's hours on the page its setters use. */}
        <SecurityHoursLookup linksChanges={isReviewer(role)} />
      </Box>
    </>
  );
}
