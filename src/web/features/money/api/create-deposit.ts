import { useQueryClient } from '@tanstack/react-query';
import { depositReceiptSchema, type DepositForm } from '../../../../contract/cash';
import type { SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys, moneyKeys } from '../../../lib/query-keys';
import { useCreateOnce } from '../../../lib/api-query';
import { rememberReceipt, sentFromHereKey } from '../../../lib/receipts';

type CreateDepositInput = SubmittedOnce<DepositForm> & { accountId: string };

export const useCreateDeposit = (accountId: string) => {
  const queryClient = useQueryClient();
  return useCreateOnce({
    path: ({ accountId }: CreateDepositInput) =>
      `/api/accounts/${encodeURIComponent(accountId)}/deposits`,
    schema: depositReceiptSchema,
    // The deposits sent from this account's deposit form in this tab, as that form finds them.
    mutationKey: sentFromHereKey('deposit', accountId),
    // Remembered even when the person left the page while it was on its way: the deposit form
    // shows it when they come back (lib/receipts).
    onAnswered: (receipt, { accountId }) =>
      rememberReceipt(queryClient, 'deposit', accountId, receipt),
    invalidates: ({ accountId }) => [
      custodyKeys.fundMoves(accountId),
      moneyKeys.account(accountId),
    ],
  });
};
