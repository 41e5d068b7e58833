/** §4.1 getOrdersForADay, §4.2 getOrder, §2.1 order quirks, §8 records-per-response limit. */
import { describe, expect, it } from 'vitest';
import { orderList, useSandbox } from './helpers.js';

const env = useSandbox();
/** A Thursday; weekdays carry 10,000+ orders, weekends none. */
const DAY = '11-19-2026';

async function page(limitStart: number, limitEnd: number, date = DAY) {
  const r = await env.client.op('getOrdersForADay', { date, limitStart, limitEnd });
  expect(r.body.statusCode).toBe('101');
  return { body: r.body, orders: orderList(r.body.orderDetails) };
}

describe('§4.1 getOrdersForADay', () => {
  it('§4.1: answers pagination and orderDetails for the requested range', async () => {
    const { body, orders } = await page(0, 500);
    expect(body.pagination).toEqual({ limitStart: 0, limitEnd: 500 });
    expect(orders).toHaveLength(500);
    expect(Array.isArray(body.orderDetails)).toBe(true);
  });

  it('§4.1 / §8: at most 500 records per response even for a wider range', async () => {
    const { orders } = await page(0, 2000);
    expect(orders).toHaveLength(500);
  });

  it('§4.1: the day holds at least 10,000 orders; pages continue where the last ended', async () => {
    const first = await page(9500, 10000);
    expect(first.orders).toHaveLength(500);
    const a = await page(100, 110);
    const b = await page(110, 120);
    expect(b.orders[0].order_Id).toBe(a.orders[9].order_Id + 1);
  });

  it('§4.1: the same day gives the same orders every time (deterministic)', async () => {
    const a = await page(0, 50);
    const b = await page(0, 50);
    expect(b.orders).toEqual(a.orders);
  });

  it('§4.1: weekends have no orders', async () => {
    const { orders } = await page(0, 500, '11-21-2026');
    expect(orders).toEqual([]);
  });

  it('§4.1: date, limitStart and limitEnd are required (106 with Error(s))', async () => {
    const r = await env.client.op('getOrdersForADay', {});
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe('106');
    // real-world notes §5, §6: the "&" of the entities arrives as `u0026`, its escape's
    // backslash lost, as the live samples read it once parsed.
    expect(r.body['Error(s)']).toContain('dateu0026nbsp;u0026nbsp; : Missing');
    expect(r.body['Error(s)']).toContain('limitStart');
    expect(r.body['Error(s)']).toContain('limitEnd');
    expect(r.text).not.toContain('&');
  });

  it('§4.1: date must be MM-DD-YYYY and limits integers', async () => {
    for (const params of [
      { date: '2026-11-19', limitStart: 0, limitEnd: 10 },
      { date: '02-30-2026', limitStart: 0, limitEnd: 10 },
      { date: DAY, limitStart: 'a', limitEnd: 10 },
      { date: DAY, limitStart: 20, limitEnd: 10 },
    ]) {
      const r = await env.client.op('getOrdersForADay', params);
      expect(r.body.statusCode, JSON.stringify(params)).toBe('106');
    }
  });

  it('§4.1: labelled GET, so it also answers GET with query parameters and the header', async () => {
    const r = await env.client.op(
      'getOrdersForADay',
      { date: DAY, limitStart: 0, limitEnd: 3 },
      { method: 'GET' },
    );
    expect(r.body.statusCode).toBe('101');
    expect(orderList(r.body.orderDetails)).toHaveLength(3);
  });
});

