import {
  reconciliationSummarySchema,
  type ReconciliationSummary,
} from '../../../../contract/money-requests';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

/**
 * Asks the BFF to settle every request whose outcome is unknown, now, by reading the upstream
 * (the scheduled pass does the same). Audited on the server; the register is read again after.
 */
const reconcileMoneyRequests = (): Promise<ReconciliationSummary> =>
  api.post('/api/compliance/money-requests/reconcile', { schema: reconciliationSummarySchema });

export const useReconcileMoneyRequests = () =>
  useInvalidatingMutation({
    mutationFn: reconcileMoneyRequests,
    invalidates: () => [moneyKeys.all],
  });
