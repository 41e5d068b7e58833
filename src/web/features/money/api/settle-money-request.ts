import {
  moneyRequestViewSchema,
  type MoneyRequestSettleInput,
} from '../../../../contract/money-requests';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

/**
 * A reviewer settles one request left unknown, having checked the platform by hand. Audited on
 * the server with the reason; every money view is read again after, so the investor's register
 * and timeline show the outcome too.
 */
export const useSettleMoneyRequest = (reference: string) =>
  useInvalidatingMutation({
    mutationFn: (input: MoneyRequestSettleInput) =>
      api.post(apiPaths.settleMoneyRequest(reference), {
        body: input,
        schema: moneyRequestViewSchema,
      }),
    invalidates: () => [moneyKeys.all],
  });
