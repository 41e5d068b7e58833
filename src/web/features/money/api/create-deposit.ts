import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  depositReceiptSchema,
  type DepositForm,
  type DepositReceipt,
} from '../../../../contract/cash';
import { postOnce, type SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys } from '../../../lib/query-keys';
import { moneyKeys } from '../../../lib/query-keys';

type CreateDepositInput = SubmittedOnce<DepositForm> & { accountId: string };

const createDeposit = ({ accountId, ...submitted }: CreateDepositInput): Promise<DepositReceipt> =>
  postOnce(
    `/api/accounts/${encodeURIComponent(accountId)}/deposits`,
    submitted,
    depositReceiptSchema,
  );

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
