import {
  disbursementApprovalTotalSchema,
  type DisbursementApprovalTotal,
} from '../../../../contract/disbursements';
import { apiPaths } from '../../../config/paths';
import { defineApiQuery } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

/**
 * The account's disbursements of the last 24 hours that count toward the second approval
 * (DISBURSEMENT_APPROVAL_ABOVE), read by the review before Confirm. A disbursement sent from the
 * page invalidates it with the account's money reads.
 */
export const [disbursementApprovalTotalQueryOptions] = defineApiQuery<
  [accountId: string],
  DisbursementApprovalTotal
>({
  key: moneyKeys.disbursementTotal,
  path: apiPaths.disbursementApprovalTotal,
  schema: disbursementApprovalTotalSchema,
});
