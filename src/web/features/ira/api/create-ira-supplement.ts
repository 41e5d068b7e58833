import { iraSupplementReceiptSchema, type IraSupplement } from '../../../../contract/ira';
import { apiPaths } from '../../../config/paths';
import type { SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys, moneyKeys } from '../../../lib/query-keys';
import { useCreateOnce } from '../../../lib/api-query';

type CreateIraSupplementInput = SubmittedOnce<IraSupplement> & { accountId: string };

export const useCreateIraSupplement = () =>
  useCreateOnce({
    path: ({ accountId }: CreateIraSupplementInput) => apiPaths.iraSupplement(accountId),
    schema: iraSupplementReceiptSchema,
    // The register too: a request now stands, and the wizard shows it on the next visit.
    invalidates: ({ accountId }) => [custodyKeys.account(accountId), moneyKeys.account(accountId)],
  });
