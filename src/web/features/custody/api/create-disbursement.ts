import {
  disbursementReceiptSchema,
  type DisbursementForm,
} from '../../../../contract/disbursements';
import { z } from 'zod';
import { pendingDisbursementSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import type { SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys } from '../../../lib/query-keys';
import { useCreateOnce } from '../../../lib/api-query';

type CreateDisbursementInput = SubmittedOnce<DisbursementForm> & { accountId: string };

export const useCreateDisbursement = () =>
  useCreateOnce({
    path: ({ accountId }: CreateDisbursementInput) => apiPaths.disbursements(accountId),
    // Above the approval threshold the request waits for a second person (maker-checker).
    schema: z.union([disbursementReceiptSchema, pendingDisbursementSchema]),
    invalidates: ({ accountId }) => [custodyKeys.fundMoves(accountId)],
  });
