import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  iraSupplementReceiptSchema,
  type IraSupplement,
  type IraSupplementReceipt,
} from '../../../../contract/ira';
import { apiPaths } from '../../../config/paths';
import { postOnce, type SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys } from '../../../lib/query-keys';

type CreateIraSupplementInput = SubmittedOnce<IraSupplement> & { accountId: string };

const createIraSupplement = ({
  accountId,
  ...submitted
}: CreateIraSupplementInput): Promise<IraSupplementReceipt> =>
  postOnce(apiPaths.iraSupplement(accountId), submitted, iraSupplementReceiptSchema);

export const useCreateIraSupplement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIraSupplement,
    onSettled: (_data, _error, { accountId }) =>
      queryClient.invalidateQueries({ queryKey: custodyKeys.account(accountId) }),
  });
};
