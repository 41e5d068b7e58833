import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  moneyRequestPageSchema,
  type MoneyRequestPageView,
} from '../../../../contract/money-requests';
import { api } from '../../../lib/api-client';
import { moneyKeys } from '../../../lib/query-keys';

/** The requests the portal sent for one account, newest first. */
const getAccountMoneyRequests = (
  accountId: string,
  signal?: AbortSignal,
): Promise<MoneyRequestPageView> =>
  api.get(`/api/accounts/${encodeURIComponent(accountId)}/money-requests?limit=200`, {
    schema: moneyRequestPageSchema,
    signal,
  });

const accountMoneyRequestsQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: moneyKeys.requests(accountId),
    queryFn: ({ signal }) => getAccountMoneyRequests(accountId, signal),
  });

export const useAccountMoneyRequests = (accountId: string) =>
  useQuery(accountMoneyRequestsQueryOptions(accountId));
