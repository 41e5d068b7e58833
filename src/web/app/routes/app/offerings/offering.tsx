import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { TrailedPageHeader } from '../../../../components/trailed-page-header';
import { QueryState } from '../../../../components/query-state';
import { paths } from '../../../../config/paths';
import { hasStatus } from '../../../../lib/api-query';
import { offeringQueryOptions, useOffering } from '../../../../features/offerings/api/get-offering';
import { OfferingNotFound } from '../../../../features/offerings/components/offering-not-found';
import { OfferingDetails } from '../../../../features/offerings/components/offering-details';
import { InvestAction } from '../../../../features/invest/components/invest-action';
import { OfferingHolding } from '../../../../features/money/components/offering-holding';
import { useSession } from '../../../../features/auth/api/get-session';
import { recordPageLoader } from '../../../session-guard';
import { isReviewer } from '../../../../../contract/session';

export const clientLoader = recordPageLoader(undefined, 'offeringId', (queryClient, offeringId) => {
  void queryClient.prefetchQuery(offeringQueryOptions(offeringId));
});

export default function OfferingRoute() {
  const { offeringId = '' } = useParams();
  const offering = useOffering(offeringId);
  const session = useSession();
  const role = session.data?.user.role;
  const isInvestor = role === 'investor';
  // Issuer staff of this offering's issuer, and reviewers, can follow it to its purchase history.
  const seesPurchases = (offeringIssuer: string) =>
    isReviewer(role) ||
    (role === 'issuer_staff' && (session.data?.user.issuerIds ?? []).includes(offeringIssuer));

  if (hasStatus(offering.error, 404)) {
    return <OfferingNotFound />;
  }

  return (
    <>
      <TrailedPageHeader
        title={offering.data?.name ?? 'Offering'}
        trail={[{ label: 'Offerings', href: paths.app.offerings.getHref() }]}
      />
      <QueryState query={offering} subject="the offering" skeletonLines={6}>
        {(data) => (
          <OfferingDetails
            offering={data}
            actions={
              isInvestor ? (
                <>
                  <InvestAction offering={data} />
                  <OfferingHolding offeringId={data.id} />
                </>
              ) : seesPurchases(data.issuerId) ? (
                <Button
                  component={RouterLink}
                  to={paths.app.purchaseHistory.getHref(data.id)}
                  variant="contained"
                >
                  Purchase history
                </Button>
              ) : undefined
            }
          />
        )}
      </QueryState>
    </>
  );
}
