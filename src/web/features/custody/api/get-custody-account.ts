import { useQuery } from '@tanstack/react-query';
import {
  custodyAccountResultSchema,
  type CustodyAccountResult,
} from '../../../../contract/custody-views';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';
import { custodyKeys } from '../../../lib/query-keys';

/** The custody account, or a typed "unavailable" (missing permission, not opened). */
export const custodyAccountQueryOptions = (accountId: string) =>
  apiQueryOptions<CustodyAccountResult>(
    custodyKeys.account(accountId),
    apiPaths.custodyAccount(accountId),
    custodyAccountResultSchema,
  );

export const useCustodyAccount = (accountId: string) =>
  useQuery(custodyAccountQueryOptions(accountId));
