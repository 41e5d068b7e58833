import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  aggregateDepth,
  executionsOf,
  toOrderRow,
  type Execution,
  type OrderRow,
  type SecurityDepth,
  type UnreadableOrder,
} from '../../contract/order-book';
import type { Order } from '../../contract/orders';
import type { UpstreamClient } from '../upstream/client';
import { getOrdersForADay } from '../upstream/get-orders-for-a-day';
import { PartialDayError, walkOrderDay, type OrderDayProgress } from './order-day-pages';

/**
 * A day's order book, normalized once and shared by every viewer for a short while: it is public
 * market data, and a busy day costs two dozen upstream calls. Concurrent loads of
 * one day share one walk, and every waiter hears its progress. Rows keep every field; the routes
 * drop the hidden ones per viewer.
 *
 * Heavy work stays off the event loop's critical path: pages are parsed one at a time as they
 * arrive, the rows are built and each view is serialized in slices with a turn of the event loop
 * between them (order-visibility.ts), so other requests — /healthz included — are answered while
 * a day is built. Few days are walked at once across the process (a global limit), and the cache
 * is bounded by the bytes it holds, not by a count of days.
 */
export interface DayBook {
  date: string;
  rows: OrderRow[];
  executions: Execution[];
  securities: SecurityDepth[];
  /** Orders the upstream sent that could not be understood (left out, logged by position). */
  skippedRecords?: number;
  /** Those orders named, in the day's order (each once, whatever pages were read again). */
  unreadableOrders?: UnreadableOrder[];
  /**
   * Set when a page of the day could not be read: the book holds the orders before it (its
   * rows, depth and executions cover those only), `missingFrom` is the position of the first
   * order not read, `cause` the page's failure. Such a day is not cached; the next load reads
   * on from the page that failed.
   */
  incomplete?: { missingFrom: number; cause: unknown };
  /** Serialized views (the whole `book` line), built on first use and shared by every viewer. */
  serialized: Map<string, Promise<Buffer>>;
  /** What the day holds in memory, estimated, plus its serialized views. */
  bytes: number;
}

/**
 * What a viewer hears of a walk under way: how far it got, and the orders in book order with
 * their grid rows (built once, for every viewer and for the cached day).
 */
export interface DayWatcher {
  progress?(progress: OrderDayProgress): void;
  orders?(orders: readonly Order[], rows: readonly OrderRow[]): void;
}

interface Loading {
  promise: Promise<DayBook>;
  watchers: Set<DayWatcher>;
  last: OrderDayProgress | null;
  /** Every order handed over so far and its row, so a viewer who joins late starts from the first. */
  handed: Order[];
  handedRows: OrderRow[];
}

/** Rows handled between two turns of the event loop. */
export const SLICE_ROWS = 1_000;

/** A counting semaphore: at most `limit` holders at once, the others wait in order. */
export class WalkLimit {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

/** Every cache in the process shares this: two days walked at once, the others wait their turn. */
export const dayWalks = new WalkLimit(2);

/** How long the orders of a day read in part are kept to read on from (live orders change). */
const PARTIAL_TTL_MS = 5 * 60_000;
/** Days read in part kept at once. */
const MAX_PARTIALS = 4;

/** The orders of a day read up to a page that failed, to read on from that page. */
interface PartialDay {
  orders: Order[];
  rows: OrderRow[];
  fromPage: number;
  skippedRecords: number;
  unreadable: Map<number, UnreadableOrder>;
  at: number;
}

/** Rough in-memory cost of a row and an execution (strings and object headers). */
const ROW_BYTES = 700;
const EXECUTION_BYTES = 450;

export interface OrderBookCacheOptions {
  /** How long a day stays fresh. */
  ttlMs?: number;
  /** What the cached days may hold in all (estimated rows plus serialized views). */
  maxBytes?: number;
  /** Pages of one day in flight at once. */
  concurrency?: number;
  /** Shared limit of day walks; the process-wide one by default. */
  walks?: WalkLimit;
}

/** The securities of the latest day whose book was read whole, with their names. */
export interface KnownSecurities {
  date: string;
  securities: { securityId: string; securityName: string }[];
}

export class OrderBookCache {
  /**
   * Outlives the day's entry: when a later read of the book fails, the list of securities still
   * has the last one read (a cache of this process, as the days are).
   */
  private known: KnownSecurities | null = null;
  private readonly partials = new Map<string, PartialDay>();
  private readonly entries = new Map<string, { book: DayBook; expiresAt: number }>();
  private readonly loading = new Map<string, Loading>();
  private readonly ttlMs: number;
  private readonly maxBytes: number;
  private readonly concurrency: number;
  private readonly walks: WalkLimit;

  constructor(
    private readonly upstream: UpstreamClient,
    options: OrderBookCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 20_000;
    this.maxBytes = options.maxBytes ?? 96 * 1024 * 1024;
    this.concurrency = options.concurrency ?? 4;
    this.walks = options.walks ?? dayWalks;
  }

  /** The fresh cached book of `date`, if any. */
  peek(date: string): DayBook | null {
    const hit = this.entries.get(date);
    return hit && hit.expiresAt > Date.now() ? hit.book : null;
  }

  /** The securities of the latest day read whole so far in this process, if any. */
  lastKnownSecurities(): KnownSecurities | null {
    return this.known;
  }

  /** Bytes the cached days hold (estimated). */
  get bytes(): number {
    let total = 0;
    for (const { book } of this.entries.values()) total += book.bytes;
    return total;
  }

