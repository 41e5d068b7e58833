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
  unreadableAsNull,
  wireLocalDateTime,
  wireOptionalDecimal,
  wireRecords,
  wireText,
  type SkippedRecord,
} from './wire';

/*
 * Only the trade id is needed to keep a record: every other field that is missing or cannot be
 * read becomes null (`.catch(null)`), and the purchase names it in `unreadable`. One odd field
 * then costs that figure alone: a trade whose amount is "abc" still adds its shares, one without
 * its investor its amount and shares (§2.3 lists every field as a string, none as optional).
 * The trade id is `tradeId` in §2.3 and `orderId` in the rows getTradesForOffering answers under
 * the same key (getTradesForOffering__kvl-101.json: `orderId` holds the created trade's id);
 * either names the record, §2.3's spelling first when a row carries both.
 */
const rawPurchaseSchema = looseObject({
  tradeId: unreadableAsNull(wireId),
  orderId: unreadableAsNull(wireId),
  accountId: wireId.nullable().catch(null),
  offeringId: wireId.nullable().catch(null),
  totalAmount: wireDecimal.nullable().catch(null),
  totalShares: wireDecimal.nullable().catch(null),
  purchaseDate: wireLocalDateTime.catch(null),
  accountName: wireText.catch(null),
  offeringTotalShares: wireOptionalDecimal.catch(null),
  targetAmount: wireOptionalDecimal.catch(null),
  remainingShares: wireOptionalDecimal.catch(null),
}).transform(({ tradeId, orderId, ...row }, ctx) => {
  const id = tradeId ?? orderId;
  if (id === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['tradeId'],
      message: 'no trade id (tradeId or orderId)',
    });
    return z.NEVER;
  }
  return { ...row, tradeId: id };
});

type RawPurchase = z.output<typeof rawPurchaseSchema>;

/** The row as read (its documented fields only), three of them under the contract's names. */
function purchaseReader(offeringId: string) {
  return ({
    totalAmount,
    totalShares,
    purchaseDate,
    accountId,
    offeringId: rowOfferingId,
    ...row
  }: RawPurchase): Purchase => {
    const unreadable: Purchase['unreadable'] = [];
    if (accountId === null) unreadable.push('investor');
    if (totalAmount === null) unreadable.push('amount');
    if (totalShares === null) unreadable.push('shares');
    if (purchaseDate === null) unreadable.push('date');
    return {
      ...row,
      accountId,
      // The offering asked for: the history is of that one offering (§4.9).
      offeringId: rowOfferingId ?? offeringId,
      amount: totalAmount,
      shares: totalShares,
      purchasedAt: purchaseDate,
      unreadable,
    };
  };
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

function sum(values: (string | null)[]): string | null {
  if (values.some((value) => value === null)) return null;
  return values.reduce((total, value) => total.plus(value!), new Big(0)).toFixed();
}

export type PurchaseHistoryRead = PurchaseHistory & { skipped: SkippedRecord[] };

export async function getOfferingPurchaseHistory(
  client: UpstreamClient,
  params: { offeringId: string },
): Promise<PurchaseHistoryRead> {
  const request = legacyRead('getOfferingPurchaseHistory', { offeringId: params.offeringId });
  // The history is of the one offering asked for (§4.9): a row naming another is left out, so a
  // reader allowed this offering's buyers (its issuer's staff) is never shown another's.
  const read = (rows: unknown[]) => {
    const { records, skipped } = readRecords(
      rows,
      rawPurchaseSchema,
      purchaseReader(params.offeringId),
    );
    return { records: records.filter((row) => row.offeringId === params.offeringId), skipped };
  };
  return sendAndDecode(client, request, rawPurchaseHistorySchema, (raw) => {
    const details = raw['Offering purchased details'];
    if ('rows' in details) {
      // Rows without the summary: the purchased totals follow from the rows; the rest is unknown.
      const { records, skipped } = read(details.rows);
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
    const { records, skipped } = read(details.offering_purchase_history);
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
