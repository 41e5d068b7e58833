/** §4.1 getOrdersForADay and §4.2 getOrder, over the generated order book (domain/orders.ts). */
import { type Operation, ok } from '../context.js';
import { UpstreamError, ValidationError, fieldMessage } from '../http/errors.js';
import { isInteger } from '../http/params.js';
import { parseCalendarDate } from '../lib/time.js';
import type { Order } from '../domain/orders.js';

/** §4.1 / §8: at most 500 records per response. */
const MAX_ORDERS_PER_PAGE = 500;

/**
 * §2.1: "In some responses [orderDetails] is delivered as a string that contains the JSON array."
 * Deterministic rule: pages whose limitStart falls in an odd block of 500 (500-999, 1500-1999, ...)
 * and orders whose id is a multiple of 5.
 */
const pageDeliversString = (limitStart: number) => Math.floor(limitStart / 500) % 2 === 1;
const orderDeliversString = (orderId: number) => orderId % 5 === 0;

export const getOrdersForADay: Operation = {
  name: 'getOrdersForADay',
  handle({ params }, { orders }) {
    const { date, limitStart, limitEnd } = params.requiredAll('date', 'limitStart', 'limitEnd');
    const day = date ? parseCalendarDate(date) : null;
    params.check('date', date, () => day !== null, 'Invalid date, use MM-DD-YYYY');
    params.check('limitStart', limitStart, isInteger, 'Numeric values only');
    params.check('limitEnd', limitEnd, isInteger, 'Numeric values only');
    params.assertValid();
    const start = Number(limitStart);
    const end = Number(limitEnd);
    if (end < start)
      throw new ValidationError([fieldMessage('limitEnd', 'Must not be less than limitStart')]);

    // limitEnd is exclusive; a range wider than 500 is cut to 500 records (§8).
    const page = orders.pageJson(day!, start, Math.min(end, start + MAX_ORDERS_PER_PAGE));
    return {
      ...ok({ pagination: { limitStart: start, limitEnd: end } }),
      rawJson: { orderDetails: pageDeliversString(start) ? JSON.stringify(page) : page },
    };
  },
};

export const getOrder: Operation = {
  name: 'getOrder',
  handle({ params }, { orders }) {
    const orderid = params.required('orderid');
    params.check('orderid', orderid, isInteger, 'Numeric values only');
    params.assertValid();
    const found = orders.find(Number(orderid));
    if (!found)
      throw new UpstreamError('106', 'Data/parameter missing', 200, {
        'Error(s)': fieldMessage('orderid', 'Order does not exist'),
      });
    const token = params.get('token');
    const order = renameMatches(found, token);
    return ok({
      orderDetails: orderDeliversString(Number(orderid)) ? JSON.stringify([order]) : [order],
    });
  },
};

/** getOrder spells the key `mathcedOrders` (§2.1) and echoes the token first when one was sent. */
function renameMatches(order: Order, token: string | undefined): Order {
  const out: Order = token === undefined ? {} : { token };
  for (const [key, value] of Object.entries(order)) {
    out[key === 'matchedOrders' ? 'mathcedOrders' : key] = value;
  }
  return out;
}
