import type { UnreadableOrder, UnreadableOrderPart } from '../../contract/order-book';
import type { OrderDayPage } from '../../contract/orders';
import { legacyRead, type UpstreamClient, type UpstreamRequest } from './client';
import { normalizeOrder, rawOrderSchema } from './order-wire';
import { sendAndReadRecords, type SkippedRecord } from './wire';

export interface OrdersForADayParams {
  /** Calendar date, YYYY-MM-DD. */
  date: string;
  /** First record index of the page. */
  start: number;
  /** Last record index of the page. */
  end: number;
}

/** §4.1: the date goes as MM-DD-YYYY; the range as limitStart/limitEnd. */
function buildOrdersForADayRequest(params: OrdersForADayParams): UpstreamRequest {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(params.date);
  if (!match) throw new TypeError(`date must be YYYY-MM-DD, got ${params.date}`);
  if (!Number.isInteger(params.start) || !Number.isInteger(params.end) || params.start < 0) {
    throw new TypeError('start and end must be non-negative integers');
  }
  // Labelled GET in §4.1 but a legacy operation: invoked with POST like the others (§4).
  return legacyRead('getOrdersForADay', {
    date: `${match[2]}-${match[3]}-${match[1]}`,
    limitStart: params.start,
    limitEnd: params.end,
  });
}

/** Which part of an order (contract UnreadableOrderPart) each key of §2.1's record is. */
const partOfKey: Record<string, UnreadableOrderPart> = {
  order_Id: 'id',
  security_id: 'security',
  security_name: 'security',
  order_type: 'side',
  number_shares: 'shares',
  shares_remaining: 'shares',
  price_per_share: 'price',
  total_amount: 'total',
  status: 'status',
  createdDate: 'times',
  updateDate: 'times',
  token: 'placed',
  memberID: 'placed',
  accountID: 'placed',
  createdIPAddress: 'placed',
  PND: 'terms',
  'Contingencies ': 'terms',
  'MinimumThreshold ': 'terms',
  'Solicited ': 'terms',
  matchedOrders: 'matches',
  mathcedOrders: 'matches',
};

/**
 * An order left out of a page, as the book names it: its place in the day (the page's start plus
 * its place on the page, from 1), its id and security name where they could be read, and the
 * parts of it that could not. A record that failed as a whole, or past its keys, is a `record`.
 */
function unreadableOrderOf(start: number, skipped: SkippedRecord): UnreadableOrder {
  const parts = [...new Set(skipped.fields.map((key) => partOfKey[key] ?? 'record'))];
  return {
    position: start + skipped.position + 1,
    ...(skipped.id === undefined ? {} : { orderId: skipped.id }),
    ...(skipped.name === undefined ? {} : { securityName: skipped.name }),
    parts: parts.length > 0 ? parts : ['record'],
  };
}

export async function getOrdersForADay(
  client: UpstreamClient,
  params: OrdersForADayParams,
): Promise<
  OrderDayPage & { skipped: SkippedRecord[]; unreadable: UnreadableOrder[]; received: number }
> {
  // §2.1: an array, or a string holding it. A missing key is an error, not an empty day.
  const { records, skipped } = await sendAndReadRecords(
    client,
    buildOrdersForADayRequest(params),
    'orderDetails',
    rawOrderSchema,
    normalizeOrder,
    // An order left out is named by what of it can still be read.
    { id: 'order_Id', name: 'security_name' },
  );
  return {
    date: params.date,
    start: params.start,
    end: params.end,
    orders: records,
    skipped,
    unreadable: skipped.map((record) => unreadableOrderOf(params.start, record)),
    // What the upstream sent, skipped records included: a page is short only by this count.
    received: records.length + skipped.length,
  };
}
