import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountDetailSchema, type AccountView } from '../../../../contract/account-views';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { accountKeys } from './get-accounts';

/** One account as every role sees it: the tax id arrives masked from the BFF. */
const getAccount = async (accountId: string, signal?: AbortSignal): Promise<AccountView> => {
  const { account } = await api.get(apiPaths.account(accountId), {
    schema: accountDetailSchema,
    signal,
  });
  return account;
};

export const accountQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.detail(accountId),
    queryFn: ({ signal }) => getAccount(accountId, signal),
  });

export const useAccount = (accountId: string) => useQuery(accountQueryOptions(accountId));
