import { useQuery } from '@tanstack/react-query';
import { moneyRequestPageSchema, type MoneyRequestPageView } from '../../contract/money-requests';
import { apiQueryOptions } from './api-query';
import { moneyKeys } from './query-keys';

/** The kinds of request a form sends that may end unknown and then stand in a new one's way. */
export type UnsettledKind = 'deposit' | 'disbursement' | 'investment';

/**
 * An account's requests of one kind (and offering) that the BFF refuses a new one over unless
 * the person names them: `unsettled`, those being sent or of unknown outcome, whatever they asked;
 * `recent`, those accepted or waiting for approval moments ago (the same-request window), of which
 * only the same request as the one reviewed counts. Under the account's money keys, so sending
 * any money request of the account reads them again.
 */
const accountRequestsQuery = (
  which: 'unsettled' | 'recent',
  accountId: string,
  kind: UnsettledKind,
  offeringId?: string,
) => {
  const params = new URLSearchParams({ [which]: 'true', kind, limit: '20' });
  if (offeringId) params.set('offeringId', offeringId);
  return apiQueryOptions<MoneyRequestPageView>(
    [...moneyKeys.requests(accountId), which, kind, offeringId ?? 'any'],
    `/api/accounts/${encodeURIComponent(accountId)}/money-requests?${params.toString()}`,
    moneyRequestPageSchema,
  );
};

const useAccountRequests = (
  which: 'unsettled' | 'recent',
  accountId: string,
  kind: UnsettledKind,
  offeringId?: string,
) =>
  useQuery({
    ...accountRequestsQuery(which, accountId, kind, offeringId),
    enabled: accountId !== '',
  });

/** The unsettled requests' read, for a form that must have them before its review opens. */
export const unsettledRequestsQuery = (
  accountId: string,
  kind: UnsettledKind,
  offeringId?: string,
) => accountRequestsQuery('unsettled', accountId, kind, offeringId);

export const useUnsettledRequests = (accountId: string, kind: UnsettledKind, offeringId?: string) =>
  useAccountRequests('unsettled', accountId, kind, offeringId);

export const useRecentRequests = (accountId: string, kind: UnsettledKind, offeringId?: string) =>
  useAccountRequests('recent', accountId, kind, offeringId);
