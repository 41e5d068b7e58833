import { z } from 'zod';
import { accountIdSchema } from './account-views';
import { formatMoney } from './decimal';
import { decimalStringSchema, localDateTimeSchema } from './money';
import { upstreamPaginationShape } from './pages';
import { lastingGapsSchema, skippedRecordsSchema, unreadableIdsSchema } from './skipped';
import { lowerCaseStatusSchema } from './status';

/**
 * One trade of the upstream's trades collection, normalized: what an investor bought, through
 * which account, and where the trade stands.
 */
const tradeRecordSchema = z.object({
  tradeId: z.string(),
  accountId: z.string(),
  offeringId: z.string(),
  units: decimalStringSchema.nullable(),
  amount: decimalStringSchema.nullable(),
  /** Zone-less upstream time. */
  createdAt: localDateTimeSchema.nullable(),
  status: lowerCaseStatusSchema.nullable(),
  /** ACH, wire, check, credit card, as the upstream names it, lower-cased. */
  paymentMethod: lowerCaseStatusSchema.nullable(),
  archived: z.boolean(),
});
export type TradeRecord = z.infer<typeof tradeRecordSchema>;

/** `endIndex` as the upstream answers it: offset + limit (real traffic), not the last row's index. */
export const tradePageSchema = z.object({
  trades: z.array(tradeRecordSchema),
  ...upstreamPaginationShape(z.number().int().nonnegative()),
});
export type TradePage = z.infer<typeof tradePageSchema>;

/**
 * Trade statuses in words. The document shows none (§3 "Transitions of order status: not shown");
 * live traffic shows CREATED on creation and CANCELED after deleteTrade (real-world notes §4.1,
 * §4.3); the others are the names the upstream's trade workflow uses.
 */
const tradeStatusWords: Record<string, string> = {
  created: 'Created: waiting for payment and approval',
  pending: 'Pending: waiting for payment and approval',
  funded: 'Funded: payment received, waiting for approval',
  // Read by the investor and by a reviewer settling a request by hand alike.
  settled: 'Settled: the units are in the account',
  canceled: 'Cancelled',
  cancelled: 'Cancelled',
  'unwind pending': 'Being reversed',
  'unwind settled': 'Reversed',
};

export function tradeStatusInWords(status: string | null): string {
  if (!status) return 'Status not reported';
  return tradeStatusWords[status.replace(/_/g, ' ')] ?? `Status "${status}"`;
}

/**
 * What the investor does to pay a trade that still waits for payment (created or pending), by its
 * payment method, so that step stays with the trade after the receipt is gone (My investments,
 * the account's timeline); null once it is paid, or for a method the portal cannot describe.
 * Only what the platform tells: ACH is drawn from the account's linked bank (§4.5; real-world
 * notes §4.1); wire and check instructions reach the investor from the issuer or the platform,
 * never the portal, and the trade ID is what matches the payment to the trade.
 */
export function paymentStepOf(trade: {
  tradeId: string;
  status: string | null;
  paymentMethod: string | null;
  amount: string | null;
}): string | null {
  const status = trade.status?.replace(/_/g, ' ');
  if (status !== 'created' && status !== 'pending') return null;
  const amount =
    trade.amount === null ? 'the amount' : formatMoney(trade.amount, { locale: 'en-US' });
  const instructions = 'by the instructions the issuer or the platform sends you';
  switch (trade.paymentMethod) {
    case 'ach':
      // Whether a bank is linked is another read (§4.5), which the lists that show this step do
      // not make: the step says what to do where none is.
      return `Paid by ACH from the bank account linked to this account: keep ${amount} available there. If no bank is linked yet, link one on the account's Money and timeline page, or the payment cannot be drawn.`;
    case 'wire':
      return `Send the wire for ${amount} ${instructions}, with trade ID ${trade.tradeId} in its reference (memo) field.`;
    case 'check':
      return `Send the check for ${amount} ${instructions}, with trade ID ${trade.tradeId} on its memo line.`;
    default:
      return null;
  }
}

/**
 * Whether a status is one of those above. Any other (or none) says neither that the trade is
 * settled, nor that it waits, nor that it was cancelled (§3 shows no trade status at all).
 */
function isKnownTradeStatus(status: string | null): boolean {
  return status !== null && Object.hasOwn(tradeStatusWords, status.replace(/_/g, ' '));
}

/** Statuses whose trades no longer hold anything: listed, but in no total. */
const VOID_STATUSES = new Set(['canceled', 'cancelled', 'unwind settled']);

/**
 * Where a trade stands for the totals, one derivation for the investor's My investments and the
 * issuer's purchase history alike: `settled` (the units are in the account), `waiting` (created,
 * pending, funded: not paid or not approved yet), `reversing` (UNWIND PENDING, set by
 * updateTradeStatus, real-world notes §4.3: neither money still to pay nor units kept, so counted
 * in no total and named where it is left out), `void` (cancelled, reversed or archived: counted
 * nowhere) and `unknown` (no status, or one the portal does not know: never guessed as settled or
 * waiting, since §3 shows no trade status at all).
 */
export type TradeStanding = 'settled' | 'waiting' | 'reversing' | 'void' | 'unknown';

