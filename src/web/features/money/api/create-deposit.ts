import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  depositReceiptSchema,
  type DepositForm,
  type DepositReceipt,
} from '../../../../contract/cash';
import { api } from '../../../lib/api-client';
import { custodyKeys } from '../../../lib/query-keys';
import { moneyKeys } from '../../../lib/query-keys';

type CreateDepositInput = {
  accountId: string;
  request: DepositForm;
  /** Made when the form opens its review and reused on retries, so money moves once. */
  idempotencyKey: string;
};

const createDeposit = ({
  accountId,
  request,
  idempotencyKey,
}: CreateDepositInput): Promise<DepositReceipt> =>
  api.post(`/api/accounts/${encodeURIComponent(accountId)}/deposits`, {
    body: request,
    idempotencyKey,
    schema: depositReceiptSchema,
  });

export const useCreateDeposit = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSettled: (_data, _error, { accountId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: custodyKeys.fundMoves(accountId) }),
        queryClient.invalidateQueries({ queryKey: moneyKeys.account(accountId) }),
      ]),
  });
};
