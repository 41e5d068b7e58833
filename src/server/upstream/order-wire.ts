import { z } from 'zod';
import { orderSideSchema, type Match, type Order } from '../../contract/orders';
import {
  looseObject,
  wireDecimal,
  wireId,
  wireInstant,
  wireList,
  wireLocalDateTime,
  wireOptionalDecimal,
  wireRecords,
  wireStatus,
  wireText,
} from './wire';

/*
 * The order record shared by getOrder and getOrdersForADay (interface document §2.1).
 */

/**
 * The side of an order. §2.1 shows Offer and Bid; Sell/Buy (and Ask) are the names the order
 * calls take as `action` (real-world notes §4.2, createOrder__motyf-req.json) and mean the same.
 */
const sideSynonyms: Record<string, string> = { sell: 'offer', ask: 'offer', buy: 'bid' };
const wireSide = wireStatus
  .transform((value) => (value === null ? value : (sideSynonyms[value] ?? value)))
  .pipe(orderSideSchema);

/** Match timestamps have no documented format: an instant when zoned, else zone-less. */
const matchTimestamp = wireText.transform((value, ctx) => {
  if (value === null) return null;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const parsed = (zoned ? wireInstant : wireLocalDateTime).safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: 'not a timestamp' });
    return z.NEVER;
  }
  return parsed.data;
});

const rawMatchSchema = looseObject({
  matchid: wireId,
  executedPrice: wireDecimal,
  executedQuantity: wireDecimal,
  // §2.1: the key contains a space.
  'executedTotal Commitment': wireDecimal,
  createdDate: matchTimestamp,
  updateDate: matchTimestamp,
  createdIPAddress: wireText,
});

export const rawOrderSchema = looseObject({
  token: wireText,
  memberID: wireId,
  // §2.1: null in the observed records.
  accountID: wireText,
  security_id: wireId,
  security_name: z.string(),
  order_Id: wireId,
  order_type: wireSide,
  number_shares: wireDecimal,
  shares_remaining: wireDecimal,
  price_per_share: wireDecimal,
  total_amount: wireDecimal,
  PND: wireText,
  // §2.1: these three keys carry a trailing space.
  'Contingencies ': wireText,
  'MinimumThreshold ': wireOptionalDecimal,
  'Solicited ': wireText,
  status: wireStatus.pipe(z.string()),
  createdDate: wireInstant.pipe(z.string()),
  // §2.1: zero-filled while never updated (wireInstant turns it into null).
  updateDate: wireInstant,
  createdIPAddress: wireText,
  // §2.1: mathcedOrders in getOrder, matchedOrders in getOrdersForADay; [{}] means none.
  matchedOrders: wireList(rawMatchSchema),
  mathcedOrders: wireList(rawMatchSchema),
});

export type RawOrder = z.output<typeof rawOrderSchema>;

function normalizeMatch(raw: z.output<typeof rawMatchSchema>): Match {
  return {
    matchId: raw.matchid,
    executedPrice: raw.executedPrice,
    executedQuantity: raw.executedQuantity,
    executedTotal: raw['executedTotal Commitment'],
    createdAt: raw.createdDate,
    updatedAt: raw.updateDate,
    createdIp: raw.createdIPAddress,
  };
}

export function normalizeOrder(raw: RawOrder): Order {
  const matches = raw.matchedOrders.length > 0 ? raw.matchedOrders : raw.mathcedOrders;
  return {
    id: raw.order_Id,
    securityId: raw.security_id,
    securityName: raw.security_name,
    side: raw.order_type,
    shares: raw.number_shares,
    sharesRemaining: raw.shares_remaining,
    pricePerShare: raw.price_per_share,
    totalAmount: raw.total_amount,
    status: raw.status,
    memberId: raw.memberID,
    accountId: raw.accountID,
    createdAt: raw.createdDate,
    updatedAt: raw.updateDate,
    createdIp: raw.createdIPAddress,
    pnd: raw.PND,
    contingencies: raw['Contingencies '],
    minimumThreshold: raw['MinimumThreshold '],
    solicited: raw['Solicited '],
    matches: matches.map(normalizeMatch),
  };
}

/** §2.1: `orderDetails` is an array, or a string holding the array; the key must be there. */
export const rawOrderListSchema = wireRecords.pipe(z.array(rawOrderSchema));
