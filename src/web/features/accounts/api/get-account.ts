import { accountDetailSchema } from '../../../../contract/account-views';
import { apiPaths } from '../../../config/paths';
import { defineApiQuery } from '../../../lib/api-query';
import { accountKeys } from './get-accounts';

/** One account as every role sees it: the tax id arrives masked from the BFF. */
export const [accountQueryOptions, useAccount] = defineApiQuery({
  key: accountKeys.detail,
  path: apiPaths.account,
  schema: accountDetailSchema,
  unwrap: ({ account }) => account,
});
