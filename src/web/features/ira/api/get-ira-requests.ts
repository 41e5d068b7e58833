import { useQuery } from '@tanstack/react-query';
import {
  moneyRequestPageSchema,
  waitingOutcomes,
  type MoneyRequestPageView,
} from '../../../../contract/money-requests';
import { apiQueryOptions } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

/**
 * The IRA requests the portal sent for one account, newest first, as the register holds them:
 * the wizard looks there for one that still stands before it offers a new one. 200 is the most a
 * page holds, far more IRA requests than one account makes; the BFF refuses a second request
 * whatever the page showed.
 */
const iraRequestsQueryOptions = (accountId: string) =>
  apiQueryOptions<MoneyRequestPageView>(
    [...moneyKeys.requests(accountId), 'ira_supplement'],
    `/api/accounts/${encodeURIComponent(accountId)}/money-requests?kind=ira_supplement&limit=200`,
    moneyRequestPageSchema,
  );

export const useIraRequests = (accountId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...iraRequestsQueryOptions(accountId), enabled });

/**
 * The account's IRA request that still stands (sent and not yet answered, or its outcome not
 * known): while there is one, the BFF refuses another (§4.7), and the IRA page shows that one.
 */
export const standingIraRequest = (page: MoneyRequestPageView | undefined) =>
  page?.requests.find((request) => waitingOutcomes.includes(request.outcome));
