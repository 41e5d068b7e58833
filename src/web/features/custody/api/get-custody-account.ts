import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  custodyAccountResultSchema,
  type CustodyAccountResult,
} from '../../../../contract/custody-views';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const custodyKeys = {
  all: ['custody'] as const,
  account: (accountId: string) => [...custodyKeys.all, 'account', accountId] as const,
  fundMoves: (accountId: string) => [...custodyKeys.all, 'fund-moves', accountId] as const,
  fundMovePage: (accountId: string, offset: number, limit: number) =>
    [...custodyKeys.fundMoves(accountId), 'page', { offset, limit }] as const,
  fundMove: (accountId: string, referenceNumber: string) =>
    [...custodyKeys.fundMoves(accountId), 'detail', referenceNumber] as const,
};

/** The custody account, or a typed "unavailable" (missing permission, not opened). */
export const getCustodyAccount = (
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
