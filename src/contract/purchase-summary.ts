import Big from 'big.js';
import type { TradeStanding } from './holdings';
import { targetToCompute } from './offerings';
import type { Purchase, PurchaseHistory } from './purchase-history';

/**
 * The summary of an offering's raise, computed exactly from its trades,
 * so issuer staff can see whether the upstream's own summary fields (interface document §2.3)
 * agree with the trades it lists. Amounts and shares are decimal strings; nothing goes through a
 * binary float.
 */

// A private big.js constructor: strict mode refuses JavaScript numbers.
const Decimal = Big();
Decimal.strict = true;

const DECIMAL = /^-?\d+(\.\d+)?$/;
const toDecimal = (value: string) => {
  if (!DECIMAL.test(value)) throw new TypeError(`Not a decimal string: ${JSON.stringify(value)}`);
  return new Decimal(value);
};
const canonical = (value: Big.Big) => (value.eq('0') ? '0' : value.toFixed());

export interface PurchaseSummary {
  tradeCount: number;
  amountRaised: string;
  sharesSold: string;
  /** Shares offered in total; null when neither the offering nor the trades say. */
  totalShares: string | null;
  targetAmount: string | null;
  /** totalShares − sharesSold; null without totalShares. */
  sharesLeft: string | null;
  /** targetAmount − amountRaised: what is left to raise; null without a target. */
  balance: string | null;
}

export interface SummaryBasis {
  /** From the offering (§2.2); the trades' own snapshot is used when absent. */
  totalShares?: string | null;
  targetAmount?: string | null;
}

/** Sums the trades exactly; the basis gives the offering's size and target. */
export function summarizePurchases(
  purchases: readonly (Pick<Purchase, 'offeringTotalShares' | 'targetAmount'> & {
    amount: string;
    shares: string;
  })[],
  basis: SummaryBasis = {},
): PurchaseSummary {
  let amount = new Decimal('0');
  let shares = new Decimal('0');
  for (const purchase of purchases) {
    amount = amount.plus(toDecimal(purchase.amount));
    shares = shares.plus(toDecimal(purchase.shares));
  }
  const snapshot = purchases.find((p) => p.offeringTotalShares !== null || p.targetAmount !== null);
  const totalShares = basis.totalShares ?? snapshot?.offeringTotalShares ?? null;
  // A zero target is none set (targetToCompute): no balance is worked out against it.
  const targetAmount = targetToCompute(basis.targetAmount ?? snapshot?.targetAmount ?? null);
  return {
    tradeCount: purchases.length,
    amountRaised: canonical(amount),
    sharesSold: canonical(shares),
    totalShares: totalShares === null ? null : canonical(toDecimal(totalShares)),
    targetAmount: targetAmount === null ? null : canonical(toDecimal(targetAmount)),
    sharesLeft: totalShares === null ? null : canonical(toDecimal(totalShares).minus(shares)),
    balance: targetAmount === null ? null : canonical(toDecimal(targetAmount).minus(amount)),
  };
}

export type SummaryField = 'amountRaised' | 'sharesSold' | 'sharesLeft' | 'balance';

export const summaryFieldLabels: Record<SummaryField, string> = {
  amountRaised: 'Amount of every trade, paid or not',
  sharesSold: 'Shares sold',
  sharesLeft: 'Shares left',
  balance: 'Balance to raise',
};

export interface SummaryDisagreement {
  field: SummaryField;
  /** Computed from the trades. */
  computed: string;
  /** As the upstream reported it. */
  reported: string;
}

/**
 * Where the upstream's summary differs from the trades (compared as exact decimals, so
 * `400000.000000` equals `400000`). Fields the upstream left out, or that cannot be computed,
 * are not compared.
 */
