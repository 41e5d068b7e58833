import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  iraSupplementReceiptSchema,
  type IraSupplement,
  type IraSupplementReceipt,
} from '../../../../contract/ira';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { custodyKeys } from '../../../lib/query-keys';

type CreateIraSupplementInput = {
  accountId: string;
  request: IraSupplement;
  idempotencyKey: string;
};

const createIraSupplement = ({
  accountId,
  request,
  idempotencyKey,
}: CreateIraSupplementInput): Promise<IraSupplementReceipt> =>
  api.post(apiPaths.iraSupplement(accountId), {
    body: request,
    idempotencyKey,
    schema: iraSupplementReceiptSchema,
  });

export const useCreateIraSupplement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIraSupplement,
    onSettled: (_data, _error, { accountId }) =>
      queryClient.invalidateQueries({ queryKey: custodyKeys.account(accountId) }),
  });
};