describe('§2.1 order quirks', () => {
  it('§2.1: orderDetails is a string holding the JSON array for pages starting at 500-999, 1500-1999...', async () => {
    const r = await env.client.op('getOrdersForADay', {
      date: DAY,
      limitStart: 500,
      limitEnd: 1000,
    });
    expect(typeof r.body.orderDetails).toBe('string');
    expect(JSON.parse(r.body.orderDetails)).toHaveLength(500);
  });

  it('§2.1: getOrdersForADay spells matchedOrders; [{}] means no matches', async () => {
    const { orders } = await page(0, 500);
    for (const order of orders) {
      expect(order).toHaveProperty('matchedOrders');
      expect(order).not.toHaveProperty('mathcedOrders');
    }
    const unmatched = orders.filter((o) => Object.keys(o.matchedOrders[0]).length === 0);
    expect(unmatched.length).toBeGreaterThan(0);
    for (const order of unmatched) {
      expect(order.matchedOrders).toEqual([{}]);
      expect(order.status).toBe('Live');
      expect(order.shares_remaining).toBe(order.number_shares);
      // §2.1: zero-filled placeholder while never updated.
      expect(order.updateDate).toBe('0000-00-00 00:00:00');
    }
  });

  it('§2.1: field names with trailing and inner spaces, value types and statuses', async () => {
    const { orders } = await page(0, 500);
    const order = orders[0];
    expect(Object.keys(order)).toEqual(
      expect.arrayContaining([
        'memberID',
        'accountID',
        'security_id',
        'security_name',
        'order_Id',
        'order_type',
        'number_shares',
        'shares_remaining',
        'price_per_share',
        'total_amount',
        'PND',
        'Contingencies ',
        'MinimumThreshold ',
        'Solicited ',
        'status',
        'createdDate',
        'updateDate',
        'createdIPAddress',
      ]),
    );
    expect(order).not.toHaveProperty('token');
    expect(order['Contingencies ']).toBe('None');
    expect(order['Solicited ']).toBe('Yes');
    expect(typeof order['MinimumThreshold ']).toBe('number');
    expect(order.PND).toBe('N');
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['Live', 'Executed']));
    expect(new Set(orders.map((o) => o.order_type))).toEqual(new Set(['Bid', 'Offer']));
    expect(order.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    expect(Number.isInteger(order.security_id)).toBe(true);
    // §2.1: accountID is null in the observed records (a few carry a string).
    expect(orders.filter((o) => o.accountID === null).length).toBeGreaterThan(450);
    expect(orders.some((o) => typeof o.accountID === 'string')).toBe(true);
  });

  it('§2.1: matched orders carry "executedTotal Commitment" and number-or-string values', async () => {
    const { orders } = await page(0, 500);
    const matches = orders.flatMap((o) => o.matchedOrders).filter((m) => 'matchid' in m);
    expect(matches.length).toBeGreaterThan(100);
    for (const m of matches) {
      expect(Object.keys(m).sort()).toEqual(
        [
          'createdDate',
          'createdIPAddress',
          'executedPrice',
          'executedQuantity',
          'executedTotal Commitment',
          'matchid',
          'updateDate',
        ].sort(),
      );
    }
    for (const field of [
      'matchid',
      'executedPrice',
      'executedQuantity',
      'executedTotal Commitment',
    ]) {
      const types = new Set(matches.map((m) => typeof m[field]));
      expect(types, field).toEqual(new Set(['string', 'number']));
    }
    expect(matches.some((m) => m.updateDate === null)).toBe(true);
    const executed = orders.filter((o) => o.status === 'Executed');
    expect(
      executed.every((o) => o.shares_remaining === 0 && o.updateDate !== '0000-00-00 00:00:00'),
    ).toBe(true);
  });
});

describe('orders as a market makes them', () => {
  /** Every order of the day, page by page. */
  async function wholeDay() {
    type Match = Record<string, unknown>;
    const all: {
      order_type: string;
      price_per_share: number;
      createdDate: string;
      matchedOrders: Match[];
    }[] = [];
    for (let start = 0; ; start += 500) {
      const { orders } = await page(start, start + 500);
      all.push(...orders);
      if (orders.length < 500) return all;
    }
  }

  it('a limit order executes at its price or better: a bid at or below it, an offer at or above', async () => {
    const orders = await wholeDay();
    let matched = 0;
    for (const order of orders) {
      for (const match of order.matchedOrders.filter((m) => 'matchid' in m)) {
        matched++;
        const executed = Number(match.executedPrice);
        if (order.order_type === 'Bid') expect(executed).toBeLessThanOrEqual(order.price_per_share);
        else expect(executed).toBeGreaterThanOrEqual(order.price_per_share);
      }
    }
    expect(matched).toBeGreaterThan(1000);
  });

  it('orders are placed and matched within the session, 9:30 AM to 4:00 PM Eastern (§8)', async () => {
    const orders = await wholeDay();
    // 19 November 2026 is in Eastern Standard Time (UTC-5): 14:30 to 21:00 UTC.
    const open = Date.parse('2026-11-19T14:30:00Z');
    const close = Date.parse('2026-11-19T21:00:00Z');
    const times = orders.flatMap((o) => [
      Date.parse(o.createdDate),
      ...o.matchedOrders
        .filter((m) => 'matchid' in m)
        .map((m) => Date.parse(String(m.createdDate))),
    ]);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(open);
    expect(Math.max(...times)).toBeLessThan(close);
    // Busy to the end: the last order comes in the session's last minutes.
    expect(Math.max(...orders.map((o) => Date.parse(o.createdDate)))).toBeGreaterThan(
      close - 5 * 60_000,
    );
  });
});

