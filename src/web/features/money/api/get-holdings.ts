import { queryOptions, useQuery } from '@tanstack/react-query';
import { holdingsResultSchema, type HoldingsResult } from '../../../../contract/holdings';
import { api } from '../../../lib/api-client';
import { moneyKeys } from '../../../lib/query-keys';

const getHoldings = (accountId?: string, signal?: AbortSignal): Promise<HoldingsResult> =>
  api.get(
    accountId ? `/api/holdings?accountId=${encodeURIComponent(accountId)}` : '/api/holdings',
    { schema: holdingsResultSchema, signal },
  );

export const holdingsQueryOptions = (accountId?: string) =>
  queryOptions({
    queryKey: moneyKeys.holdings(accountId),
    queryFn: ({ signal }) => getHoldings(accountId, signal),
  });

export const useHoldings = (accountId?: string) => useQuery(holdingsQueryOptions(accountId));
