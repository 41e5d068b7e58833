import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { toOrderRow } from '../../contract/order-book';
import type { Order } from '../../contract/orders';
import {
  dayWalks,
  OrderBookCache,
  SLICE_ROWS,
  WalkLimit,
  type DayBook,
} from '../lib/order-book-cache';
import { serializedBook } from '../lib/order-visibility';
import { call, signIn, useHarness } from './harness';
import { readOrderBookReply } from './order-book-reply';

/*
 * A day's order book is heavy (10,000+ orders on every weekday in the sandbox): it must travel
 * small and be built without holding other requests up. Sizes are asserted here; timings are
 * bench/'s business.
 */
const DAYS = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12'];

const h = useHarness();

const bookLine = (body: string) => readOrderBookReply(body).book;

describe('the order book on the wire', () => {
  it('a busy day travels as at most 1 MB with brotli or gzip, and decodes whole', async () => {
    const cookie = await signIn(h.app, 'compliance@demo.test');
    const br = await call(h.app, 'GET', `/api/order-book/${DAYS[0]}`, {
      cookie,
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThanOrEqual(1_000_000);
    const book = bookLine(brotliDecompressSync(br.rawPayload).toString());
    expect(book.orderCount).toBeGreaterThanOrEqual(10_000);
    expect(book.orders).toHaveLength(book.orderCount);
    expect(book.orders[0]).toHaveProperty('memberId');

    const gz = await call(h.app, 'GET', `/api/order-book/${DAYS[0]}`, {
      cookie,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThanOrEqual(1_000_000);
    expect(bookLine(gunzipSync(gz.rawPayload).toString()).orderCount).toBe(book.orderCount);
  });

  it('other JSON replies are compressed above a small size and left alone below it', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    const big = await call(h.app, 'GET', '/api/offerings', {
      cookie,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    // The compressed body is the same catalogue the route answers uncompressed.
    const plain = await call(h.app, 'GET', '/api/offerings', { cookie });
    expect(JSON.parse(gunzipSync(big.rawPayload).toString())).toEqual(plain.json());
    const small = await call(h.app, 'GET', '/healthz', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('heavy reads off the event loop', () => {
  it('serializing a view gives the event loop a turn between slices', async () => {
    const order = (i: number): Order =>
      ({
        id: String(i),
        securityId: 'S1',
        securityName: 'One',
        side: 'bid',
        shares: '10',
        sharesRemaining: '10',
        pricePerShare: '1.5',
        totalAmount: '15',
        status: 'live',
        createdAt: '2026-03-10T14:00:00Z',
        updatedAt: null,
        memberId: 'M',
        accountId: 'A',
        createdIp: null,
        matches: [],
      }) as unknown as Order;
    const rows = Array.from({ length: SLICE_ROWS * 5 }, (_, i) => toOrderRow(order(i)));
    const book: DayBook = {
      date: '2026-03-10',
      rows,
      executions: [],
      securities: [],
      serialized: new Map(),
      bytes: 0,
    };
    const events: string[] = [];
    const done = serializedBook(book, { kind: 'all' }).then(() => events.push('serialized'));
    setImmediate(() => events.push('other work'));
    await done;
    expect(events).toEqual(['other work', 'serialized']);
  });

  it('limits the day walks running at once and lets the others wait their turn', async () => {
    const limit = new WalkLimit(2);
    const gates: (() => void)[] = [];
    let most = 0;
    const runs = Array.from({ length: 5 }, () =>
      limit.run(async () => {
        most = Math.max(most, limit.running);
        await new Promise<void>((resolve) => gates.push(resolve));
      }),
    );
    await Promise.resolve();
    expect(gates).toHaveLength(2);
    expect(limit.queued).toBe(3);
    while (gates.length) {
      gates.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(runs);
    expect(most).toBe(2);
    expect(limit.running).toBe(0);
  });

  it('tells a viewer who joins a walk under way every order handed over before, then the rest', async () => {
    const cache = new OrderBookCache(h.built.deps.upstream);
    const first: string[] = [];
    const late: string[] = [];
    let joined: Promise<DayBook> | null = null;
    const book = await cache.load(DAYS[2], {
      orders(orders) {
        for (const order of orders) first.push(order.id);
        // The second viewer arrives once the first rows went out.
        joined ??= cache.load(DAYS[2], {
          orders: (more) => {
            for (const order of more) late.push(order.id);
          },
        });
      },
    });
    expect(await joined).toBe(book);
    const ids = book.rows.map((row) => row.id);
    expect(first).toEqual(ids);
    expect(late).toEqual(ids);
  });

  it('keeps the cache within its byte bound, dropping the oldest day', async () => {
    const cache = new OrderBookCache(h.built.deps.upstream, { maxBytes: 1 });
    const first = await cache.load('2026-03-14');
    expect(cache.peek(first.date)).toBe(first);
    await cache.load(DAYS[1]);
    expect(cache.peek('2026-03-14')).toBeNull();
    expect(cache.peek(DAYS[1])).not.toBeNull();
  });

  it('answers /healthz while several days are walked, and walks at most two at once', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    // Two viewers, two days each: the route allows two books at once per user.
    const cookies = [
      await signIn(h.app, 'investor@demo.test'),
      await signIn(h.app, 'investor2@demo.test'),
    ];
    const events: string[] = [];
    const statuses: number[] = [];
    let settled = 0;
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, dayWalks.running)), 1);
    const books = DAYS.map((day, i) =>
      fetch(`${address}/api/order-book/${day}`, {
        headers: { cookie: cookies[i % 2], 'x-csrf': '1' },
      })
        .then((res) => {
          statuses.push(res.status);
          return res.text();
        })
        .then(() => events.push(`book ${day}`))
        .finally(() => (settled += 1)),
    );
    // Wait until the walks are under way (two running, the others queued), then ask.
    while (dayWalks.running < 2 && settled < DAYS.length) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const health = await fetch(`${address}/healthz`);
    events.push('healthz');
    expect(health.status).toBe(200);
    await Promise.all(books);
    clearInterval(watch);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(events[0]).toBe('healthz');
    expect(events).toHaveLength(DAYS.length + 1);
    expect(most).toBeLessThanOrEqual(2);
  });
});
