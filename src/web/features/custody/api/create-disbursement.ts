import { useQueryClient } from '@tanstack/react-query';
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
import { rememberReceipt, sentFromHereKey } from '../../../lib/receipts';

type CreateDisbursementInput = SubmittedOnce<DisbursementForm> & { accountId: string };

export const useCreateDisbursement = (accountId: string) => {
  const queryClient = useQueryClient();
  return useCreateOnce({
    path: ({ accountId }: CreateDisbursementInput) => apiPaths.disbursements(accountId),
    // Above the approval threshold the request waits for a second person (maker-checker).
    schema: z.union([disbursementReceiptSchema, pendingDisbursementSchema]),
    // The disbursements sent from this account's page in this tab, as that page finds them.
    mutationKey: sentFromHereKey('disbursement', accountId),
    // Remembered even when the person left the page while it was on its way: the page shows it
    // (a receipt, or its hold for approval) when they come back (lib/receipts).
    onAnswered: (receipt, { accountId }) =>
      rememberReceipt(queryClient, 'disbursement', accountId, receipt),
    // Where the person looks for it next: the account's requests and timeline, its fund moves
    // and cash, and the approvals when it was held.
    invalidates: ({ accountId }) => [
      custodyKeys.fundMoves(accountId),
      custodyKeys.account(accountId),
      moneyKeys.account(accountId),
      approvalKeys.all,
    ],
  });
};
