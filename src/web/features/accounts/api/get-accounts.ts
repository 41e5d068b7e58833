import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountListSchema, type AccountList } from '../../../../contract/account-views';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  detail: (accountId: string) => [...accountKeys.all, 'detail', accountId] as const,
};

const getAccounts = (signal?: AbortSignal): Promise<AccountList> =>
  api.get(apiPaths.accounts, { schema: accountListSchema, signal });

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.list(), queryFn: ({ signal }) => getAccounts(signal) });

export const useAccounts = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...accountsQueryOptions(), enabled: options.enabled ?? true });
