import { investmentReceiptSchema, type InvestmentRequest } from '../../../../contract/investments';
import { apiPaths } from '../../../config/paths';
import type { SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys, moneyKeys, offeringKeys } from '../../../lib/query-keys';
import { useCreateOnce } from '../../../lib/api-query';

type CreateInvestmentInput = SubmittedOnce<InvestmentRequest> & { offeringId: string };

export const useCreateInvestment = () =>
  useCreateOnce({
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
