import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkBankReceiptSchema, type LinkBankReceipt } from '../../../../contract/cash';
import { api } from '../../../lib/api-client';
import { linkedBankPath } from './get-linked-bank';
import { moneyKeys } from '../../../lib/query-keys';

const linkBank = (accountId: string): Promise<LinkBankReceipt> =>
  api.post(linkedBankPath(accountId), { schema: linkBankReceiptSchema });

export const useLinkBank = (accountId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => linkBank(accountId),
    onSuccess: (receipt) =>
      queryClient.setQueryData(moneyKeys.linkedBank(accountId), receipt.result),
  });
};
