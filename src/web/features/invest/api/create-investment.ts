import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  investmentReceiptSchema,
  type InvestmentReceipt,
  type InvestmentRequest,
} from '../../../../contract/investments';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { offeringKeys } from '../../../lib/query-keys';

type CreateInvestmentInput = {
  offeringId: string;
  request: InvestmentRequest;
  /** Made when the review opens and reused on every retry, so one trade is created. */
  idempotencyKey: string;
};

const createInvestment = ({
  offeringId,
  request,
  idempotencyKey,
}: CreateInvestmentInput): Promise<InvestmentReceipt> =>
  api.post(apiPaths.investments(offeringId), {
    body: request,
    idempotencyKey,
    schema: investmentReceiptSchema,
  });

export const useCreateInvestment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvestment,
    // Remaining shares and the purchase history changed (or may have, after an unknown outcome).
    onSettled: () => queryClient.invalidateQueries({ queryKey: offeringKeys.all }),
  });
};
