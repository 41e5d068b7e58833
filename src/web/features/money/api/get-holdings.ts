import { holdingsResultSchema, type HoldingsResult } from '../../../../contract/holdings';
import { defineApiQuery } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

export const [holdingsQueryOptions, useHoldings] = defineApiQuery<
  [accountId?: string],
  HoldingsResult
>({
  key: moneyKeys.holdings,
  path: (accountId) =>
    accountId ? `/api/holdings?accountId=${encodeURIComponent(accountId)}` : '/api/holdings',
  schema: holdingsResultSchema,
});
