import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  investmentReceiptSchema,
  type InvestmentReceipt,
  type InvestmentRequest,
} from '../../../../contract/investments';
import { apiPaths } from '../../../config/paths';
import { postOnce, type SubmittedOnce } from '../../../lib/api-client';
import { offeringKeys } from '../../../lib/query-keys';

type CreateInvestmentInput = SubmittedOnce<InvestmentRequest> & { offeringId: string };

const createInvestment = ({
  offeringId,
  ...submitted
}: CreateInvestmentInput): Promise<InvestmentReceipt> =>
  postOnce(apiPaths.investments(offeringId), submitted, investmentReceiptSchema);

export const useCreateInvestment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvestment,
    // Remaining shares and the purchase history changed (or may have, after an unknown outcome).
    onSettled: () => queryClient.invalidateQueries({ queryKey: offeringKeys.all }),
  });
};