  load(date: string, watcher?: DayWatcher): Promise<DayBook> {
    const hit = this.peek(date);
    if (hit) return Promise.resolve(hit);
    let loading = this.loading.get(date);
    if (!loading) {
      const watchers = new Set<DayWatcher>();
      const state: Loading = {
        watchers,
        last: null,
        handed: [],
        handedRows: [],
        promise: Promise.resolve(null as never),
      };
      state.promise = this.walks
        .run(() =>
          this.walk(date, {
            progress: (progress) => {
              state.last = progress;
              for (const w of [...watchers]) w.progress?.(progress);
            },
            orders: (orders, rows) => {
              for (const order of orders) state.handed.push(order);
              for (const row of rows) state.handedRows.push(row);
              // The watchers of this moment: one who joins now has these in its replay.
              for (const w of [...watchers]) w.orders?.(orders, rows);
            },
          }),
        )
        .finally(() => this.loading.delete(date));
      loading = state;
      this.loading.set(date, loading);
    }
    if (watcher) {
      loading.watchers.add(watcher);
      if (loading.handed.length > 0) {
        watcher.orders?.(loading.handed.slice(), loading.handedRows.slice());
      }
      if (loading.last) watcher.progress?.(loading.last);
      const watchers = loading.watchers;
      void loading.promise.then(
        () => watchers.delete(watcher),
        () => watchers.delete(watcher),
      );
    }
    return loading.promise;
  }

  /** A serialized view was added to a cached day: count it, and keep within the byte bound. */
  account(book: DayBook, bytes: number): void {
    book.bytes += bytes;
    this.evict(book.date);
  }

  invalidate(date?: string): void {
    if (date === undefined) this.entries.clear();
    else this.entries.delete(date);
  }

  private evict(keep: string): void {
    let total = this.bytes;
    for (const [date, { book }] of this.entries) {
      if (total <= this.maxBytes) break;
      if (date === keep) continue;
      this.entries.delete(date);
      total -= book.bytes;
    }
  }

  /** The orders of `date` read in part lately, if any, to read on from. */
  private partialOf(date: string): PartialDay | null {
    const partial = this.partials.get(date);
    if (partial && Date.now() - partial.at < PARTIAL_TTL_MS) return partial;
    this.partials.delete(date);
    return null;
  }

  private keepPartial(date: string, partial: PartialDay): void {
    this.partials.delete(date);
    this.partials.set(date, partial);
    for (const oldest of this.partials.keys()) {
      if (this.partials.size <= MAX_PARTIALS) break;
      this.partials.delete(oldest);
    }
  }

  private async walk(date: string, watcher: Required<DayWatcher>): Promise<DayBook> {
    const partial = this.partialOf(date);
    let skippedRecords = partial?.skippedRecords ?? 0;
    // By place in the day: a page read again after a failure names its orders once.
    const unreadable = new Map(partial?.unreadable);
    // Rows are built as the walk hands the orders over, a few pages at a time: once for the
    // viewers watching and for the cached day. Every order is handed over before the walk ends.
    const rows: OrderRow[] = [];
    if (partial) {
      // Read on from the page that failed: the orders read before go to the viewers first.
      for (const row of partial.rows) rows.push(row);
      watcher.orders(partial.orders, partial.rows);
    }
    let orders: Order[];
    let incomplete: DayBook['incomplete'];
    try {
      orders = await walkOrderDay({
        concurrency: this.concurrency,
        fetchPage: async ({ start, end }) => {
          const page = await getOrdersForADay(this.upstream, { date, start, end });
          skippedRecords += page.skipped.length;
          for (const order of page.unreadable) unreadable.set(order.position, order);
          return { orders: page.orders, received: page.received };
        },
        onProgress: watcher.progress,
        onOrders: (handed) => {
          const handedRows = handed.map(toOrderRow);
          for (const row of handedRows) rows.push(row);
          watcher.orders(handed, handedRows);
        },
        resume: partial ? { orders: partial.orders, fromPage: partial.fromPage } : undefined,
      });
      this.partials.delete(date);
    } catch (error) {
      if (!(error instanceof PartialDayError)) throw error;
      // Nothing read: the day failed as a whole, as its first page did.
      if (error.orders.length === 0) throw error.cause;
      this.keepPartial(date, {
        orders: error.orders,
        rows: rows.slice(),
        fromPage: error.failedPage,
        skippedRecords,
        unreadable,
        at: Date.now(),
      });
      orders = error.orders;
      incomplete = { missingFrom: error.missingFrom, cause: error.cause };
    }
    await yieldToLoop();
    const executions = executionsOf(orders);
    await yieldToLoop();
    const securities = aggregateDepth(orders as readonly Order[]);
    // A day read in part names only the orders before its gap, as it shows only those.
    const unreadableOrders = [...unreadable.values()]
      .filter((order) => !incomplete || order.position <= incomplete.missingFrom)
      .sort((a, b) => a.position - b.position);
    const book: DayBook = {
      date,
      rows,
      executions,
      securities,
      skippedRecords,
      ...(unreadableOrders.length > 0 ? { unreadableOrders } : {}),
      serialized: new Map(),
      bytes: rows.length * ROW_BYTES + executions.length * EXECUTION_BYTES,
      ...(incomplete ? { incomplete } : {}),
    };
    // A day read in part is no day to share: the next viewer reads on from the page that failed.
    if (incomplete) return book;
    if (securities.length > 0 && (!this.known || date >= this.known.date)) {
      this.known = {
        date,
        securities: securities.map(({ securityId, securityName }) => ({
          securityId,
          securityName,
        })),
      };
    }
    this.entries.delete(date);
    this.entries.set(date, { book, expiresAt: Date.now() + this.ttlMs });
    this.evict(date);
    return book;
  }
}
