/** Query keys of the money picture: hierarchical, per account (decision 12). */
export const moneyKeys = {
  all: ['money'] as const,
  holdings: (accountId?: string) => [...moneyKeys.all, 'holdings', accountId ?? 'all'] as const,
  account: (accountId: string) => [...moneyKeys.all, 'account', accountId] as const,
  linkedBank: (accountId: string) => [...moneyKeys.account(accountId), 'linked-bank'] as const,
  timeline: (accountId: string) => [...moneyKeys.account(accountId), 'timeline'] as const,
  requests: (accountId: string) => [...moneyKeys.account(accountId), 'requests'] as const,
  preflight: (offeringId: string, accountId: string) =>
    [...moneyKeys.all, 'preflight', offeringId, accountId] as const,
  register: (query: Record<string, string | undefined>) =>
    [...moneyKeys.all, 'register', query] as const,
  receipt: (kind: 'investment' | 'disbursement', key: string) =>
    [...moneyKeys.all, 'receipt', kind, key] as const,
};
