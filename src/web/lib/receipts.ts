import { useQuery, type QueryClient } from '@tanstack/react-query';
import { moneyKeys } from './query-keys';

/** The money requests whose receipt a page keeps: an investment, a disbursement, a deposit. */
export type ReceiptKind = 'investment' | 'disbursement' | 'deposit';

/**
 * The mutation key of the money requests of a kind sent from one page (an offering's invest page,
 * an account's disbursement page or deposit form), by which that page finds those still on their
 * way when the person comes back to it (components/form/sent-from-here).
 */
export const sentFromHereKey = (kind: ReceiptKind, key: string) => ['send', kind, key] as const;

/*
 * Receipts of confirmed purchases, disbursements and deposits, kept in the query cache for the
 * whole session and never refetched: a refresh of the offering (sold out) or of the account
 * cannot replace them, and coming back to the page shows them again.
 */
export function rememberReceipt<T>(
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
