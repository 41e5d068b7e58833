/*
 * Query keys that more than one feature reads or invalidates, hierarchical so that a prefix
 * invalidates everything below it (['custody', 'fund-moves', accountId] covers every page and
 * detail of that account). They live here because features do not import each other.
 */
import type { ReceiptKind } from './receipts';

/** Lower-case status (the BFF normalizes the upstream's Pending/closed), or all when absent. */
export type OfferingsQuery = { status?: string | null };

export const offeringKeys = {
  all: ['offerings'] as const,
  lists: () => [...offeringKeys.all, 'list'] as const,
  list: (query: OfferingsQuery) =>
    [...offeringKeys.lists(), { status: query.status ?? null }] as const,
  details: () => [...offeringKeys.all, 'detail'] as const,
  detail: (offeringId: string) => [...offeringKeys.details(), offeringId] as const,
};

export const custodyKeys = {
  all: ['custody'] as const,
  account: (accountId: string) => [...custodyKeys.all, 'account', accountId] as const,
  fundMoves: (accountId: string) => [...custodyKeys.all, 'fund-moves', accountId] as const,
  fundMovePage: (accountId: string, offset: number, limit: number) =>
    [...custodyKeys.fundMoves(accountId), 'page', { offset, limit }] as const,
  fundMove: (accountId: string, referenceNumber: string) =>
    [...custodyKeys.fundMoves(accountId), 'detail', referenceNumber] as const,
};

/** The money picture, per account. */
/** Disbursements held for a second person (maker-checker), as their page lists them. */
export const approvalKeys = {
  all: ['disbursement-approvals'] as const,
  /** The slice of each section the page shows (its offsets), and the filters of both. */
  list: (
    slice: { waitingOffset: number; decidedOffset: number; limit: number } & Record<
      string,
      string | number
    >,
  ) => [...approvalKeys.all, 'list', slice] as const,
};

export const moneyKeys = {
  all: ['money'] as const,
  holdings: (accountId?: string) => [...moneyKeys.all, 'holdings', accountId ?? 'all'] as const,
  account: (accountId: string) => [...moneyKeys.all, 'account', accountId] as const,
  linkedBank: (accountId: string) => [...moneyKeys.account(accountId), 'linked-bank'] as const,
  timeline: (accountId: string) => [...moneyKeys.account(accountId), 'timeline'] as const,
  requests: (accountId: string) => [...moneyKeys.account(accountId), 'requests'] as const,
  /** The disbursements of the last 24 hours that count toward the second approval. */
  disbursementTotal: (accountId: string) =>
    [...moneyKeys.account(accountId), 'disbursement-total'] as const,
  /** The investor's own investments still being sent or of unknown outcome (My investments). */
  standingInvestments: () => [...moneyKeys.all, 'standing-investments'] as const,
  /** The checks before investing from an account, one an offering. */
  preflights: (accountId: string) => [...moneyKeys.account(accountId), 'preflight'] as const,
  preflight: (offeringId: string, accountId: string) =>
    [...moneyKeys.preflights(accountId), offeringId] as const,
  register: (query: Record<string, string | undefined>) =>
    [...moneyKeys.all, 'register', query] as const,
  receipt: (kind: ReceiptKind, key: string) => [...moneyKeys.all, 'receipt', kind, key] as const,
  candidates: (reference: string) => [...moneyKeys.all, 'candidates', reference] as const,
};
