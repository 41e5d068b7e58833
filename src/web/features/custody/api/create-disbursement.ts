import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  disbursementReceiptSchema,
  type DisbursementForm,
  type DisbursementReceipt,
} from '../../../../contract/disbursements';
import { z } from 'zod';
import { pendingDisbursementSchema, type Approval } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { custodyKeys } from '../../../lib/query-keys';

type CreateDisbursementInput = {
  accountId: string;
  request: DisbursementForm;
  /** Made when the review opens and reused on every retry, so money moves once. */
  idempotencyKey: string;
};

const createDisbursement = ({
  accountId,
  request,
  idempotencyKey,
}: CreateDisbursementInput): Promise<DisbursementReceipt | { pendingApproval: Approval }> =>
  api.post(apiPaths.disbursements(accountId), {
    body: request,
    idempotencyKey,
    // Above the approval threshold the request waits for a second person (maker-checker).
    schema: z.union([disbursementReceiptSchema, pendingDisbursementSchema]),
  });

export const useCreateDisbursement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDisbursement,
    onSettled: (_data, _error, { accountId }) =>
      queryClient.invalidateQueries({ queryKey: custodyKeys.fundMoves(accountId) }),
  });
};
