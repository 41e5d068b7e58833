import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Order } from '../../contract/orders';
import { legacyRead, type UpstreamClient } from './client';
import { UpstreamError } from './errors';
import { normalizeOrder, rawOrderListSchema } from './order-wire';
import { sendAndDecode } from './wire';

export interface GetOrderParams {
  orderId: string;
  /** Sent so the answer can be matched to this request (§4.2); generated when absent. */
  token?: string;
}

const rawGetOrderSchema = z.object({ orderDetails: rawOrderListSchema });

export async function getOrder(client: UpstreamClient, params: GetOrderParams): Promise<Order> {
  const token = params.token ?? randomUUID();
  // §4.2 spells the parameter `orderid`, all lower case.
  const request = legacyRead('getOrder', { orderid: params.orderId, token });
  const orders = await sendAndDecode(client, request, rawGetOrderSchema, (raw) => {
    // §2.1: the token is echoed in the order so the answer can be matched to its request. An
    // order carrying another token belongs to another request and is refused. §2.1 also says the
    // token is "present only when a token was sent", and some answers leave it out although one
    // was: such an order is accepted when it is the order asked for (checked below by id).
    for (const order of raw.orderDetails) {
      if (order.token !== null && order.token !== token) {
        throw new Error('the answer echoes another request token');
      }
    }
    return raw.orderDetails
      .filter((order) => order.token === token || order.order_Id === params.orderId)
      .map(normalizeOrder);
  });
  const order = orders.find((candidate) => candidate.id === params.orderId) ?? orders[0];
  if (!order) {
    throw new UpstreamError({
      kind: 'not_found',
      submitted: 'no',
      operation: request.operation,
      statusCode: '101',
      message: `getOrder: no order ${params.orderId} in the answer`,
      userMessage: 'Not found: the order does not exist.',
    });
  }
  return order;
}
