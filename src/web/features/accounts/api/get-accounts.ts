import { useQuery } from '@tanstack/react-query';
import { accountListSchema, type AccountList } from '../../../../contract/account-views';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';

export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  detail: (accountId: string) => [...accountKeys.all, 'detail', accountId] as const,
};

export const accountsQueryOptions = () =>
  apiQueryOptions<AccountList>(accountKeys.list(), apiPaths.accounts, accountListSchema);

export const useAccounts = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...accountsQueryOptions(), enabled: options.enabled ?? true });
