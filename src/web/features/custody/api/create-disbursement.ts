import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  disbursementReceiptSchema,
  type DisbursementForm,
  type DisbursementReceipt,
} from '../../../../contract/disbursements';
import { z } from 'zod';
import { pendingDisbursementSchema, type Approval } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { postOnce, type SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys } from '../../../lib/query-keys';

type CreateDisbursementInput = SubmittedOnce<DisbursementForm> & { accountId: string };

const createDisbursement = ({
  accountId,
  ...submitted
}: CreateDisbursementInput): Promise<DisbursementReceipt | { pendingApproval: Approval }> =>
  postOnce(
    apiPaths.disbursements(accountId),
    submitted,
    // Above the approval threshold the request waits for a second person (maker-checker).
    z.union([disbursementReceiptSchema, pendingDisbursementSchema]),
  );

export const useCreateDisbursement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDisbursement,
    onSettled: (_data, _error, { accountId }) =>
      queryClient.invalidateQueries({ queryKey: custodyKeys.fundMoves(accountId) }),
  });
};
