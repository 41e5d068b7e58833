import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useParams, useSearchParams } from 'react-router-dom';
import { NotFound } from '../../../../components/not-found';
import { TrailedPageHeader } from '../../../../components/trailed-page-header';
import { QueryState } from '../../../../components/query-state';
import { paths } from '../../../../config/paths';
import {
  complianceSearchQueryOptions,
  useComplianceSearch,
} from '../../../../features/compliance/api/search';
import { EntityDetails } from '../../../../features/compliance/components/entity-details';
import { lastingUnsearched } from '../../../../features/compliance/components/unsearched';
import { SupportReference } from '../../../../components/errors/support-reference';
import { guardedPrefetchLoader, REVIEWERS } from '../../../session-guard';

export const clientLoader = guardedPrefetchLoader(REVIEWERS, (queryClient, { params, search }) => {
  const q = search.get('q') || params.entityId || '';
  if (q.length >= 2) void queryClient.prefetchQuery(complianceSearchQueryOptions(q));
});

/**
 * The upstream has no "get entity" operation (§4.12 searchEntity is the only read), so the entity
 * is taken from the search it was found in, or searched by its own party ID.
 */
export default function ComplianceEntityRoute() {
  const { entityId = '' } = useParams();
  const [search] = useSearchParams();
  const q = search.get('q') || entityId;
  const results = useComplianceSearch(q);
  const entity = results.data?.entities.find((e) => e.id === entityId);
  const title = entity?.name ?? `Entity ${entityId}`;

  // searchEntity failed while searchAccount answered: the entity is unknown, not missing.
  const unsearched = results.data?.unsearched.includes('entities') ?? false;
  // Failed for a reason searching again does not change (the platform refused the portal's own
  // access): its words say who must act, with no Try again, as a whole reply would.
  const lasting = results.data ? lastingUnsearched(results.data, 'entities') : null;

  if (results.isSuccess && !entity && !unsearched) {
    return (
      <NotFound
        title="Entity not found"
        message="No entity party with this ID was found. Search again to find it."
        backTo={{ href: paths.app.complianceSearch.getHref(q), label: 'Back to search' }}
      />
    );
  }

  return (
    <>
      <TrailedPageHeader
        title={title}
        tabTitle={`Entity ${entityId}`}
        description="Entity party"
        trail={[{ label: 'Search', href: paths.app.complianceSearch.getHref(search.get('q')) }]}
      />
      <QueryState query={results} subject="the entity" skeletonLines={8}>
        {() =>
          entity ? (
            <EntityDetails entity={entity} />
          ) : lasting ? (
            <Alert severity="error" role="alert">
              <AlertTitle>The entity could not be loaded</AlertTitle>
              Entities could not be searched. {lasting.message}
              <SupportReference requestId={lasting.requestId} mayPass={false} supportNamed />
            </Alert>
          ) : (
            <Alert
              severity="error"
              role="alert"
              action={
                <Button color="inherit" size="small" onClick={() => void results.refetch()}>
                  Try again
                </Button>
              }
            >
              <AlertTitle>The entity could not be loaded</AlertTitle>
              The platform did not answer the search for entities this time. Please try again in a
              moment.
            </Alert>
          )
        }
      </QueryState>
    </>
  );
}
