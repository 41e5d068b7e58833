import { useQuery } from '@tanstack/react-query';
import { moneyRequestPageSchema, type MoneyRequestPageView } from '../../contract/money-requests';
import { apiQueryOptions } from './api-query';
import { moneyKeys } from './query-keys';

/** The kinds of request a form sends that may end unknown and then stand in a new one's way. */
export type UnsettledKind = 'deposit' | 'disbursement' | 'investment';

/**
 * An account's requests of one kind (and offering) being sent or of unknown outcome: the ones the
 * BFF refuses a new request of that kind over until the person names them. Under the account's
 * money keys, so sending any money request of the account reads them again.
 */
export const useUnsettledRequests = (
  accountId: string,
  kind: UnsettledKind,
  offeringId?: string,
) => {
  const params = new URLSearchParams({ unsettled: 'true', kind, limit: '20' });
  if (offeringId) params.set('offeringId', offeringId);
  return useQuery({
    ...apiQueryOptions<MoneyRequestPageView>(
      [...moneyKeys.requests(accountId), 'unsettled', kind, offeringId ?? 'any'],
      `/api/accounts/${encodeURIComponent(accountId)}/money-requests?${params.toString()}`,
      moneyRequestPageSchema,
    ),
    enabled: accountId !== '',
  });
};
