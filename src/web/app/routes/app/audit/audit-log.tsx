import { auditActionLabel } from '../../../../../contract/audit';
import { OlderPagesState } from '../../../../components/load-older';
import { PageHeader } from '../../../../components/page-header';
import { useCsvExport } from '../../../../components/csv-export';
import { EmptyState } from '../../../../components/query-state';
import { RefusedFiltersState } from '../../../../components/refused-filters-state';
import {
  auditEventsQueryOptions,
  downloadAuditExport,
  useAuditEvents,
  type AuditFilters,
} from '../../../../features/audit/api/get-audit-events';
import { AuditFiltersForm } from '../../../../features/audit/components/audit-filters';
import { AuditTable } from '../../../../features/audit/components/audit-table';
import { refusedFilters } from '../../../../lib/refused-filters';
import { filterUpdates, searchValues, useSearchUpdate } from '../../../../lib/use-search-update';
import { guardedPrefetchLoader, REVIEWERS } from '../../../session-guard';
import { preloadDataGrid } from '../../../../components/data-grid';

/** The log's filters, by the BFF's names (as the address holds them). */
const filterNames = ['user', 'object', 'action', 'from', 'to'] as const;

const filtersFrom = (search: URLSearchParams): AuditFilters => searchValues(search, filterNames);

/**
 * What the log says when no event matches: the filters it is of, in the form's words (a day
 * refused in its field, From after To, is not among them), so it says which filters emptied it.
 */
function NoEventsMatch({ filters }: { filters: AuditFilters }) {
  const applied = [
    filters.user && `User email "${filters.user}"`,
    filters.object && `Object ${filters.object}`,
    filters.action && `Action ${auditActionLabel(filters.action)}`,
    filters.from && `From ${filters.from}`,
    filters.to && `To ${filters.to}`,
  ].filter(Boolean);
  const widen = 'Widen the filters to see more events.';
  return (
    <EmptyState
      title="No events match"
      message={applied.length ? `Filters applied: ${applied.join(', ')}. ${widen}` : widen}
    />
  );
}

export const clientLoader = guardedPrefetchLoader(REVIEWERS, (queryClient, { search }) => {
  void queryClient.prefetchInfiniteQuery(auditEventsQueryOptions(filtersFrom(search)));
  // The grid library downloads alongside the data, not after it.
  void preloadDataGrid();
});

export default function AuditLogRoute() {
  const [search, updateSearch, askedSearch] = useSearchUpdate();
  const filters = filtersFrom(search);
  const events = useAuditEvents(filters);
  const refused = refusedFilters(events.error, filterNames);
  const [, clearFilters] = filterUpdates(updateSearch, filterNames);
  // The filters the page applies after this click: a user or object typed and not yet applied
  // is applied as the click leaves its field, a moment before the page shows it. The file holds
  // what the page will list, never the filters of the render before.
  const csv = useCsvExport(() => downloadAuditExport(filtersFrom(askedSearch())));

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who did what, and when: sign-ins, changes to users, looks at personal data, refused access, money requests and exports, newest first."
        actions={csv.button}
      />
      {csv.failure}
      <AuditFiltersForm
        value={filters}
        // Only the filters changed go into the address, built on the last one asked for.
        onApply={updateSearch}
        refused={refused}
      />
      <RefusedFiltersState refused={refused} onClear={clearFilters}>
        <OlderPagesState
          query={events}
          itemsOf={(page) => page.events}
          subject="the audit log"
          skeletonLines={8}
          empty={<NoEventsMatch filters={filters} />}
          label="Load older events"
          noun={{ one: 'event', many: 'events' }}
        >
          {(shown) => <AuditTable events={shown} />}
        </OlderPagesState>
      </RefusedFiltersState>
    </>
  );
}
