import { useQuery } from '@tanstack/react-query';
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

/**
 * The linked bank. `watchPendingLink` is set while a link waits on the platform's hosted page:
 * the bank is asked for again every few seconds, and as soon as the person comes back to the tab.
 */
export const useLinkedBank = (
  accountId: string,
  { watchPendingLink = false, enabled = true } = {},
) =>
  useQuery({
    ...linkedBankQueryOptions(accountId),
    enabled,
    ...(watchPendingLink
      ? { refetchInterval: PENDING_LINK_CHECK_MS, refetchOnWindowFocus: 'always' as const }
      : {}),
  });
