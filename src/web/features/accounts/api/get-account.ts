import { useQuery } from '@tanstack/react-query';
import { accountDetailSchema } from '../../../../contract/account-views';
import { apiPaths } from '../../../config/paths';
import { apiRecordQueryOptions } from '../../../lib/api-query';
import { accountKeys } from './get-accounts';

/** One account as every role sees it: the tax id arrives masked from the BFF. */
export const accountQueryOptions = (accountId: string) =>
  apiRecordQueryOptions(
    accountKeys.detail(accountId),
    apiPaths.account(accountId),
    accountDetailSchema,
    ({ account }) => account,
  );

export const useAccount = (accountId: string) => useQuery(accountQueryOptions(accountId));
