import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  knownFundMoveApprovalStatuses,
  knownFundMoveStatuses,
} from '../../../../../contract/custody';
import { accountFilterSchema } from '../../../../../contract/account-views';
import type { ComplianceFundMoves } from '../../../../../contract/compliance';
import {
  describeFundMoveApproval,
  describeFundMoveStatus,
} from '../../../../../contract/custody-views';
import { RuleFilterField } from '../../../../components/rule-filter-field';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState } from '../../../../components/query-state';
import { RefusedFiltersState } from '../../../../components/refused-filters-state';
import { useCsvExport } from '../../../../components/csv-export';
import {
  complianceFundMovesQueryOptions,
  downloadFundMovesExport,
  useComplianceFundMoves,
  type FundMovesFilter,
} from '../../../../features/compliance/api/get-fund-moves';
import { ComplianceFundMovesState } from '../../../../features/compliance/components/fund-moves-table';
import { formatCount } from '../../../../lib/format';
import { refusedFilters } from '../../../../lib/refused-filters';
import {
  filterUpdates,
  pageFrom,
  searchValues,
  useSearchUpdate,
} from '../../../../lib/use-search-update';
import { guardedPrefetchLoader, REVIEWERS } from '../../../session-guard';
import { preloadDataGrid } from '../../../../components/data-grid';

/** The page's filters, by the BFF's names (as the address holds them). */
const filterNames = ['status', 'approvalStatus', 'accountId'] as const;

/**
 * The filters as the address holds them: the BFF compares them (a status in any letter case,
 * §3) and refuses one it cannot apply, which the page shows under its field.
 */
const filterFrom = (search: URLSearchParams): FundMovesFilter => ({
  ...searchValues(search, filterNames),
  page: pageFrom(search),
});

export const clientLoader = guardedPrefetchLoader(REVIEWERS, (queryClient, { search }) => {
  void queryClient.prefetchQuery(complianceFundMovesQueryOptions(filterFrom(search)));
  // The grid library downloads alongside the data, not after it.
  void preloadDataGrid();
});

function StatusSelect({
  label,
  value,
  options,
  describe,
  refused,
  onChange,
}: {
  label: string;
  value: string | null;
  options: readonly string[];
  describe: (value: string) => { label: string };
  /** The BFF's refusal of the value the address carries, said under the field. */
  refused: string | undefined;
  onChange: (value: string | null) => void;
}) {
  const known = value === null || options.includes(value.trim().toLowerCase());
  return (
    <TextField
      select
      label={label}
      value={known ? (value?.trim().toLowerCase() ?? '') : value}
      onChange={(event) => onChange(event.target.value || null)}
      error={refused !== undefined}
      helperText={refused}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 180, flex: '1 1 10rem' }}
    >
      <option value="">Any</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {describe(o).label}
        </option>
      ))}
      {/* A value the address carries that is none of the choices shows as itself, not as Any. */}
      {!known && <option value={value}>{`“${value}” (not a ${label.toLowerCase()})`}</option>}
    </TextField>
  );
}

/**
 * Above the moves: how many match, and when the platform holds more moves than the listing
 * searches, that the older ones are not among them and how to reach them.
 */
function MatchSummary({ data }: { data: ComplianceFundMoves }) {
  return (
    <>
      <Typography role="status" sx={{ mb: 1 }}>
        {`${formatCount(data.totalRecords)} ${data.totalRecords === 1 ? 'move matches' : 'moves match'}. Page ${formatCount(data.page)} of ${formatCount(Math.max(1, data.totalPages))}.`}
      </Typography>
      {data.bound && <BoundNote bound={data.bound} />}
    </>
  );
}

/** The older moves the filters did not look at (§4.3 lists the newest first), and the way to them. */
function BoundNote({ bound }: { bound: NonNullable<ComplianceFundMoves['bound']> }) {
  const older = bound.total - bound.searched;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {`Only the latest ${formatCount(bound.searched)} of ${formatCount(bound.total)} fund moves were searched; the ${formatCount(older)} older ${older === 1 ? 'one is' : 'ones are'} not in these results. Filter by Account to search every move of one account.`}
    </Alert>
  );
}

