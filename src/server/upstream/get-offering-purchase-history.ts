import type { PurchaseHistory } from '../../contract/purchase-history';
import type { UpstreamClient, UpstreamRequest } from './client';
import {
  decodeAnswer,
  looseObject,
  wireDecimal,
  wireId,
  wireList,
  wireLocalDateTime,
  wireOne,
  wireOptionalDecimal,
  wireText,
} from './wire';

export function buildPurchaseHistoryRequest(params: { offeringId: string }): UpstreamRequest {
  return {
    operation: 'getOfferingPurchaseHistory',
    method: 'POST',
    effect: 'read',
    body: { offeringId: params.offeringId },
  };
}

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

/** §2.3: an object under `Offering purchased details` holding the list and the summary. */
export const rawPurchaseHistorySchema = looseObject({
  'Offering purchased details': wireOne(
    looseObject({
      offering_purchase_history: wireList(rawPurchaseSchema),
      totalAmountRaised: wireOptionalDecimal,
      totalShares: wireOptionalDecimal,
      totalSharesPurchased: wireOptionalDecimal,
      totalSharesLeft: wireOptionalDecimal,
      balanceAmount: wireOptionalDecimal,
      offeringId: wireText,
    }),
  ),
});

export async function getOfferingPurchaseHistory(
  client: UpstreamClient,
  params: { offeringId: string },
): Promise<PurchaseHistory> {
  const request = buildPurchaseHistoryRequest(params);
  const payload = await client.send(request);
  return decodeAnswer(client, request, payload, rawPurchaseHistorySchema, (raw) => {
    const details = raw['Offering purchased details'];
    return {
      offeringId: details.offeringId ?? params.offeringId,
      purchases: details.offering_purchase_history.map((row) => ({
        tradeId: row.tradeId,
        accountId: row.accountId,
        accountName: row.accountName,
        offeringId: row.offeringId,
        amount: row.totalAmount,
        shares: row.totalShares,
        purchasedAt: row.purchaseDate,
        offeringTotalShares: row.offeringTotalShares,
        targetAmount: row.targetAmount,
        remainingShares: row.remainingShares,
      })),
      totalAmountRaised: details.totalAmountRaised,
      totalShares: details.totalShares,
      totalSharesPurchased: details.totalSharesPurchased,
      totalSharesLeft: details.totalSharesLeft,
      balanceAmount: details.balanceAmount,
    };
  });
}
