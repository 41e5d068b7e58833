import { afterEach, describe, expect, it } from 'vitest';
import {
  ORDER_PAGE_SIZE,
  orderDetailSchema,
  type OrderBook,
  type OrderBookLine,
} from '../../contract/order-book';
import { addDays, EASTERN, todayInZone } from '../../contract/time';
import {
  call,
  callSandbox,
  clearFaults,
  sandboxCallsOf,
  signIn,
  useHarness,
  useHarnessPerTest,
  type Harness,
} from './harness';
import { readOrderBookReply } from './order-book-reply';

/** A Tuesday: the sandbox generates 10,000+ orders for every weekday (docs/sandbox.md). */
const DAY = '2026-03-10';
const SATURDAY = '2026-03-14';

const h = useHarness();
afterEach(async () => {
  await clearFaults(h.sandboxUrl);
  h.built.deps.orderBook.invalidate();
});

async function bookAs(
  email: string,
  date = DAY,
  of: Harness = h,
): Promise<{ book: OrderBook; all: OrderBookLine[]; streamedRows: number }> {
  const cookie = await signIn(of.app, email);
  const res = await call(of.app, 'GET', `/api/order-book/${date}`, { cookie });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  const reply = readOrderBookReply(res.body);
  return { book: reply.book, all: reply.lines, streamedRows: reply.streamedRows };
}

const upstreamCalls = (operation: string, of: Harness = h) =>
  sandboxCallsOf(of.sandboxUrl, operation);

