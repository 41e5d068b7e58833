import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  moneyRequestViewSchema,
  type MoneyRequestSettleInput,
} from '../../../../contract/money-requests';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { moneyKeys } from '../../../lib/query-keys';

/**
 * A reviewer settles one request left unknown, having checked the platform by hand. Audited on
 * the server with the reason; every money view is read again after, so the investor's register
 * and timeline show the outcome too.
 */
export const useSettleMoneyRequest = (reference: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MoneyRequestSettleInput) =>
      api.post(apiPaths.settleMoneyRequest(reference), {
        body: input,
        schema: moneyRequestViewSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKeys.all }),
  });
};
