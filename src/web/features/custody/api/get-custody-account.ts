import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  custodyAccountResultSchema,
  type CustodyAccountResult,
} from '../../../../contract/custody-views';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { custodyKeys } from '../../../lib/query-keys';

/** The custody account, or a typed "unavailable" (missing permission, not opened). */
const getCustodyAccount = (
  accountId: string,
  signal?: AbortSignal,
): Promise<CustodyAccountResult> =>
  api.get(apiPaths.custodyAccount(accountId), { schema: custodyAccountResultSchema, signal });

export const custodyAccountQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: custodyKeys.account(accountId),
    queryFn: ({ signal }) => getCustodyAccount(accountId, signal),
  });

export const useCustodyAccount = (accountId: string) =>
  useQuery(custodyAccountQueryOptions(accountId));
