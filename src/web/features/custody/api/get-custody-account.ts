import {
  custodyAccountResultSchema,
  type CustodyAccountResult,
} from '../../../../contract/custody-views';
import { apiPaths } from '../../../config/paths';
import { defineApiQuery } from '../../../lib/api-query';
import { custodyKeys } from '../../../lib/query-keys';

/** The custody account, or a typed "unavailable" (missing permission, not opened). */
export const [custodyAccountQueryOptions, useCustodyAccount] = defineApiQuery<
  [accountId: string],
  CustodyAccountResult
>({
  key: custodyKeys.account,
  path: apiPaths.custodyAccount,
  schema: custodyAccountResultSchema,
});