export default function ComplianceFundMovesRoute() {
  const [search, updateSearch] = useSearchUpdate();
  const filter = filterFrom(search);
  const moves = useComplianceFundMoves(filter);
  // Each change builds on the last address asked for (a filter picked right after another keeps
  // the first); a filter starts the list again from its first page.
  const [setFilter, clearFilters] = filterUpdates(updateSearch, filterNames, { page: null });
  const refused = refusedFilters(moves.error, filterNames);
  // Every move the filters select, not only this page's: the BFF reads them all again.
  const csv = useCsvExport(() => downloadFundMovesExport(filter));

  return (
    <>
      <PageHeader
        title="Fund moves"
        description="Money moved into and out of custody accounts, across all accounts: deposits, and what disbursements take out. Direction says which, or that the platform does not state it. Bank numbers are masked; open a move to reveal one with a reason."
        actions={csv.button}
      />
      {csv.failure}
      <Box
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}
        role="group"
        aria-label="Filters"
      >
        <StatusSelect
          label="Status"
          value={filter.status}
          options={knownFundMoveStatuses}
          describe={describeFundMoveStatus}
          refused={refused.status}
          onChange={(status) => setFilter('status', status)}
        />
        <StatusSelect
          label="Approval status"
          value={filter.approvalStatus}
          options={knownFundMoveApprovalStatuses}
          describe={(v) => describeFundMoveApproval(v)}
          refused={refused.approvalStatus}
          onChange={(approvalStatus) => setFilter('approvalStatus', approvalStatus)}
        />
        <RuleFilterField
          label="Account"
          applied={filter.accountId ?? undefined}
          rule={accountFilterSchema}
          refused={refused.accountId}
          onApply={(accountId) => setFilter('accountId', accountId)}
        />
      </Box>
      <RefusedFiltersState refused={refused} onClear={clearFilters}>
        <ComplianceFundMovesState
          query={moves}
          skeletonLines={8}
          empty={(data) => (
            <NothingListed
              data={data}
              filtered={Boolean(filter.status || filter.approvalStatus || filter.accountId)}
              onPageChange={(page) => updateSearch({ page: page > 1 ? String(page) : null })}
            />
          )}
          pageOf={(data) => ({ page: data.page, pages: data.totalPages })}
          onPageChange={(page) => updateSearch({ page: page > 1 ? String(page) : null })}
          summary={(data) => <MatchSummary data={data} />}
        />
      </RefusedFiltersState>
    </>
  );
}

/**
 * What the page says when it lists nothing: a page past the last one names the last and leads
 * back; no match among moves that were not all searched says which were; only then "none match".
 */
function NothingListed({
  data,
  filtered,
  onPageChange,
}: {
  data: ComplianceFundMoves;
  filtered: boolean;
  onPageChange: (page: number) => void;
}) {
  if (data.totalRecords > 0) {
    const moves = `${formatCount(data.totalRecords)} ${data.totalRecords === 1 ? 'move matches' : 'moves match'}`;
    return (
      <EmptyState
        title={`Page ${formatCount(data.page)} is past the last page`}
        message={`${moves}, on ${formatCount(data.totalPages)} ${data.totalPages === 1 ? 'page' : 'pages'}.`}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
            <Button onClick={() => onPageChange(1)}>Go to the first page</Button>
            {data.totalPages > 1 && (
              <Button onClick={() => onPageChange(data.totalPages)}>
                {`Go to the last page (${formatCount(data.totalPages)})`}
              </Button>
            )}
          </Box>
        }
      />
    );
  }
  if (data.bound) {
    return (
      <>
        <BoundNote bound={data.bound} />
        <EmptyState
          title={`None of the latest ${formatCount(data.bound.searched)} fund moves match`}
          message="Older moves were not searched: filter by Account to search every move of one account."
        />
      </>
    );
  }
  return (
    <EmptyState
      title="No fund moves match"
      message={
        filtered
          ? 'Choose other filters to see more moves.'
          : 'The platform lists no fund moves across accounts.'
      }
    />
  );
}
