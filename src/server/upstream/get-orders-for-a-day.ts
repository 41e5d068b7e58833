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

export async function getOrdersForADay(
  client: UpstreamClient,
  params: OrdersForADayParams,
): Promise<OrderDayPage & { skipped: SkippedRecord[]; received: number }> {
  // §2.1: an array, or a string holding it. A missing key is an error, not an empty day.
  const { records, skipped } = await sendAndReadRecords(
    client,
    buildOrdersForADayRequest(params),
    'orderDetails',
    rawOrderSchema,
    normalizeOrder,
  );
  return {
    date: params.date,
    start: params.start,
    end: params.end,
    orders: records,
    skipped,
    // What the upstream sent, skipped records included: a page is short only by this count.
    received: records.length + skipped.length,
  };
}
