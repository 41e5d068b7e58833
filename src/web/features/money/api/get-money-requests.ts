import { useQuery } from '@tanstack/react-query';
import {
  moneyRequestPageSchema,
  type MoneyRequestPageView,
} from '../../../../contract/money-requests';
import { apiQueryOptions } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

/** The requests the portal sent for one account, newest first. */
const accountMoneyRequestsQueryOptions = (accountId: string) =>
  apiQueryOptions<MoneyRequestPageView>(
    moneyKeys.requests(accountId),
    `/api/accounts/${encodeURIComponent(accountId)}/money-requests?limit=200`,
    moneyRequestPageSchema,
  );

export const useAccountMoneyRequests = (accountId: string) =>
  useQuery(accountMoneyRequestsQueryOptions(accountId));
