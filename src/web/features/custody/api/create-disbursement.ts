import {
  disbursementReceiptSchema,
  type DisbursementForm,
} from '../../../../contract/disbursements';
import { z } from 'zod';
import { pendingDisbursementSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import type { SubmittedOnce } from '../../../lib/api-client';
import { approvalKeys, custodyKeys, moneyKeys } from '../../../lib/query-keys';
import { useSendFromHere } from '../../../lib/receipts';

type CreateDisbursementInput = SubmittedOnce<DisbursementForm> & { accountId: string };

/**
 * A disbursement sent from an account's disbursement page, which shows it (a receipt, or its hold
 * for approval) when the person comes back.
 */
export const useCreateDisbursement = (accountId: string) =>
  useSendFromHere('disbursement', accountId, {
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
