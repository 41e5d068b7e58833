import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../../components/page-header';
import { QueryState } from '../../../../components/query-state';
import { SkippedRecordsNotice } from '../../../../components/skipped-records';
import {
  complianceSearchQueryOptions,
  useComplianceSearch,
} from '../../../../features/compliance/api/search';
import { ComplianceSearchForm } from '../../../../features/compliance/components/search-form';
import {
  AccountResults,
  EntityResults,
} from '../../../../features/compliance/components/search-results';
import { guardedPrefetchLoader } from '../../../session-guard';
import { preloadDataGrid } from '../../../../components/data-grid';

const REVIEWERS = ['compliance', 'admin'] as const;

export const clientLoader = guardedPrefetchLoader(REVIEWERS, (queryClient, { search }) => {
  const q = search.get('q')?.trim() ?? '';
  if (q.length >= 2) void queryClient.prefetchQuery(complianceSearchQueryOptions(q));
  // The grid library downloads alongside the data, not after it.
  void preloadDataGrid();
});

export default function ComplianceSearchRoute() {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q')?.trim() ?? '';
  const results = useComplianceSearch(q);

  return (
    <>
      <PageHeader
        title="Search"
        description="Find any account or entity party. Tax IDs and EINs are masked; open a record to reveal one with a reason."
      />
      <ComplianceSearchForm key={q} initial={q} onSearch={(next) => setSearch({ q: next })} />
      {q.length >= 2 && (
        <QueryState
          query={results}
          loadingLabel={`Searching for ${q}`}
          skeletonLines={6}
          errorTitle="The search could not be completed"
        >
          {(data) => (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
              <Typography role="status">
                {`${data.accounts.length} accounts and ${data.entities.length} entities match “${q}”.`}
              </Typography>
              <SkippedRecordsNotice count={data.skippedRecords} />
              <Box component="section" aria-labelledby="accounts-heading">
                <Typography id="accounts-heading" component="h2" variant="h3" gutterBottom>
                  Accounts
                </Typography>
                <AccountResults accounts={data.accounts} />
              </Box>
              <Box component="section" aria-labelledby="entities-heading">
                <Typography id="entities-heading" component="h2" variant="h3" gutterBottom>
                  Entities
                </Typography>
                <EntityResults entities={data.entities} q={q} />
              </Box>
            </Box>
          )}
        </QueryState>
      )}
    </>
  );
}
