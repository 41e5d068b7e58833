import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { accountFilterSchema } from '../../../../../contract/account-views';
import {
  moneyRequestQueryShape,
  moneyRequestKindLabels,
  moneyRequestKindSchema,
  moneyRequestOutcomeSchema,
  moneyRequestOutcomeWords,
  type MoneyRequestView,
} from '../../../../../contract/money-requests';
import { DayRangeFields } from '../../../../components/day-range-fields';
import { FilterBar } from '../../../../components/filter-bar';
import { RuleFilterField } from '../../../../components/rule-filter-field';
import { PageHeader } from '../../../../components/page-header';
import { useCsvExport } from '../../../../components/csv-export';
import { EmptyState } from '../../../../components/query-state';
import { RefusedFiltersState } from '../../../../components/refused-filters-state';
import {
  downloadRegisterExport,
  registerQueryOptions,
  useRegister,
  type RegisterQuery,
} from '../../../../features/money/api/get-register';
import { MoneyRequestPages } from '../../../../features/money/components/money-request-pages';
import { ReconcileButton } from '../../../../features/money/components/reconcile-button';
import { SettledByHandNote } from '../../../../features/money/components/settle-by-hand';
import { refusedFilters } from '../../../../lib/refused-filters';
import { filterUpdates, useSearchUpdate } from '../../../../lib/use-search-update';
import { guardedPrefetchLoader, REVIEWERS } from '../../../session-guard';

const PAGE = 50;

/** The register's filters, by the BFF's names (as the address holds them). */
const filterNames = ['kind', 'outcome', 'accountId', 'reference', 'from', 'to'] as const;

function queryFrom(search: URLSearchParams): RegisterQuery {
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  return {
    kind: search.get('kind') ?? undefined,
    outcome: search.get('outcome') ?? undefined,
    accountId: search.get('accountId') ?? undefined,
    reference: search.get('reference') ?? undefined,
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
    offset: String((page - 1) * PAGE),
    limit: String(PAGE),
  };
}

export const clientLoader = guardedPrefetchLoader(REVIEWERS, (queryClient, { search }) => {
  void queryClient.prefetchQuery(registerQueryOptions(queryFrom(search)));
});

/** The filters that keep one value of a fixed set, or any ("All kinds"). */
const choiceFilters = [
  {
    name: 'kind',
    label: 'Kind',
    any: 'All kinds',
    minWidth: 160,
    options: moneyRequestKindSchema.options.map((kind) => [kind, moneyRequestKindLabels[kind]]),
  },
  {
    name: 'outcome',
    label: 'Outcome',
    any: 'All outcomes',
    minWidth: 180,
    options: moneyRequestOutcomeSchema.options.map((outcome) => [
      outcome,
      moneyRequestOutcomeWords[outcome].label,
    ]),
  },
] as const;

/** The filters by one value typed, compared as the BFF compares it (its rule). */
const typedFilters = [
  { name: 'accountId', label: 'Account', rule: accountFilterSchema },
  { name: 'reference', label: 'Reference', rule: moneyRequestQueryShape.shape.reference.unwrap() },
] as const;

/**
 * The choice a link's value is, compared as the BFF compares it (any letter case, spaces around):
 * that choice's value, or the value as the link said it when it is none of them.
 */
function choiceShown(applied: string | undefined, options: readonly (readonly string[])[]) {
  const compared = applied?.trim().toLowerCase() ?? '';
  return options.some(([value]) => value === compared) ? compared : (applied ?? '');
}

export default function MoneyRequestsRoute() {
  const [search, updateSearch] = useSearchUpdate();
  const query = queryFrom(search);
  const register = useRegister(query);
  const [settled, setSettled] = useState<MoneyRequestView | null>(null);
  const count = useRef<HTMLElement>(null);
  // Each filter starts the list again from its first page.
  const [set, clearFilters] = filterUpdates(updateSearch, filterNames, { page: null });
  const filtered = Boolean(
    query.kind || query.outcome || query.accountId || query.reference || query.from || query.to,
  );
  const csv = useCsvExport(() => downloadRegisterExport(query));
  const refused = refusedFilters(register.error, filterNames);
  return (
    <>
      <PageHeader
        title="Money requests"
        description="Every deposit, disbursement, investment and IRA request the portal sent, across accounts, with its outcome and our reference."
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'start' }}>
            <ReconcileButton />
            {csv.button}
          </Box>
        }
      />
      {csv.failure}
      <FilterBar label="Filter money requests" spaceBelow={2}>
        {choiceFilters.map(({ name, label, any, minWidth, options }) => (
          <TextField
            key={name}
            select
            label={label}
            value={choiceShown(query[name], options)}
            onChange={(e) => set(name, e.target.value)}
            error={refused[name] !== undefined}
            helperText={refused[name]}
            sx={{ minWidth }}
            // Unset, the select says "All kinds" (an empty value would show nothing, and be read
            // as a blank), with its label above it as on every other filter.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{any}</MenuItem>
            {options.map(([value, text]) => (
              <MenuItem key={value} value={value}>
                {text}
              </MenuItem>
            ))}
            {/* A value a link carries that is none of the choices shows as itself, not as empty. */}
            {!options.some(([value]) => value === choiceShown(query[name], options)) &&
              query[name] && (
                <MenuItem value={query[name]}>
                  {`“${query[name]}” (not a ${label.toLowerCase()})`}
                </MenuItem>
              )}
          </TextField>
        ))}
        {typedFilters.map(({ name, label, rule }) => (
          <RuleFilterField
            key={name}
            label={label}
            applied={query[name]}
            rule={rule}
            refused={refused[name]}
            onApply={(value) => set(name, value)}
          />
        ))}
        <DayRangeFields value={query} refused={refused} onApply={set} />
      </FilterBar>
      {settled && (
        <SettledByHandNote
          settled={settled}
          // It was listed under the other filters; only its outcome changed.
          hidden={Boolean(query.outcome && query.outcome !== settled.outcome)}
          onShow={() =>
            updateSearch({
              kind: null,
              outcome: null,
              from: null,
              to: null,
              page: null,
              reference: null,
              accountId: settled.accountId,
            })
          }
          onDismiss={() => {
            setSettled(null);
            // The close button goes with the note: the focus lands on the register's count, where
            // the reviewer was reading, rather than at the top of the document.
            count.current?.focus();
          }}
        />
      )}
      <RefusedFiltersState refused={refused} onClear={clearFilters}>
        <MoneyRequestPages
          query={register}
          subject="the money requests"
          skeletonLines={6}
          empty={
            <EmptyState
              title="No money requests"
              message={
                filtered
                  ? 'No request matches these filters.'
                  : 'No deposit, disbursement, investment or IRA request has been sent through the portal yet.'
              }
            />
          }
          label="Money requests"
          pagesLabel="Money request pages"
          pageSize={PAGE}
          onOffset={(offset) => updateSearch({ page: String(Math.floor(offset / PAGE) + 1) })}
          counted
          countRef={count}
          reviewer
          onSettled={setSettled}
        />
      </RefusedFiltersState>
    </>
  );
}
