import {
  aggregateDepth,
  executionsOf,
  toOrderRow,
  type Execution,
  type OrderRow,
  type SecurityDepth,
} from '../../contract/order-book';
import type { Order } from '../../contract/orders';
import type { UpstreamClient } from '../upstream/client';
import { getOrdersForADay } from '../upstream/get-orders-for-a-day';
import { walkOrderDay, type OrderDayProgress } from './order-day-pages';

/**
 * A day's order book, normalized once and shared by every viewer for a short while: it is public
 * market data (decision 10), and a busy day costs two dozen upstream calls. Concurrent loads of
 * one day share one walk, and every waiter hears its progress. Rows keep every field; the routes
 * drop the hidden ones per viewer.
 */
export interface DayBook {
  date: string;
  orders: Order[];
  rows: OrderRow[];
  executions: Execution[];
  securities: SecurityDepth[];
  /** Orders the upstream sent that could not be understood (left out, logged by position). */
  skippedRecords?: number;
  /** Serialized views, built on first use. */
  serialized: Map<string, string>;
}

type Listener = (progress: OrderDayProgress) => void;

interface Loading {
  promise: Promise<DayBook>;
  listeners: Set<Listener>;
  last: OrderDayProgress | null;
}

export interface OrderBookCacheOptions {
  /** How long a day stays fresh. */
  ttlMs?: number;
  maxDays?: number;
  concurrency?: number;
}

export class OrderBookCache {
  private readonly entries = new Map<string, { book: DayBook; expiresAt: number }>();
  private readonly loading = new Map<string, Loading>();
  private readonly ttlMs: number;
  private readonly maxDays: number;
  private readonly concurrency: number;

  constructor(
    private readonly upstream: UpstreamClient,
    options: OrderBookCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 20_000;
    this.maxDays = options.maxDays ?? 6;
    this.concurrency = options.concurrency ?? 4;
  }

  /** The fresh cached book of `date`, if any. */
  peek(date: string): DayBook | null {
    const hit = this.entries.get(date);
    return hit && hit.expiresAt > Date.now() ? hit.book : null;
  }

  load(date: string, onProgress?: Listener): Promise<DayBook> {
    const hit = this.peek(date);
    if (hit) return Promise.resolve(hit);
    let loading = this.loading.get(date);
    if (!loading) {
      const listeners = new Set<Listener>();
      const state: Loading = { listeners, last: null, promise: Promise.resolve(null as never) };
      state.promise = this.walk(date, (progress) => {
        state.last = progress;
        for (const listener of listeners) listener(progress);
      }).finally(() => this.loading.delete(date));
      loading = state;
      this.loading.set(date, loading);
    }
    if (onProgress) {
      loading.listeners.add(onProgress);
      if (loading.last) onProgress(loading.last);
      const listeners = loading.listeners;
      void loading.promise.then(
        () => listeners.delete(onProgress),
        () => listeners.delete(onProgress),
      );
    }
    return loading.promise;
  }

  invalidate(date?: string): void {
    if (date === undefined) this.entries.clear();
    else this.entries.delete(date);
  }

  private async walk(date: string, onProgress: Listener): Promise<DayBook> {
    let skippedRecords = 0;
    const orders = await walkOrderDay({
      concurrency: this.concurrency,
      fetchPage: async ({ start, end }) => {
        const page = await getOrdersForADay(this.upstream, { date, start, end });
        skippedRecords += page.skipped.length;
        return { orders: page.orders, received: page.received };
      },
      onProgress,
    });
    const book: DayBook = {
      date,
      orders,
      rows: orders.map(toOrderRow),
      executions: executionsOf(orders),
      securities: aggregateDepth(orders),
      skippedRecords,
      serialized: new Map(),
    };
    if (this.entries.size >= this.maxDays) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(date, { book, expiresAt: Date.now() + this.ttlMs });
    return book;
  }
}

const caches = new WeakMap<UpstreamClient, OrderBookCache>();

/** One cache per upstream client, so each built app (and each test harness) has its own. */
export function orderBookCacheFor(upstream: UpstreamClient): OrderBookCache {
  let cache = caches.get(upstream);
  if (!cache) {
    cache = new OrderBookCache(upstream);
    caches.set(upstream, cache);
  }
  return cache;
}
