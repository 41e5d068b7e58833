import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  moneyRequestPageSchema,
  ownStandingRequestsSchema,
  type MoneyRequestPageView,
  type OwnStandingRequests,
} from '../../../../contract/money-requests';
import { apiQueryOptions } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

/** How many of an account's requests one page shows. */
export const ACCOUNT_REQUESTS_PAGE = 20;

/** One page of the requests the portal sent for one account, newest first. */
const accountMoneyRequestsQueryOptions = (accountId: string, offset: number) =>
  apiQueryOptions<MoneyRequestPageView>(
    [...moneyKeys.requests(accountId), offset],
    `/api/accounts/${encodeURIComponent(accountId)}/money-requests?offset=${offset}&limit=${ACCOUNT_REQUESTS_PAGE}`,
    moneyRequestPageSchema,
  );

/** The page keeps showing while the next one loads, rather than falling back to a skeleton. */
export const useAccountMoneyRequests = (accountId: string, offset: number) =>
  useQuery({
    ...accountMoneyRequestsQueryOptions(accountId, offset),
    placeholderData: keepPreviousData,
  });

/**
 * The signed-in investor's investments still being sent or of unknown outcome, across their
 * accounts: those My investments lists above the trades, as no trade the platform lists yet; and
 * those settled since by a reviewer or reconciliation (`recentlyEnded`).
 */
export const useOwnStandingInvestments = () =>
  useQuery(
    apiQueryOptions<OwnStandingRequests>(
      moneyKeys.standingInvestments(),
      '/api/money-requests?kind=investment&standing=true',
      ownStandingRequestsSchema,
    ),
  );