export function tradeStanding(trade: {
  status: string | null;
  archived: boolean | null;
}): TradeStanding {
  const status = trade.status?.toLowerCase().replace(/_/g, ' ') ?? null;
  if (trade.archived === true || (status !== null && VOID_STATUSES.has(status))) return 'void';
  if (!isKnownTradeStatus(status)) return 'unknown';
  if (status === 'unwind pending') return 'reversing';
  return status === 'settled' ? 'settled' : 'waiting';
}

/** The standings in the words both pages use for their split. */
export const tradeStandingWords: Record<TradeStanding, string> = {
  settled: 'Settled',
  waiting: 'Waiting for payment or approval',
  reversing: 'Being reversed',
  void: 'Cancelled',
  unknown: 'Status not known',
};

/** What of a trade could not be read, so that it cannot be counted in the totals. */
const unreadablePartSchema = z.enum(['units', 'amount', 'status']);

/**
 * Why a trade that could be read is still not counted: `being_reversed` (UNWIND PENDING, see
 * tradeStanding), `negative_amount` or `no_units` (an amount below zero, or 0 units: not a
 * purchase, and netting it would lower the totals by money nobody paid back).
 */
const notCountedSchema = z.enum(['being_reversed', 'negative_amount', 'no_units']);

/**
 * A trade listed but left out of every total: its units, amount or status could not be read, or
 * it is being reversed or is not a purchase (`notCounted`). No figure is worked out in its place
 * (units × price would be a sum the platform never stated).
 */
const uncountedTradeSchema = z.object({
  tradeId: z.string(),
  unreadable: z.array(unreadablePartSchema),
  notCounted: z.array(notCountedSchema).optional(),
});
export type UncountedTrade = z.infer<typeof uncountedTradeSchema>;
type NotCounted = z.infer<typeof notCountedSchema>;

const notCountedWords: Record<NotCounted, string> = {
  being_reversed: 'being reversed',
  negative_amount: 'its amount is below zero',
  no_units: 'it is for 0 units',
};

/** Why one trade is left out, in the words of the note below the totals. */
function whyUncounted(trade: UncountedTrade): string {
  const why = (trade.notCounted ?? []).map((reason) => notCountedWords[reason]);
  if (trade.unreadable.length > 0) {
    why.push(`its ${listInWords(trade.unreadable)} could not be read`);
  }
  return listInWords(why);
}

/** "a", "a and b", "a, b and c". */
export function listInWords(words: readonly string[]): string {
  return words.length < 2
    ? words.join('')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * "Left out of these totals: trade 1001 (its amount and status could not be read). It is listed
 * under Trades." Empty when every trade is counted.
 */
export function uncountedTradesInWords(trades: readonly UncountedTrade[]): string {
  if (trades.length === 0) return '';
  const named = trades.map((trade) => `trade ${trade.tradeId} (${whyUncounted(trade)})`);
  return trades.length === 1
    ? `Left out of these totals: ${named[0]}. It is listed under Trades.`
    : `Left out of these totals, ${trades.length} trades: ${listInWords(named)}. They are listed under Trades.`;
}

const holdingRowSchema = tradeRecordSchema.extend({
  offeringName: z.string().nullable(),
  statusText: z.string(),
  /**
   * Our reference of the investment of unknown outcome this trade probably is (the timeline's
   * probableReference, probableRequestWords): the unknown row above names this trade in turn.
   */
  probableReference: z.string().optional(),
});
export type HoldingRow = z.infer<typeof holdingRowSchema>;

const offeringHoldingSchema = z.object({
  offeringId: z.string(),
  offeringName: z.string().nullable(),
  units: decimalStringSchema,
  amount: decimalStringSchema,
  tradeCount: z.number().int().nonnegative(),
});
export type OfferingHolding = z.infer<typeof offeringHoldingSchema>;

export const holdingsQuerySchema = z.object({ accountId: accountIdSchema.optional() });

export const holdingsResultSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('available'),
    /** Newest first. Cancelled and archived trades are listed but not counted in the totals. */
    trades: z.array(holdingRowSchema),
    byOffering: z.array(offeringHoldingSchema),
    totalAmount: decimalStringSchema,
    /**
     * `totalAmount` split: settled trades (the units are in the account) and those still waiting
     * for payment or approval (created, pending, funded). A trade being reversed, or whose status
     * is not known, is in neither: it is in `uncounted`.
     */
    settledAmount: decimalStringSchema,
    pendingAmount: decimalStringSchema,
    /**
     * Trades listed but counted in no total (nor in `byOffering`'s units, amount and trades): a
     * units, amount or status that could not be read, a trade being reversed, an amount below
     * zero or 0 units. Words: uncountedTradesInWords.
     */
    uncounted: z.array(uncountedTradeSchema),
    /** True when the list was cut at the portal's limit: the totals cover the trades listed. */
    cut: z.boolean(),
    /**
     * Trades the service sent that could not be read at all: neither listed nor in any total; the
     * page says "N trades could not be shown".
     */
    skippedRecords: skippedRecordsSchema,
    /** The ids of those trades, where they could be read. */
    unreadableTradeIds: unreadableIdsSchema,
    /** False when the list was cut, a trade could not be read, or one listed is not in the totals. */
    complete: z.boolean(),
    /** What could not be read, in words (the trades are still listed). */
    gaps: z.array(z.string()),
    lasting: lastingGapsSchema,
  }),
  z.object({
    state: z.literal('unavailable'),
    reason: z.enum(['header_auth_required', 'permission']),
    message: z.string(),
  }),
]);
export type HoldingsResult = z.infer<typeof holdingsResultSchema>;
