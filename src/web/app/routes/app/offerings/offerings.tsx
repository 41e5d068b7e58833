import type { QueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { unreadableOfferingsInWords, type OfferingList } from '../../../../../contract/offerings';
import { EmptyState } from '../../../../components/query-state';
import { RecordListState } from '../../../../components/record-list-state';
import { listsNothing } from '../../../../components/skipped-records';
import { PageHeader } from '../../../../components/page-header';
import {
  offeringsQueryOptions,
  useOfferings,
} from '../../../../features/offerings/api/get-offerings';
import { OfferingStatusFilter } from '../../../../features/offerings/components/offering-status-filter';
import { OfferingsList } from '../../../../features/offerings/components/offerings-list';
import { offeringStatusWords } from '../../../../components/offering-status-chip';
import { countOf } from '../../../../lib/format';
import { useSearchUpdate } from '../../../../lib/use-search-update';
import { hasSession } from '../../../session-guard';

const statusFrom = (search: URLSearchParams) => search.get('status')?.toLowerCase() || null;

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    const status = statusFrom(new URL(request.url).searchParams);
    if (hasSession(queryClient)) void queryClient.prefetchQuery(offeringsQueryOptions({ status }));
    return null;
  };

/** The status chosen in the filter as a sentence ends: "closed", "open for investment". */
const statusInWords = (status: string) =>
  offeringStatusWords(status.split(',')[0]).label.toLowerCase();

/** The title of the page's empty state: the sentence its status says too. */
const noOfferingsTitle = (status: string | null) =>
  status ? `No offering is ${statusInWords(status)}` : 'No offerings yet';

/**
 * What the page says of what it lists, in the status that said it was loading: how many offerings
 * it shows (under a status filter, with that status, so that another status with as many is told
 * too), or that it shows none. Visually hidden: the list, or the empty state, shows the same.
 */
function listedInWords(status: string | null, reply: OfferingList) {
  const count = reply.offerings.length;
  const words = listsNothing(count, reply.skippedRecords)
    ? noOfferingsTitle(status)
    : status
      ? `${countOf(count, 'offering', 'offerings')} ${count === 1 ? 'is' : 'are'} ${statusInWords(status)}`
      : countOf(count, 'offering', 'offerings');
  return <span className="visually-hidden">{`${words}.`}</span>;
}

/**
 * What the page says when it lists no offering: under a status filter, that none has that status
 * (named by its first status), with the way back to all of them; else that none is open yet.
 */
function NoOfferings({ status, onShowAll }: { status: string | null; onShowAll: () => void }) {
  if (!status) {
    return (
      <EmptyState
        title={noOfferingsTitle(status)}
        message="When an issuer opens an offering, it appears here."
      />
    );
  }
  return (
    <EmptyState
      title={noOfferingsTitle(status)}
      message="No offering has this status right now. Show all statuses to see the others."
      action={
        <Button variant="outlined" onClick={onShowAll}>
          Show all statuses
        </Button>
      }
    />
  );
}

export default function OfferingsRoute() {
  const [search, updateSearch] = useSearchUpdate();
  const status = statusFrom(search);
  const offerings = useOfferings({ status });

  const setStatus = (next: string | null) => updateSearch({ status: next }, { replace: true });

  return (
    <>
      <PageHeader
        title="Offerings"
        description="Securities offerings on the platform, with how much of each is sold."
      />
      <Box sx={{ mb: 2 }}>
        <OfferingStatusFilter value={status} onChange={setStatus} />
      </Box>
      <RecordListState
        query={offerings}
        subject="the offerings"
        skeletonLines={5}
        records={(data) => data.offerings}
        empty={<NoOfferings status={status} onShowAll={() => setStatus(null)} />}
        status={(reply) => listedInWords(status, reply)}
        noun={['offering', 'offerings']}
        // Named by what of them could be read (their §2.2 offeringId and issueName).
        leftOut={(reply) =>
          unreadableOfferingsInWords(reply.unreadable ?? [], reply.skippedRecords)
        }
      >
        {(listed) => <OfferingsList offerings={listed} />}
      </RecordListState>
    </>
  );
}