describe('GET /api/order-book/:date: paging (§4.1, §8)', () => {
  it('walks 500-order pages until the first short page and streams progress', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const retriesBefore = h.built.deps.upstream.stats().retries;
    const retries = () => h.built.deps.upstream.stats().retries - retriesBefore;
    const { book, all } = await bookAs('compliance@demo.test');
    expect(book.orderCount).toBeGreaterThanOrEqual(10_000);
    expect(book.orders).toHaveLength(book.orderCount);
    expect(new Set(book.orders.map((o) => o.id)).size).toBe(book.orderCount);

    // Pages 0..floor(n/500) are needed; at most 3 more were already in flight (4 at once).
    const needed = Math.floor(book.orderCount / ORDER_PAGE_SIZE) + 1;
    // Reads may be retried after a slow answer; retries are not pages.
    const calls = (await upstreamCalls('getOrdersForADay')) - retries();
    expect(calls).toBeGreaterThanOrEqual(needed);
    expect(calls).toBeLessThanOrEqual(needed + 3);

    const progress = all.filter((line) => line.type === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    // The total is unknown until the end, then exact.
    expect(progress[0]).toMatchObject({ total: null });
    expect(progress.at(-1)).toEqual({
      type: 'progress',
      loaded: book.orderCount,
      total: book.orderCount,
    });
    const loaded = progress.map((line) => (line.type === 'progress' ? line.loaded : 0));
    expect([...loaded].sort((a, b) => a - b)).toEqual(loaded);
  });

  it('sends the first page of rows while the rest of the day is read, and the rest with the book', async () => {
    const { book, all, streamedRows } = await bookAs('compliance@demo.test');
    const kinds = all.map((line) => line.type);
    const firstRows = kinds.indexOf('orders');
    // The first rows come before the walk ends (the last progress line has the total). How many
    // pages they span depends on which pages arrived before the first one: they go out as soon
    // as it has (the walk's own tests fix the order of arrival).
    expect(firstRows).toBeGreaterThan(-1);
    expect(firstRows).toBeLessThan(kinds.lastIndexOf('progress'));
    const first = all[firstRows];
    if (first.type !== 'orders') throw new Error('not an orders line');
    expect(first.orders.rows.length).toBeGreaterThan(0);
    // Later rows travel in fewer, larger lines; none is sent twice.
    expect(kinds.filter((kind) => kind === 'orders').length).toBeLessThan(
      book.orderCount / ORDER_PAGE_SIZE / 2,
    );
    const last = all.at(-1);
    if (last?.type !== 'book') throw new Error('no book line');
    expect(streamedRows + last.book.orders.rows.length).toBe(book.orderCount);
    expect(new Set(book.orders.map((o) => o.id)).size).toBe(book.orderCount);
    // Every streamed security is named once, by the line that brings it in.
    const named = all.flatMap((line) =>
      line.type === 'orders' ? line.securities.map((s) => s.securityId) : [],
    );
    expect(new Set(named).size).toBe(named.length);
  });

  it('shares one walk between concurrent viewers and serves the cache afterwards', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const [investor, issuer] = await Promise.all([
      signIn(h.app, 'investor@demo.test'),
      signIn(h.app, 'issuer@demo.test'),
    ]);
    const replies = await Promise.all([
      call(h.app, 'GET', `/api/order-book/${DAY}`, { cookie: investor }),
      call(h.app, 'GET', `/api/order-book/${DAY}`, { cookie: issuer }),
      call(h.app, 'GET', `/api/order-book/${DAY}`, { cookie: investor }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // Whoever joined the walk late heard its rows from the first one: the books agree.
    const books = replies.map((r) => readOrderBookReply(r.body).book);
    expect(books[1].orders.map((o) => o.id)).toEqual(books[0].orders.map((o) => o.id));
    expect(books[2]).toEqual(books[0]);
    const first = await upstreamCalls('getOrdersForADay');
    const again = await call(h.app, 'GET', `/api/order-book/${DAY}`, { cookie: investor });
    expect(readOrderBookReply(again.body).lines).toHaveLength(1);
    expect(await upstreamCalls('getOrdersForADay')).toBe(first);
    expect(first).toBeLessThanOrEqual(Math.ceil(12_000 / ORDER_PAGE_SIZE) + 4);
  });

  it('answers an empty book on a weekend after one call, naming the weekday', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const { book } = await bookAs('investor@demo.test', SATURDAY);
    expect(book).toMatchObject({
      orderCount: 0,
      orders: [],
      executions: [],
      securities: [],
      closed: { reason: 'weekend', name: 'Saturday' },
    });
    expect(await upstreamCalls('getOrdersForADay')).toBeLessThanOrEqual(4);
  });

  it('names no closed day in the book of a trading day', async () => {
    const { book } = await bookAs('investor@demo.test');
    expect(book.orderCount).toBeGreaterThan(0);
    expect(book.closed).toBeNull();
  });

  it('answers a market holiday as an empty day naming the holiday, without an upstream call', async () => {
    // The sandbox generates a weekday's book for a holiday too (the interface document lists no
    // holidays); the BFF's calendar knows the exchange does not trade.
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    for (const [date, name] of [
      ['2025-12-25', 'Christmas Day'],
      ['2026-11-26', 'Thanksgiving Day'],
    ]) {
      const { book, all } = await bookAs('compliance@demo.test', date);
      expect(all).toHaveLength(1);
      expect(book).toMatchObject({
        date,
        orderCount: 0,
        orders: [],
        executions: [],
        securities: [],
        closed: { reason: 'holiday', name },
      });
    }
    expect(await upstreamCalls('getOrdersForADay')).toBe(0);
  });

  it('an investor asking for the book of a future day is told why, without an upstream call', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    // Tomorrow in New York is refused as a day far out is: naming the field and the last day,
    // as the page's field does.
    const today = todayInZone(EASTERN);
    for (const future of [addDays(today, 1), '2099-03-10']) {
      const refused = await call(h.app, 'GET', `/api/order-book/${future}`, { cookie });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual([
        {
          field: 'params.date',
          message: `date must be on or before ${today} (today in US Eastern time)`,
        },
      ]);
    }
    expect(await upstreamCalls('getOrdersForADay')).toBe(0);
  });

  it('rejects a date that is not a calendar date and needs a session', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    const bad = await call(h.app, 'GET', '/api/order-book/2026-02-30', { cookie });
    expect(bad.statusCode).toBe(400);
    const shape = await call(h.app, 'GET', '/api/order-book/03-10-2026', { cookie });
    expect(shape.statusCode).toBe(400);
    expect((await call(h.app, 'GET', `/api/order-book/${DAY}`)).statusCode).toBe(401);
  });
});

