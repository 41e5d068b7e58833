import { depositReceiptSchema, type DepositForm } from '../../../../contract/cash';
import type { SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys, moneyKeys } from '../../../lib/query-keys';
import { useCreateOnce } from '../../../lib/api-query';

type CreateDepositInput = SubmittedOnce<DepositForm> & { accountId: string };

export const useCreateDeposit = () =>
  useCreateOnce({
    path: ({ accountId }: CreateDepositInput) =>
      `/api/accounts/${encodeURIComponent(accountId)}/deposits`,
    schema: depositReceiptSchema,
    invalidates: ({ accountId }) => [
      custodyKeys.fundMoves(accountId),
      moneyKeys.account(accountId),
    ],
  });
