import type { QueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import {
  moneyRequestKindLabels,
  moneyRequestKindSchema,
  moneyRequestOutcomeSchema,
  moneyRequestOutcomeWords,
} from '../../../../../contract/money-requests';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState, LoadingSkeleton, QueryState } from '../../../../components/query-state';
import {
  registerExportHref,
  registerQueryOptions,
  useRegister,
  type RegisterQuery,
} from '../../../../features/money/api/get-register';
import { MoneyRequestsTable } from '../../../../features/money/components/money-requests-table';
import { ReconcileButton } from '../../../../features/money/components/reconcile-button';
import { hasSession } from '../../../session-guard';

const PAGE = 50;

function queryFrom(search: URLSearchParams): RegisterQuery {
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  return {
    kind: search.get('kind') ?? undefined,
    outcome: search.get('outcome') ?? undefined,
    accountId: search.get('accountId') ?? undefined,
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
    offset: String((page - 1) * PAGE),
    limit: String(PAGE),
  };
}

export const clientLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    if (hasSession(queryClient)) {
      void queryClient.prefetchQuery(
        registerQueryOptions(queryFrom(new URL(request.url).searchParams)),
      );
    }
    return null;
  };

export default function MoneyRequestsRoute() {
  const [search, setSearch] = useSearchParams();
  const query = queryFrom(search);
  const register = useRegister(query);
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setSearch(next);
  };
  return (
    <>
      <PageHeader
        title="Money requests"
        description="Every disbursement, investment and IRA request the portal sent, across accounts, with its outcome and our reference."
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'start' }}>
            <ReconcileButton />
            <Button component="a" href={registerExportHref(query)} variant="outlined" download>
              Export CSV
            </Button>
          </Box>
        }
      />
      <Box
        component="form"
        role="search"
        aria-label="Filter money requests"
        onSubmit={(e) => e.preventDefault()}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}
      >
        <TextField
          select
          label="Kind"
          value={query.kind ?? ''}
          onChange={(e) => set('kind', e.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All kinds</MenuItem>
          {moneyRequestKindSchema.options.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {moneyRequestKindLabels[kind]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Outcome"
          value={query.outcome ?? ''}
          onChange={(e) => set('outcome', e.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All outcomes</MenuItem>
          {moneyRequestOutcomeSchema.options.map((outcome) => (
            <MenuItem key={outcome} value={outcome}>
              {moneyRequestOutcomeWords[outcome].label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Account"
          defaultValue={query.accountId ?? ''}
          onBlur={(e) => set('accountId', e.target.value.trim())}
        />
        <TextField
          label="From"
          type="date"
          value={query.from ?? ''}
          onChange={(e) => set('from', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="date"
          value={query.to ?? ''}
          onChange={(e) => set('to', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <QueryState
        query={register}
        loadingLabel="Loading money requests"
        loading={<LoadingSkeleton lines={6} />}
        errorTitle="The money requests could not be loaded"
        isEmpty={(data) => data.requests.length === 0}
        empty={<EmptyState title="No money requests" message="No request matches these filters." />}
      >
        {(data) => (
          <>
            <Typography role="status" sx={{ mb: 1 }}>
              {data.total} request{data.total === 1 ? '' : 's'}
            </Typography>
            <MoneyRequestsTable requests={data.requests} label="Money requests" reviewer />
            <Box
              component="nav"
              aria-label="Money request pages"
              sx={{ display: 'flex', gap: 1, mt: 2 }}
            >
              <Button
                disabled={page <= 1}
                onClick={() => {
                  const next = new URLSearchParams(search);
                  next.set('page', String(page - 1));
                  setSearch(next);
                }}
              >
                Newer
              </Button>
              <Button
                disabled={data.offset + data.requests.length >= data.total}
                onClick={() => {
                  const next = new URLSearchParams(search);
                  next.set('page', String(page + 1));
                  setSearch(next);
                }}
              >
                Older
              </Button>
            </Box>
          </>
        )}
      </QueryState>
    </>
  );
}
