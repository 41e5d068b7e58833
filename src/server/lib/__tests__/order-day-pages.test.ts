import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders';
import {
  PartialDayError,
  pageRange,
  walkOrderDay,
  type OrderDayProgress,
  type PageRange,
} from '../order-day-pages';

const order = (id: number) => ({ id: String(id) }) as Order;

/** A fake upstream of `total` orders that records every range and how many calls overlap. */
function fakeDay(total: number, options: { inclusive?: boolean; failAt?: number } = {}) {
  const ranges: PageRange[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  return {
    ranges,
    maxInFlight: () => maxInFlight,
    async fetchPage(range: PageRange) {
      ranges.push(range);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // Pages finish out of order: each waits a different number of turns of the event loop
      // (no wall-clock time), so the walk must put them back in order itself.
      for (let turn = 0; turn <= range.start % 7; turn += 1) await setImmediate();
      inFlight -= 1;
      if (options.failAt !== undefined && range.start >= options.failAt) throw new Error('boom');
      // §8: at most 500 a response, even when an inclusive end asks for 501.
      const end = Math.min(options.inclusive ? range.end + 1 : range.end, range.start + 500, total);
      return Array.from({ length: Math.max(0, end - range.start) }, (_, i) =>
        order(range.start + i),
      );
    },
  };
}

describe('paging plan of getOrdersForADay (§4.1, §8)', () => {
  it('asks for 500-record windows', () => {
    expect(pageRange(0, 500)).toEqual({ start: 0, end: 500 });
    expect(pageRange(3, 500)).toEqual({ start: 1500, end: 2000 });
  });

  it.each([
    [0, 1],
    [1, 1],
    [499, 1],
    [500, 2],
    [10_000, 21],
    [11_999, 24],
  ])(
    'reads %i orders in order, stopping at the first short page (needs %i pages)',
    async (total, needed) => {
      const day = fakeDay(total);
      const progress: OrderDayProgress[] = [];
      const orders = await walkOrderDay({
        fetchPage: day.fetchPage,
        onProgress: (p) => progress.push(p),
      });
      expect(orders.map((o) => o.id)).toEqual(Array.from({ length: total }, (_, i) => String(i)));
      expect(day.ranges.length).toBeGreaterThanOrEqual(needed);
      expect(day.ranges.length).toBeLessThanOrEqual(needed + 3);
      expect(day.maxInFlight()).toBeLessThanOrEqual(4);
      expect(progress.at(-1)).toEqual({ loaded: total, total, pages: needed });
      expect(progress.slice(0, -1).every((p) => p.total === null)).toBe(true);
    },
  );

  it('keeps 4 pages in flight on a busy day', async () => {
    const day = fakeDay(12_000);
    await walkOrderDay({ fetchPage: day.fetchPage });
    expect(day.maxInFlight()).toBe(4);
  });

  it('honours another concurrency', async () => {
    const day = fakeDay(3_000);
    await walkOrderDay({ fetchPage: day.fetchPage, concurrency: 2 });
    expect(day.maxInFlight()).toBe(2);
  });

  it('keeps each order once when the end index is inclusive', async () => {
    const day = fakeDay(2_250, { inclusive: true });
    const orders = await walkOrderDay({ fetchPage: day.fetchPage });
    expect(orders).toHaveLength(2_250);
  });

  it.each([
    ['exclusive', false],
    ['inclusive', true],
  ])(
    'hands the orders over in book order as pages arrive out of order (%s end index)',
    async (_name, inclusive) => {
      const day = fakeDay(4_321, { inclusive });
      const handed: string[][] = [];
      const progressAtHandOver: number[] = [];
      let loaded = 0;
      const orders = await walkOrderDay({
        fetchPage: day.fetchPage,
        onProgress: (p) => (loaded = p.loaded),
        onOrders: (batch) => {
          handed.push(batch.map((o) => o.id));
          progressAtHandOver.push(loaded);
        },
      });
      // Joined, the batches are the walk's result, each order once, before the walk ends.
      expect(handed.flat()).toEqual(orders.map((o) => o.id));
      expect(handed.length).toBeGreaterThan(1);
      // The first page is handed over while later pages are still being read.
      expect(progressAtHandOver[0]).toBeLessThan(4_321);
    },
  );

  it('hands nothing over past a failed page', async () => {
    const day = fakeDay(10_000, { failAt: 2_000 });
    const handed: Order[] = [];
    await expect(
      walkOrderDay({ fetchPage: day.fetchPage, onOrders: (batch) => handed.push(...batch) }),
    ).rejects.toBeInstanceOf(PartialDayError);
    expect(handed.map((o) => o.id)).toEqual(
      Array.from({ length: handed.length }, (_, i) => String(i)),
    );
    expect(handed.length).toBeLessThanOrEqual(2_000);
  });

  it('fails when a page fails, and stops asking', async () => {
    const day = fakeDay(10_000, { failAt: 2_000 });
    await expect(walkOrderDay({ fetchPage: day.fetchPage })).rejects.toBeInstanceOf(
      PartialDayError,
    );
    expect(day.ranges.length).toBeLessThanOrEqual(8);
  });

  it('keeps the orders of every page before the one that failed, and says where the gap starts', async () => {
    const day = fakeDay(10_000, { failAt: 5_000 });
    const handed: Order[] = [];
    const error = await walkOrderDay({
      fetchPage: day.fetchPage,
      onOrders: (batch) => handed.push(...batch),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartialDayError);
    const partial = error as PartialDayError;
    expect(partial.orders.map((o) => o.id)).toEqual(
      Array.from({ length: 5_000 }, (_, i) => String(i)),
    );
    expect(partial.missingFrom).toBe(5_000);
    expect((partial.cause as Error).message).toBe('boom');
    // What was handed over is exactly what is kept.
    expect(handed).toEqual(partial.orders);
  });

  it('resumes at the page that failed, without asking again for the pages read', async () => {
    const failing = fakeDay(10_000, { failAt: 5_000 });
    const partial = (await walkOrderDay({ fetchPage: failing.fetchPage }).catch(
      (e: unknown) => e,
    )) as PartialDayError;
    const day = fakeDay(10_000);
    const handed: Order[] = [];
    const orders = await walkOrderDay({
      fetchPage: day.fetchPage,
      onOrders: (batch) => handed.push(...batch),
      resume: { orders: partial.orders, fromPage: partial.failedPage },
    });
    expect(orders.map((o) => o.id)).toEqual(Array.from({ length: 10_000 }, (_, i) => String(i)));
    expect(Math.min(...day.ranges.map((r) => r.start))).toBe(5_000);
    // Only the orders not handed over before are handed over now.
    expect(handed[0].id).toBe('5000');
  });

  it('is whole when the page that failed lies past the day’s last', async () => {
    const day = fakeDay(1_200, { failAt: 1_500 });
    const orders = await walkOrderDay({ fetchPage: day.fetchPage });
    expect(orders).toHaveLength(1_200);
  });

  it('gives up on an upstream that never answers short', async () => {
    await expect(
      walkOrderDay({
        fetchPage: async () => Array.from({ length: 500 }, (_, i) => order(Math.random() + i)),
        maxPages: 5,
      }),
    ).rejects.toThrow(/never answered a short page/);
  });
});
