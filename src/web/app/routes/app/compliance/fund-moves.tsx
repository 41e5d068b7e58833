import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  knownFundMoveApprovalStatuses,
  knownFundMoveStatuses,
} from '../../../../../contract/custody';
import {
  describeFundMoveApproval,
  describeFundMoveStatus,
} from '../../../../../contract/custody-views';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState } from '../../../../components/query-state';
import {
  complianceFundMovesQueryOptions,
  useComplianceFundMoves,
  type FundMovesFilter,
} from '../../../../features/compliance/api/get-fund-moves';
import { ComplianceFundMovesState } from '../../../../features/compliance/components/fund-moves-table';
import { useSearchUpdate } from '../../../../lib/use-search-update';
import { guardedPrefetchLoader, REVIEWERS } from '../../../session-guard';
import { preloadDataGrid } from '../../../../components/data-grid';

function filterFrom(search: URLSearchParams): FundMovesFilter {
  const page = Number(search.get('page') ?? '1');
  return {
    status: search.get('status')?.toLowerCase() || null,
    approvalStatus: search.get('approvalStatus')?.toLowerCase() || null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

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
  onChange,
}: {
  label: string;
  value: string | null;
  options: readonly string[];
  describe: (value: string) => { label: string };
  onChange: (value: string | null) => void;
}) {
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 180, flex: '1 1 10rem' }}
    >
      <option value="">Any</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {describe(o).label}
        </option>
      ))}
    </TextField>
  );
}

export default function ComplianceFundMovesRoute() {
  const [search, updateSearch] = useSearchUpdate();
  const filter = filterFrom(search);
  const moves = useComplianceFundMoves(filter);
  // Each change builds on the last address asked for (a filter picked right after another keeps
  // the first); a filter starts the list again from its first page.
  const setFilter = (name: 'status' | 'approvalStatus', value: string | null) =>
    updateSearch({ [name]: value, page: null });

  return (
    <>
      <PageHeader
        title="Fund moves"
        description="Money moved into and out of custody accounts, across all accounts: deposits, and what disbursements take out. Direction says which, or that the platform does not state it. Bank numbers are masked; open a move to reveal one with a reason."
      />
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
          onChange={(status) => setFilter('status', status)}
        />
        <StatusSelect
          label="Approval status"
          value={filter.approvalStatus}
          options={knownFundMoveApprovalStatuses}
          describe={(v) => describeFundMoveApproval(v)}
          onChange={(approvalStatus) => setFilter('approvalStatus', approvalStatus)}
        />
      </Box>
      <ComplianceFundMovesState
        query={moves}
        skeletonLines={8}
        empty={
          <EmptyState
            title="No fund moves match"
            message="Choose other filters to see more moves."
          />
        }
        pageOf={(data) => ({ page: data.page, pages: data.totalPages })}
        onPageChange={(page) => updateSearch({ page: page > 1 ? String(page) : null })}
        summary={(data) => (
          <Typography role="status" sx={{ mb: 1 }}>
            {`${data.totalRecords} moves match. Page ${data.page} of ${Math.max(1, data.totalPages)}.`}
          </Typography>
        )}
      />
    </>
  );
}
