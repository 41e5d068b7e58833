import { PageHeader } from '../../../../components/page-header';
import { holdingsQueryOptions } from '../../../../features/money/api/get-holdings';
import { Holdings } from '../../../../features/money/components/holdings-view';
import { prefetchingLoader } from '../../../session-guard';

export const clientLoader = prefetchingLoader(holdingsQueryOptions);

export default function HoldingsRoute() {
  return (
    <>
      <PageHeader
        title="My investments"
        description="Your trades across your accounts, settled or still waiting for payment and approval: each with its amount and status, and totals per offering."
      />
      <Holdings />
    </>
  );
}
