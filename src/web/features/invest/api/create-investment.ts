import { useQueryClient } from '@tanstack/react-query';
import { investmentReceiptSchema, type InvestmentRequest } from '../../../../contract/investments';
import { apiPaths } from '../../../config/paths';
import type { SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys, moneyKeys, offeringKeys } from '../../../lib/query-keys';
import { useCreateOnce } from '../../../lib/api-query';
import { rememberReceipt, sentFromHereKey } from '../../../lib/receipts';

type CreateInvestmentInput = SubmittedOnce<InvestmentRequest> & { offeringId: string };

export const useCreateInvestment = (offeringId: string) => {
  const queryClient = useQueryClient();
  return useCreateOnce({
    path: ({ offeringId }: CreateInvestmentInput) => apiPaths.investments(offeringId),
    schema: investmentReceiptSchema,
    // The investments sent in an offering from this tab, as its invest page finds them.
    mutationKey: sentFromHereKey('investment', offeringId),
    // Kept beyond the form, and remembered even when the person left the page while it was on
    // its way: the invest page shows it when they come back (lib/receipts).
    onAnswered: (receipt, { offeringId }) =>
      rememberReceipt(queryClient, 'investment', offeringId, receipt),
    // Remaining shares and the purchase history changed (or may have, after an unknown outcome),
    // and so did the account's investments, requests, timeline and cash.
    invalidates: ({ request }) => [
      offeringKeys.all,
      moneyKeys.all,
      custodyKeys.account(request.accountId),
    ],
  });
};
