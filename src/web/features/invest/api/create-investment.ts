import { investmentReceiptSchema, type InvestmentRequest } from '../../../../contract/investments';
import { apiPaths } from '../../../config/paths';
import type { SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys, moneyKeys, offeringKeys } from '../../../lib/query-keys';
import { useSendFromHere } from '../../../lib/receipts';

type CreateInvestmentInput = SubmittedOnce<InvestmentRequest> & { offeringId: string };

/** An investment sent from an offering's invest page, which shows it when the person comes back. */
export const useCreateInvestment = (offeringId: string) =>
  useSendFromHere('investment', offeringId, {
    path: ({ offeringId }: CreateInvestmentInput) => apiPaths.investments(offeringId),
    schema: investmentReceiptSchema,
    // Remaining shares and the purchase history changed (or may have, after an unknown outcome),
    // and so did the account's investments, requests, timeline and cash.
    invalidates: ({ request }) => [
      offeringKeys.all,
      moneyKeys.all,
      custodyKeys.account(request.accountId),
    ],
  });
