import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { linkedBankResultSchema, type LinkedBankResult } from '../../../../contract/cash';
import { apiQueryOptions } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

export const linkedBankPath = (accountId: string) =>
  `/api/accounts/${encodeURIComponent(accountId)}/linked-bank`;

const linkedBankQueryOptions = (accountId: string) =>
  apiQueryOptions<LinkedBankResult>(
    moneyKeys.linkedBank(accountId),
    linkedBankPath(accountId),
    linkedBankResultSchema,
  );

/** How often a pending link is checked while this tab is shown. */
export const PENDING_LINK_CHECK_MS = 5_000;

/** A link started on the platform's page that the platform has not reported finished. */
const waitsOnPage = (result: LinkedBankResult | undefined) =>
  result?.state === 'none' && Boolean(result.pendingLink);

/**
 * The linked bank. With `watchPendingLink`, while a link waits on the platform's hosted page (the
 * BFF keeps it, so this holds after a reload too), the bank is asked for again every few seconds
 * and as soon as the person comes back to the tab.
 */
export const useLinkedBank = (
  accountId: string,
  { watchPendingLink = false, enabled = true } = {},
) => {
  const query = useQuery({
    ...linkedBankQueryOptions(accountId),
    enabled,
    ...(watchPendingLink
      ? {
          refetchInterval: (query: { state: { data?: LinkedBankResult } }) =>
            waitsOnPage(query.state.data) ? PENDING_LINK_CHECK_MS : false,
          refetchOnWindowFocus: (query: { state: { data?: LinkedBankResult } }) =>
            waitsOnPage(query.state.data) ? ('always' as const) : true,
        }
      : {}),
  });
  useChecksFollowBank(accountId, query.data?.state);
  return query;
};

/**
 * The checks before investing from the account say whether it can pay by ACH, from its linked
 * bank: once the bank seen here changes (linked from this page, or a link finished on the
 * platform's page), the checks kept for it are dropped, so the invest page reads them anew rather
 * than show "no bank account is linked" from before, even for a moment.
 */
function useChecksFollowBank(accountId: string, state: LinkedBankResult['state'] | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef(state);
  useEffect(() => {
    const before = seen.current;
    seen.current = state;
    if (before === undefined || state === undefined || before === state) return;
    void queryClient.resetQueries({ queryKey: moneyKeys.preflights(accountId) });
  }, [queryClient, accountId, state]);
}
