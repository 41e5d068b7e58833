import { useQuery } from '@tanstack/react-query';
import { holdingsResultSchema, type HoldingsResult } from '../../../../contract/holdings';
import { apiQueryOptions } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

export const holdingsQueryOptions = (accountId?: string) =>
  apiQueryOptions<HoldingsResult>(
    moneyKeys.holdings(accountId),
    accountId ? `/api/holdings?accountId=${encodeURIComponent(accountId)}` : '/api/holdings',
    holdingsResultSchema,
  );

export const useHoldings = (accountId?: string) => useQuery(holdingsQueryOptions(accountId));