export function compareWithReported(
  summary: PurchaseSummary,
  history: Pick<
    PurchaseHistory,
    'totalAmountRaised' | 'totalSharesPurchased' | 'totalSharesLeft' | 'balanceAmount'
  >,
): SummaryDisagreement[] {
  const pairs: [SummaryField, string | null, string | null][] = [
    ['amountRaised', summary.amountRaised, history.totalAmountRaised],
    ['sharesSold', summary.sharesSold, history.totalSharesPurchased],
    ['sharesLeft', summary.sharesLeft, history.totalSharesLeft],
    ['balance', summary.balance, history.balanceAmount],
  ];
  const disagreements: SummaryDisagreement[] = [];
  for (const [field, computed, reported] of pairs) {
    if (computed === null || reported === null) continue;
    if (!toDecimal(computed).eq(toDecimal(reported))) {
      disagreements.push({ field, computed, reported: canonical(toDecimal(reported)) });
    }
  }
  return disagreements;
}

export interface RaisePoint {
  /** Calendar day of the purchases, YYYY-MM-DD, in the zone `dayOf` dates them in. */
  date: string;
  /** Raised on that day. */
  amount: string;
  /** Raised up to and including that day. */
  cumulative: string;
}

/**
 * The raise over time: one point per day with purchases, in date order. Undated trades are left
 * out. `dayOf` dates a purchase: by default the platform's own calendar date of its zone-less
 * time; the page passes the viewer's day, so each day adds up the trades listed under it.
 */
export function raiseOverTime(
  purchases: readonly Pick<Purchase, 'amount' | 'purchasedAt'>[],
  dayOf: (purchasedAt: string) => string | null = (purchasedAt) => purchasedAt.slice(0, 10),
): RaisePoint[] {
  const byDay = new Map<string, Big.Big>();
  for (const purchase of purchases) {
    if (!purchase.purchasedAt || purchase.amount === null) continue;
    const day = dayOf(purchase.purchasedAt);
    if (day === null) continue;
    byDay.set(day, (byDay.get(day) ?? new Decimal('0')).plus(toDecimal(purchase.amount)));
  }
  let running = new Decimal('0');
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, amount]) => {
      running = running.plus(amount);
      return { date, amount: canonical(amount), cumulative: canonical(running) };
    });
}

/** What trades of one standing add up to (exact decimal strings). */
export interface StandingTotals {
  trades: number;
  amount: string;
  shares: string;
}

/**
 * The trades split by where they stand (holdings.ts tradeStanding, the derivation My investments
 * uses): settled, waiting for payment or approval, being reversed, cancelled, status not known. Each figure adds
 * the parts of a trade that could be read: a trade whose amount is unreadable still adds its
 * shares, and is named in `amountUnread`.
 */
export function splitByStanding(
  rows: readonly {
    tradeId: string;
    amount: string | null;
    shares: string | null;
    standing: TradeStanding;
  }[],
): {
  byStanding: Record<TradeStanding, StandingTotals>;
  amountUnread: string[];
  sharesUnread: string[];
} {
  const sums = {} as Record<TradeStanding, { trades: number; amount: Big.Big; shares: Big.Big }>;
  for (const standing of ['settled', 'waiting', 'reversing', 'void', 'unknown'] as const) {
    sums[standing] = { trades: 0, amount: new Decimal('0'), shares: new Decimal('0') };
  }
  const amountUnread: string[] = [];
  const sharesUnread: string[] = [];
  for (const row of rows) {
    const sum = sums[row.standing];
    sum.trades += 1;
    if (row.amount === null) amountUnread.push(row.tradeId);
    else sum.amount = sum.amount.plus(toDecimal(row.amount));
    if (row.shares === null) sharesUnread.push(row.tradeId);
    else sum.shares = sum.shares.plus(toDecimal(row.shares));
  }
  const byStanding = {} as Record<TradeStanding, StandingTotals>;
  for (const [standing, sum] of Object.entries(sums) as [
    TradeStanding,
    (typeof sums)['settled'],
  ][]) {
    byStanding[standing] = {
      trades: sum.trades,
      amount: canonical(sum.amount),
      shares: canonical(sum.shares),
    };
  }
  return { byStanding, amountUnread, sharesUnread };
}