describe('the book of the day the clock is in', () => {
  // Its own sandbox, its clock frozen at noon Eastern of a Thursday (17:00 UTC in November).
  const today = useSandbox({ now: new Date('2026-11-19T17:00:00Z') });
  const NOON = Date.parse('2026-11-19T17:00:00Z');
  const pageOf = async (date: string, limitStart: number, limitEnd: number) => {
    const r = await today.client.op('getOrdersForADay', { date, limitStart, limitEnd });
    return orderList(r.body.orderDetails) as {
      order_Id: number;
      createdDate: string;
      number_shares: number;
      shares_remaining: number;
      status: string;
      updateDate: string;
      matchedOrders: Record<string, unknown>[];
    }[];
  };
  const wholeDayOf = async (date: string) => {
    const all = [];
    for (let start = 0; ; start += 500) {
      const orders = await pageOf(date, start, start + 500);
      all.push(...orders);
      if (orders.length < 500) return all;
    }
  };

  it('holds the orders placed by now, each as matched by now; a later day none, an earlier day all', async () => {
    await today.client.control('POST', 'clock', {
      at: '2026-11-19T17:00:00Z',
      freeze: true,
    });
    const orders = await wholeDayOf('11-19-2026');
    // Two and a half hours of a six-and-a-half-hour session: about 38 % of the day's orders.
    expect(orders.length).toBeGreaterThan(3_500);
    expect(orders.length).toBeLessThan(4_700);
    expect(Math.max(...orders.map((o) => Date.parse(o.createdDate)))).toBeLessThanOrEqual(NOON);
    const matches = orders.flatMap((o) => o.matchedOrders.filter((m) => 'matchid' in m));
    expect(matches.every((m) => Date.parse(String(m.createdDate)) <= NOON)).toBe(true);
    // An order's remaining shares and status follow the matches made by now.
    for (const order of orders) {
      const made = order.matchedOrders
        .filter((m) => 'matchid' in m)
        .reduce((total, m) => total + Number(m.executedQuantity), 0);
      expect(order.shares_remaining).toBe(order.number_shares - made);
      if (order.status === 'Executed') expect(order.shares_remaining).toBe(0);
    }
    // The order placed next is not there yet, by the day's pages or by its id.
    const next = orders[orders.length - 1].order_Id + 1;
    const found = await today.client.op('getOrder', { orderid: next });
    expect(found.body.statusCode).toBe('106');

    expect(await pageOf('11-20-2026', 0, 500)).toEqual([]);
    expect((await wholeDayOf('11-18-2026')).length).toBeGreaterThanOrEqual(10_000);

    // After the close the whole day is there, every order as it ended the day.
    await today.client.control('POST', 'clock', {
      at: '2026-11-19T21:00:00Z',
      freeze: true,
    });
    const whole = await wholeDayOf('11-19-2026');
    expect(whole.length).toBeGreaterThanOrEqual(10_000);
    const before = new Map(orders.map((o) => [o.order_Id, o]));
    const matchCount = (o: { matchedOrders: Record<string, unknown>[] }) =>
      o.matchedOrders.filter((m) => 'matchid' in m).length;
    const grew = whole.filter(
      (o) => before.has(o.order_Id) && matchCount(before.get(o.order_Id)!) < matchCount(o),
    );
    expect(grew.length).toBeGreaterThan(0);
  });
});

describe('§4.2 getOrder', () => {
  it('§4.2: returns the order in an array, with the key spelled mathcedOrders', async () => {
    const { orders } = await page(0, 20);
    const target = orders.find((o) => o.order_Id % 5 !== 0 && 'matchid' in o.matchedOrders[0])!;
    const r = await env.client.op('getOrder', { orderid: String(target.order_Id) });
    expect(r.body.statusCode).toBe('101');
    expect(Array.isArray(r.body.orderDetails)).toBe(true);
    const [order] = r.body.orderDetails;
    expect(order).not.toHaveProperty('matchedOrders');
    expect(order.mathcedOrders).toEqual(target.matchedOrders);
    expect(order.order_Id).toBe(target.order_Id);
  });

  it('§4.2: an unexecuted order carries [{}]', async () => {
    const { orders } = await page(0, 50);
    const target = orders.find((o) => Object.keys(o.matchedOrders[0]).length === 0)!;
    const r = await env.client.op('getOrder', { orderid: target.order_Id });
    expect(orderList(r.body.orderDetails)[0].mathcedOrders).toEqual([{}]);
  });

  it('§4.2 / §2.1: token is echoed in the order only when sent', async () => {
    const { orders } = await page(0, 1);
    const id = orders[0].order_Id;
    const withToken = await env.client.op('getOrder', { orderid: id, token: 'abc-123' });
    expect(orderList(withToken.body.orderDetails)[0].token).toBe('abc-123');
    const without = await env.client.op('getOrder', { orderid: id });
    expect(orderList(without.body.orderDetails)[0]).not.toHaveProperty('token');
  });

  it('§2.1: orders whose id is a multiple of 5 come back with orderDetails as a string', async () => {
    const { orders } = await page(0, 10);
    const target = orders.find((o) => o.order_Id % 5 === 0)!;
    const r = await env.client.op('getOrder', { orderid: target.order_Id });
    expect(typeof r.body.orderDetails).toBe('string');
    expect(JSON.parse(r.body.orderDetails)[0].order_Id).toBe(target.order_Id);
  });

  it('§4.2: orderid is required; unknown ids answer 106', async () => {
    expect((await env.client.op('getOrder', {})).body.statusCode).toBe('106');
    expect((await env.client.op('getOrder', { orderid: 'abc' })).body.statusCode).toBe('106');
    expect((await env.client.op('getOrder', { orderid: '1' })).body.statusCode).toBe('106');
  });

  it('statusCode is always a string', async () => {
    const r = await env.client.op('getOrder', { orderid: 'x' });
    expect(r.text).toContain('"statusCode":"106"');
  });
});
