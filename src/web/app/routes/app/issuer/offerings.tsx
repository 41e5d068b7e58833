import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState, LoadingSkeleton, QueryState } from '../../../../components/query-state';
import { SkippedRecordsNotice } from '../../../../components/skipped-records';
import {
  issuerOfferingsQueryOptions,
  useIssuerOfferings,
} from '../../../../features/issuer/api/get-issuer-offerings';
import { IssuerOfferingsList } from '../../../../features/issuer/components/issuer-offerings-list';
import { requireSession } from '../../../session-guard';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request, ['issuer_staff', 'compliance', 'admin']);
    void queryClient.prefetchQuery(issuerOfferingsQueryOptions());
    return null;
  };

export default function IssuerOfferingsRoute() {
  const offerings = useIssuerOfferings();
  return (
    <>
      <PageHeader
        title="My offerings"
        description="The offerings of your issuer. Open one to see who bought what and how the raise is going."
      />
      <QueryState
        query={offerings}
        loadingLabel="Loading your offerings"
        loading={<LoadingSkeleton lines={4} />}
        errorTitle="Your offerings could not be loaded"
        isEmpty={(data) => data.offerings.length === 0 && !data.skippedRecords}
        empty={
          <EmptyState
            title="No offerings yet"
            message="When your issuer opens an offering on the platform, it appears here."
          />
        }
      >
        {(data) => (
          <>
            <SkippedRecordsNotice count={data.skippedRecords} />
            <IssuerOfferingsList offerings={data.offerings} />
          </>
        )}
      </QueryState>
    </>
  );
}
