import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import {
  complianceSearchQuerySchema,
  type ComplianceSearchResult,
} from '../../../../../contract/compliance';
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
import { guardedPrefetchLoader, REVIEWERS } from '../../../session-guard';
import { preloadDataGrid } from '../../../../components/data-grid';
import { countOf } from '../../../../lib/format';
import {
  halfTitles,
  lastingUnsearched,
  Unsearched,
  type Half,
} from '../../../../features/compliance/components/unsearched';

/**
 * The search a link names, read by the rule the box and the BFF apply: the text to search, or
 * the rule it breaks (a link too short, too long or blank), told under the box as typing it
 * would be, rather than sent to be refused as a failure with a Try again that fails again.
 */
function searchOfLink(search: URLSearchParams): { q: string; refused?: string } {
  const raw = search.get('q');
  if (!raw) return { q: '' };
  const checked = queryRule.safeParse(raw);
  return checked.success
    ? { q: checked.data }
    : { q: '', refused: checked.error.issues[0]?.message };
}

export const clientLoader = guardedPrefetchLoader(REVIEWERS, (queryClient, { search }) => {
  const { q } = searchOfLink(search);
  if (q) void queryClient.prefetchQuery(complianceSearchQueryOptions(q));
  // The grid library downloads alongside the data, not after it.
  void preloadDataGrid();
});

const queryRule = complianceSearchQuerySchema.shape.q;

/** What the search found, and which half the platform did not answer. */
function matchesInWords(data: ComplianceSearchResult, q: string) {
  const accounts = countOf(data.accounts.length, 'account', 'accounts');
  const entities = countOf(data.entities.length, 'entity', 'entities');
  // One half alone: its verb agrees with its count ("1 entity matches").
  const match = (n: number) => (n === 1 ? 'matches' : 'match');
  // "right now" only where it may pass: a refusal of the portal's access lasts until fixed.
  const when = (what: Half) => (lastingUnsearched(data, what) ? '' : ' right now');
  if (data.unsearched.includes('accounts'))
    return `${entities} ${match(data.entities.length)} “${q}”. Accounts could not be searched${when('accounts')}.`;
  if (data.unsearched.includes('entities'))
    return `${accounts} ${match(data.accounts.length)} “${q}”. Entities could not be searched${when('entities')}.`;
  return `${accounts} and ${entities} match “${q}”.`;
}

/** One half of the results under its heading: its matches, or that they are unknown. */
function SearchHalf({
  what,
  data,
  previousOnly,
  onRetry,
  children,
}: {
  what: Half;
  data: ComplianceSearchResult;
  /** The results are those of the search before the one just refused: the heading says so. */
  previousOnly: boolean;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={`${what}-heading`}>
      <Typography id={`${what}-heading`} component="h2" variant="h3" gutterBottom>
        {halfTitles[what]}
        {previousOnly && ' of your previous search'}
      </Typography>
      {data.unsearched.includes(what) ? (
        <Unsearched what={what} data={data} onRetry={onRetry} />
      ) : (
        children
      )}
    </Box>
  );
}

export default function ComplianceSearchRoute() {
  const [search, setSearch] = useSearchParams();
  const { q, refused } = searchOfLink(search);
  const results = useComplianceSearch(q);
  const retry = () => void results.refetch();
  // A search typed after these results and refused under the box, by the rule it breaks: the
  // results stay, marked as those of the search before, until a search is run (or the page shows
  // another, by Back or a link).
  // `times` counts the refusals, so that pressing Search again on the same refused words puts a
  // new notice in the live region, which screen readers read out; the same words left in place
  // would be read once only.
  const [refusedTyped, setRefusedTyped] = useState<{
    after: string;
    rule: string;
    times: number;
  } | null>(null);
  const previousOnly = refusedTyped?.after === q ? refusedTyped.rule : null;

  return (
    <>
      <PageHeader
        title="Search"
        description="Find any account or entity party. Tax IDs and EINs are masked; open a record to reveal one with a reason."
      />
      <ComplianceSearchForm
        initial={refused ? (search.get('q') ?? '') : q}
        refused={refused}
        onSearch={(next) => setSearch({ q: next })}
        onRefused={(rule) =>
          setRefusedTyped((before) =>
            rule === null ? null : { after: q, rule, times: (before?.times ?? 0) + 1 },
          )
        }
      />
      {q.length >= 2 && (
        <QueryState
          query={results}
          loadingLabel={`Searching for ${q}`}
          skeletonLines={6}
          errorTitle="The search could not be completed"
          // In the one live region that said "Searching for …", its words changed in place, so
          // either is read out after each search.
          status={(data) =>
            previousOnly ? (
              <Alert key={refusedTyped?.times} severity="warning" role="note" sx={{ mb: 3 }}>
                <AlertTitle>Not searched: {previousOnly}</AlertTitle>
                These are still the results of your previous search. {matchesInWords(data, q)}
              </Alert>
            ) : (
              <Typography sx={{ mb: 3 }}>{matchesInWords(data, q)}</Typography>
            )
          }
        >
          {(data) => (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
              <SkippedRecordsNotice
                count={data.skippedRecords}
                named={[
                  ...(data.unreadableAccounts ?? []).map((id) => `account ${id}`),
                  ...(data.unreadableEntities ?? []).map((id) => `entity party ${id}`),
                ]}
              />
              <SearchHalf
                what="accounts"
                data={data}
                previousOnly={previousOnly !== null}
                onRetry={retry}
              >
                <AccountResults accounts={data.accounts} q={q} />
              </SearchHalf>
              <SearchHalf
                what="entities"
                data={data}
                previousOnly={previousOnly !== null}
                onRetry={retry}
              >
                <EntityResults entities={data.entities} q={q} />
              </SearchHalf>
            </Box>
          )}
        </QueryState>
      )}
    </>
  );
}
