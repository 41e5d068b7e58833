import { useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { $ZodType } from 'zod/v4/core';
import type { SubmittedOnce } from './api-client';
import { useCreateOnce } from './api-query';
import { moneyKeys } from './query-keys';

/** The money requests whose receipt a page keeps: an investment, a disbursement, a deposit. */
export type ReceiptKind = 'investment' | 'disbursement' | 'deposit';

/**
 * The mutation key of the money requests of a kind sent from one page (an offering's invest page,
 * an account's disbursement page or deposit form), by which that page finds those still on their
 * way when the person comes back to it (components/form/sent-from-here).
 */
export const sentFromHereKey = (kind: ReceiptKind, key: string) => ['send', kind, key] as const;

/**
 * Sends a money request of a kind from one page (`key`: the offering or the account): the page
 * finds it by `sentFromHereKey` while it is on its way, and its receipt is remembered even when
 * the person left the page meanwhile, so the page shows it when they come back
 * (components/form/sent-from-here).
 */
export function useSendFromHere<Variables extends SubmittedOnce<unknown>, Receipt>(
  kind: ReceiptKind,
  key: string,
  send: {
    path: (variables: Variables) => string;
    schema: $ZodType<Receipt>;
    /** Where the person looks for it next, read again once it is answered. */
    invalidates: (variables: Variables) => QueryKey[];
  },
) {
  const queryClient = useQueryClient();
  return useCreateOnce({
    ...send,
    mutationKey: sentFromHereKey(kind, key),
    onAnswered: (receipt) => rememberReceipt(queryClient, kind, key, receipt),
  });
}

/*
 * Receipts of confirmed purchases, disbursements and deposits, kept in the query cache for the
 * whole session and never refetched: a refresh of the offering (sold out) or of the account
 * cannot replace them, and coming back to the page shows them again.
 */
function rememberReceipt<T>(
  queryClient: QueryClient,
  kind: ReceiptKind,
  key: string,
  receipt: T,
): void {
  queryClient.setQueryData(moneyKeys.receipt(kind, key), receipt);
}

/**
 * The receipt is set to none rather than removed: removing a query does not tell the page that
 * shows it, which kept the receipt on screen.
 */
export function forgetReceipt(queryClient: QueryClient, kind: ReceiptKind, key: string): void {
  queryClient.setQueryData(moneyKeys.receipt(kind, key), null);
}

export function useRememberedReceipt<T>(kind: ReceiptKind, key: string) {
  return useQuery<T | null>({
    queryKey: moneyKeys.receipt(kind, key),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
}
