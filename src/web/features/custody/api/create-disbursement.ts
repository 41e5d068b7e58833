import {
  disbursementReceiptSchema,
  type DisbursementForm,
} from '../../../../contract/disbursements';
import { z } from 'zod';
import { pendingDisbursementSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import type { SubmittedOnce } from '../../../lib/api-client';
import { approvalKeys, custodyKeys, moneyKeys } from '../../../lib/query-keys';
import { useCreateOnce } from '../../../lib/api-query';

type CreateDisbursementInput = SubmittedOnce<DisbursementForm> & { accountId: string };

export const useCreateDisbursement = () =>
  useCreateOnce({
    path: ({ accountId }: CreateDisbursementInput) => apiPaths.disbursements(accountId),
    // Above the approval threshold the request waits for a second person (maker-checker).
    schema: z.union([disbursementReceiptSchema, pendingDisbursementSchema]),
    // Where the person looks for it next: the account's requests and timeline, its fund moves
    // and cash, and the approvals when it was held.
    invalidates: ({ accountId }) => [
      custodyKeys.fundMoves(accountId),
      custodyKeys.account(accountId),
      moneyKeys.account(accountId),
      approvalKeys.all,
    ],
  });
