import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  disbursementReceiptSchema,
  type DisbursementForm,
  type DisbursementReceipt,
} from '../../../../contract/disbursements';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { custodyKeys } from './get-custody-account';

export type CreateDisbursementInput = {
  accountId: string;
  request: DisbursementForm;
  /** Made when the review opens and reused on every retry, so money moves once (decision 9). */
  idempotencyKey: string;
};

export const createDisbursement = ({
  accountId,
  request,
  idempotencyKey,
}: CreateDisbursementInput): Promise<DisbursementReceipt> =>
  api.post(apiPaths.disbursements(accountId), {
    body: request,
    idempotencyKey,
    schema: disbursementReceiptSchema,
  });

export const useCreateDisbursement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDisbursement,
    onSettled: (_data, _error, { accountId }) =>
      queryClient.invalidateQueries({ queryKey: custodyKeys.fundMoves(accountId) }),
  });
};