describe('GET /api/order-book/:date: role views', () => {
  const hidden = ['memberId', 'accountId', 'createdIp'];

  it('gives investors no member, account or IP field anywhere', async () => {
    const res = await call(h.app, 'GET', `/api/order-book/${DAY}`, {
      cookie: await signIn(h.app, 'investor@demo.test'),
    });
    for (const field of hidden) expect(res.body).not.toContain(`"${field}"`);
    const { book } = readOrderBookReply(res.body);
    expect(book.view).toBe('public');
    expect(book.fullSecurityIds).toEqual([]);
    expect(book.executions.length).toBeGreaterThan(0);
  });

  it('gives issuer staff member and account on their own securities only, and no IP address anywhere', async () => {
    const own = new Set(h.manifest.issuers[0].securityIds!.map(String));
    const cookie = await signIn(h.app, 'issuer@demo.test');
    // A day no other test reads, twice: the first reply streams the rows as the day is read
    // (`orders` lines), the second is the cached day (one `book` line).
    const day = '2026-03-11';
    const replies = [
      await call(h.app, 'GET', `/api/order-book/${day}`, { cookie }),
      await call(h.app, 'GET', `/api/order-book/${day}`, { cookie }),
    ];
    expect(replies.map((res) => res.body.includes('"type":"orders"'))).toEqual([true, false]);
    for (const res of replies) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('"createdIp"');
      expect(res.body).toContain('"memberId"');
    }
    const { book } = await bookAs('issuer@demo.test', day);
    expect(book.view).toBe('mixed');
    expect(book.fields).toBe('parties');
    expect(new Set(book.fullSecurityIds)).toEqual(
      new Set(book.securities.map((s) => s.securityId).filter((id) => own.has(id))),
    );
    let ownRows = 0;
    for (const row of book.orders) {
      if (own.has(row.securityId)) {
        ownRows += 1;
        expect(row).toHaveProperty('memberId');
        expect(row).toHaveProperty('accountId');
        expect(row).not.toHaveProperty('createdIp');
      } else {
        for (const field of hidden) expect(row).not.toHaveProperty(field);
      }
    }
    expect(ownRows).toBeGreaterThan(0);
    expect(ownRows).toBeLessThan(book.orders.length);
    expect(book.executions.length).toBeGreaterThan(0);
    for (const execution of book.executions) expect(execution).not.toHaveProperty('createdIp');
  });

  it('gives compliance every field', async () => {
    const { book } = await bookAs('compliance@demo.test');
    expect(book.view).toBe('full');
    expect(book.fields).toBe('all');
    expect(book.orders.every((row) => typeof row.memberId === 'string')).toBe(true);
    expect(book.orders.every((row) => 'createdIp' in row)).toBe(true);
    expect(book.executions.every((execution) => 'createdIp' in execution)).toBe(true);
    expect(book.orders.some((row) => row.accountId !== null)).toBe(true);
  });

  it('aggregates depth per security from the live orders', async () => {
    const { book } = await bookAs('investor@demo.test');
    expect(book.securities.length).toBeGreaterThan(1);
    for (const security of book.securities) {
      const prices = security.bids.map((level) => Number(level.price));
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      expect(security.bestBid).toBe(security.bids[0]?.price ?? null);
      expect(security.bestOffer).toBe(security.offers[0]?.price ?? null);
    }
  });
});

