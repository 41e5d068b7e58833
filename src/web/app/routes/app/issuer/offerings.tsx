import { PageHeader } from '../../../../components/page-header';
import { EmptyState } from '../../../../components/query-state';
import { RecordListState } from '../../../../components/record-list-state';
import { useSearchUpdate } from '../../../../lib/use-search-update';
import {
  issuerOfferingsQueryOptions,
  useIssuerOfferings,
} from '../../../../features/issuer/api/get-issuer-offerings';
import { IssuerOfferingsList } from '../../../../features/issuer/components/issuer-offerings-list';
import { guardedLoader, REVIEWERS } from '../../../session-guard';
import { useSeesEveryIssuer } from '../../../../features/auth/api/get-session';

export const clientLoader = guardedLoader(
  ['issuer_staff', ...REVIEWERS],
  issuerOfferingsQueryOptions,
);

export default function IssuerOfferingsRoute() {
  const offerings = useIssuerOfferings();
  const reviewer = useSeesEveryIssuer();
  // The issuer filter lives in the address: a reload or a shared link keeps it.
  const [search, updateSearch] = useSearchUpdate();
  const issuer = search.get('issuer') || null;
  const chooseIssuer = (next: string | null) => updateSearch({ issuer: next }, { replace: true });
  return (
    <>
      <PageHeader
        title={reviewer ? 'Issuer offerings' : 'My offerings'}
        description={
          reviewer
            ? "Every issuer's offerings. Open one to see its purchase history and how the raise is going."
            : 'The offerings of your issuer. Open one to see who bought what and how the raise is going.'
        }
      />
      <RecordListState
        query={offerings}
        subject="the offerings"
        skeletonLines={4}
        records={(data) => data.offerings}
        empty={
          <EmptyState
            title="No offerings yet"
            message={
              reviewer
                ? 'When an issuer opens an offering on the platform, it appears here.'
                : 'When your issuer opens an offering on the platform, it appears here.'
            }
          />
        }
      >
        {(listed) => (
          <IssuerOfferingsList
            offerings={listed}
            label={reviewer ? 'Issuer offerings' : 'My offerings'}
            // A reviewer reads every issuer's raises; staff of several issuers read theirs.
            showIssuer={reviewer || new Set(listed.map((o) => o.issuerId)).size > 1}
            issuer={issuer}
            onIssuerChange={chooseIssuer}
          />
        )}
      </RecordListState>
    </>
  );
}
