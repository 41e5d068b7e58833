import { depositReceiptSchema, type DepositForm } from '../../../../contract/cash';
import type { SubmittedOnce } from '../../../lib/api-client';
import { custodyKeys, moneyKeys } from '../../../lib/query-keys';
import { useSendFromHere } from '../../../lib/receipts';

type CreateDepositInput = SubmittedOnce<DepositForm> & { accountId: string };

/** A deposit sent from an account's deposit form, which shows it when the person comes back. */
export const useCreateDeposit = (accountId: string) =>
  useSendFromHere('deposit', accountId, {
    path: ({ accountId }: CreateDepositInput) =>
      `/api/accounts/${encodeURIComponent(accountId)}/deposits`,
    schema: depositReceiptSchema,
    invalidates: ({ accountId }) => [
      custodyKeys.fundMoves(accountId),
      moneyKeys.account(accountId),
    ],
  });
