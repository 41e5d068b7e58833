import { useQuery, type QueryClient } from '@tanstack/react-query';
import { moneyKeys } from './query-keys';

/*
 * Receipts of confirmed purchases and disbursements, kept in the query cache for the whole
 * session and never refetched: a refresh of the offering (sold out) or of the account cannot
 * replace them, and coming back to the page shows them again.
 */
export function rememberReceipt<T>(
  queryClient: QueryClient,
  kind: 'investment' | 'disbursement',
  key: string,
  receipt: T,
): void {
  queryClient.setQueryData(moneyKeys.receipt(kind, key), receipt);
}

/**
 * The receipt is set to none rather than removed: removing a query does not tell the page that
 * shows it, which kept the receipt on screen.
 */
export function forgetReceipt(
  queryClient: QueryClient,
  kind: 'investment' | 'disbursement',
  key: string,
): void {
  queryClient.setQueryData(moneyKeys.receipt(kind, key), null);
}

export function useRememberedReceipt<T>(kind: 'investment' | 'disbursement', key: string) {
  return useQuery<T | null>({
    queryKey: moneyKeys.receipt(kind, key),
    queryFn: () => null,
    enabled: false,
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
}
