import Big from 'big.js';
import { z } from 'zod';
import type { Purchase, PurchaseHistory } from '../../contract/purchase-history';
import { legacyRead, type UpstreamClient } from './client';
import {
  isPlainObject,
  sendAndDecode,
  looseObject,
  wireDecimal,
  wireId,
  readRecords,
  wireLocalDateTime,
  wireOptionalDecimal,
  wireRecords,
  wireText,
  type SkippedRecord,
} from './wire';

const rawPurchaseSchema = looseObject({
  tradeId: wireId,
  accountId: wireId,
  offeringId: wireId,
  totalAmount: wireDecimal,
  totalShares: wireDecimal,
  purchaseDate: wireLocalDateTime,
  accountName: wireText,
  offeringTotalShares: wireOptionalDecimal,
  targetAmount: wireOptionalDecimal,
  remainingShares: wireOptionalDecimal,
});

type RawPurchase = z.output<typeof rawPurchaseSchema>;

/** The row as read (its documented fields only), three of them under the contract's names. */
function normalizePurchase({
  totalAmount,
  totalShares,
  purchaseDate,
  ...row
}: RawPurchase): Purchase {
  return { ...row, amount: totalAmount, shares: totalShares, purchasedAt: purchaseDate };
}

const rawSummarySchema = looseObject({
  offering_purchase_history: wireRecords,
  totalAmountRaised: wireOptionalDecimal,
  totalShares: wireOptionalDecimal,
  totalSharesPurchased: wireOptionalDecimal,
  totalSharesLeft: wireOptionalDecimal,
  balanceAmount: wireOptionalDecimal,
  offeringId: wireText,
});

/**
 * §2.3: an object under `Offering purchased details` holding the list and the summary. Two other
 * shapes occur under the same key: the object inside a one-element list (getOfferingDetails in
 * real-world notes §4.2 answers `[ {…} ]`), and the trade rows themselves as a list, as
 * getTradesForOffering answers under this key (getTradesForOffering__kvl-101.json). An object
 * without `offering_purchase_history` (`{}`) is an error, never an empty history.
 */
const rawDetailsSchema = z.preprocess(
  (input) => {
    if (Array.isArray(input)) {
      if (
        input.length === 1 &&
        isPlainObject(input[0]) &&
        'offering_purchase_history' in input[0]
      ) {
        return input[0];
      }
      return { rows: input };
    }
    return input;
  },
  z.union([z.object({ rows: z.array(z.unknown()) }), rawSummarySchema]),
);

const rawPurchaseHistorySchema = looseObject({
  'Offering purchased details': rawDetailsSchema,
});

function sum(values: string[]): string {
  return values.reduce((total, value) => total.plus(value), new Big(0)).toFixed();
}

export type PurchaseHistoryRead = PurchaseHistory & { skipped: SkippedRecord[] };

export async function getOfferingPurchaseHistory(
  client: UpstreamClient,
  params: { offeringId: string },
): Promise<PurchaseHistoryRead> {
  const request = legacyRead('getOfferingPurchaseHistory', { offeringId: params.offeringId });
  return sendAndDecode(client, request, rawPurchaseHistorySchema, (raw) => {
    const details = raw['Offering purchased details'];
    if ('rows' in details) {
      // Rows without the summary: the purchased totals follow from the rows; the rest is unknown.
      const { records, skipped } = readRecords(details.rows, rawPurchaseSchema, normalizePurchase);
      const complete = skipped.length === 0;
      return {
        offeringId: params.offeringId,
        purchases: records,
        skipped,
        totalAmountRaised: complete ? sum(records.map((row) => row.amount)) : null,
        totalShares: null,
        totalSharesPurchased: complete ? sum(records.map((row) => row.shares)) : null,
        totalSharesLeft: null,
        balanceAmount: null,
      };
    }
    const { records, skipped } = readRecords(
      details.offering_purchase_history,
      rawPurchaseSchema,
      normalizePurchase,
    );
    return {
      offeringId: details.offeringId ?? params.offeringId,
      purchases: records,
      skipped,
      totalAmountRaised: details.totalAmountRaised,
      totalShares: details.totalShares,
      totalSharesPurchased: details.totalSharesPurchased,
      totalSharesLeft: details.totalSharesLeft,
      balanceAmount: details.balanceAmount,
    };
  });
}
