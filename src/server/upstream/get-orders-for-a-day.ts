import { z } from 'zod';
import type { OrderDayPage } from '../../contract/orders';
import type { UpstreamClient, UpstreamRequest } from './client';
import { normalizeOrder, rawOrderListSchema } from './order-wire';
import { decodeAnswer } from './wire';

export interface OrdersForADayParams {
  /** Calendar date, YYYY-MM-DD. */
  date: string;
  /** First record index of the page. */
  start: number;
  /** Last record index of the page. */
  end: number;
}

/** §4.1: the date goes as MM-DD-YYYY; the range as limitStart/limitEnd. */
export function buildOrdersForADayRequest(params: OrdersForADayParams): UpstreamRequest {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(params.date);
  if (!match) throw new TypeError(`date must be YYYY-MM-DD, got ${params.date}`);
  if (!Number.isInteger(params.start) || !Number.isInteger(params.end) || params.start < 0) {
    throw new TypeError('start and end must be non-negative integers');
  }
  return {
    operation: 'getOrdersForADay',
    // Labelled GET in §4.1 but a legacy operation: invoked with POST like the others (§4).
    method: 'POST',
    effect: 'read',
    body: {
      date: `${match[2]}-${match[3]}-${match[1]}`,
      limitStart: params.start,
      limitEnd: params.end,
    },
  };
}

export const rawOrdersForADaySchema = z.object({
  orderDetails: rawOrderListSchema,
});

export async function getOrdersForADay(
  client: UpstreamClient,
  params: OrdersForADayParams,
): Promise<OrderDayPage> {
  const request = buildOrdersForADayRequest(params);
  const payload = await client.send(request);
  return decodeAnswer(client, request, payload, rawOrdersForADaySchema, (raw) => ({
    date: params.date,
    start: params.start,
    end: params.end,
    orders: raw.orderDetails.map(normalizeOrder),
  }));
}
