import Big from 'big.js';
import type { Purchase } from '../../../../contract/purchase-history';

/** Trades whose account name or account id contains `query` (case-insensitive). */
export function filterPurchases<Row extends Pick<Purchase, 'accountId' | 'accountName'>>(
  purchases: readonly Row[],
  query: string,
): Row[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...purchases];
  return purchases.filter(
    (p) =>
      (p.accountId ?? '').toLowerCase().includes(needle) ||
      (p.accountName ?? '').toLowerCase().includes(needle),
  );
}

export interface InvestorRollup {
  accountId: string;
  accountName: string | null;
  trades: number;
  /** Exact decimal strings. */
  amount: string;
  shares: string;
}

/**
 * One line per investor account, largest amount first. Accounts, not names: three accounts
 * named "Avery Quinn" are three investors until their ids say otherwise.
 */
export function rollupByInvestor(
  purchases: readonly Pick<Purchase, 'accountId' | 'accountName' | 'amount' | 'shares'>[],
): InvestorRollup[] {
  const byAccount = new Map<
    string,
    { name: string | null; trades: number; amount: Big; shares: Big }
  >();
  for (const p of purchases) {
    // A trade whose investor could not be read belongs to no investor's line (the page names it).
    if (p.accountId === null) continue;
    const line = byAccount.get(p.accountId) ?? {
      name: p.accountName,
      trades: 0,
      amount: new Big(0),
      shares: new Big(0),
    };
    line.trades += 1;
    // The parts that could be read: the page names a trade whose amount or shares could not.
    if (p.amount !== null) line.amount = line.amount.plus(p.amount);
    if (p.shares !== null) line.shares = line.shares.plus(p.shares);
    byAccount.set(p.accountId, line);
  }
  return [...byAccount]
    .map(([accountId, line]) => ({
      accountId,
      accountName: line.name,
      trades: line.trades,
      amount: line.amount.toString(),
      shares: line.shares.toString(),
    }))
    .sort((a, b) => new Big(b.amount).cmp(a.amount) || a.accountId.localeCompare(b.accountId));
}