describe('GET /api/orders/:orderId (§4.2)', () => {
  async function someOrder(ownSecurity: boolean) {
    const own = new Set(h.manifest.issuers[0].securityIds!.map(String));
    const { book } = await bookAs('compliance@demo.test');
    const row = book.orders.find((o) => own.has(o.securityId) === ownSecurity && o.matchCount > 0);
    if (!row) throw new Error('no order found');
    return row;
  }

  it('answers every field with the matches to compliance, echoing the token', async () => {
    const row = await someOrder(true);
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const cookie = await signIn(h.app, 'compliance@demo.test');
    const res = await call(h.app, 'GET', `/api/orders/${row.id}`, { cookie });
    expect(res.statusCode).toBe(200);
    const { order, fields } = orderDetailSchema.parse(res.json());
    expect(fields).toBe('all');
    expect(order).toHaveProperty('createdIp');
    expect(order.id).toBe(row.id);
    expect(order.matches).toHaveLength(row.matchCount);
    expect(order.memberId).toBe(row.memberId);
    expect(order.sharesRemaining).toBe(row.sharesRemaining);
    expect(await upstreamCalls('getOrder')).toBe(1);
  });

  it('hides member, account and IP fields from investors and from issuer staff elsewhere, and the IP from issuer staff on their own', async () => {
    const foreign = await someOrder(false);
    const own = await someOrder(true);
    const investor = await signIn(h.app, 'investor@demo.test');
    const issuer = await signIn(h.app, 'issuer@demo.test');
    for (const [cookie, id, fields, shown] of [
      [investor, own.id, 'public', []],
      [issuer, foreign.id, 'public', []],
      [issuer, own.id, 'parties', ['memberId', 'accountId']],
    ] as const) {
      const res = await call(h.app, 'GET', `/api/orders/${id}`, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().fields).toBe(fields);
      for (const field of ['memberId', 'accountId', 'createdIp']) {
        expect(res.body.includes(`"${field}"`)).toBe((shown as readonly string[]).includes(field));
      }
    }
  });

  it('an investor opening an order number that does not exist is told "No order N" (404)', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    // The sandbox refuses an unknown id with statusCode 106 (a validation answer, not a 404).
    const missing = await call(h.app, 'GET', '/api/orders/42', { cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('No order 42.');
    expect((await call(h.app, 'GET', '/api/orders/abc', { cookie })).statusCode).toBe(400);
  });
});

describe('GET /api/order-book/:date: failures', () => {
  // A harness of each test's own: the failures open the upstream circuit breaker for the rest
  // of the harness, which would then refuse the reads of the tests after them.
  const h = useHarnessPerTest();
  it('keeps the orders read when one later page fails, says where the gap starts, and reads on from there next time', async () => {
    // One page of the day (§4.1, 500 a call) fails every time it is asked for.
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getOrdersForADay',
      httpStatus: 500,
      when: { limitStart: '5000' },
    });
    const { book } = await bookAs('compliance@demo.test', DAY, h);
    expect(book.orderCount).toBe(5_000);
    expect(book.orders).toHaveLength(5_000);
    expect(book.incomplete).toMatchObject({
      missingFrom: 5_000,
      error: { code: expect.stringMatching(/^upstream_/), submitted: 'no' },
    });
    // A support id, as every error reply has.
    expect(book.incomplete?.error.requestId).toMatch(/\w/);
    // Depth covers the orders read.
    const counted = book.securities.reduce((sum, s) => sum + s.orderCount, 0);
    expect(counted).toBe(5_000);

    // The page answers again: the next read starts at the page that failed.
    await clearFaults(h.sandboxUrl);
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const rest = await bookAs('compliance@demo.test', DAY, h);
    expect(rest.book.incomplete).toBeUndefined();
    expect(rest.book.orderCount).toBeGreaterThanOrEqual(10_000);
    expect(rest.book.orders.slice(0, 5_000).map((o) => o.id)).toEqual(book.orders.map((o) => o.id));
    const pagesLeft = Math.floor((rest.book.orderCount - 5_000) / ORDER_PAGE_SIZE) + 1;
    expect(await upstreamCalls('getOrdersForADay', h)).toBeLessThanOrEqual(pagesLeft + 3);
  });

  it('turns an upstream failure on the first page into a plain error reply', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getOrdersForADay',
      httpStatus: 503,
      times: 20,
    });
    const cookie = await signIn(h.app, 'investor@demo.test');
    const res = await call(h.app, 'GET', `/api/order-book/${DAY}`, { cookie });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.json().error.message).toMatch(/\w/);
  });
});
