import type { Order } from '../../contract/orders';

/*
 * Walking the order book of a day (interface document §4.1): the upstream answers at most 500
 * orders a call (§8) and never says how many a day holds, so pages are read until the first one
 * that comes back short. A few pages are in flight at once; once a short page is seen no new page
 * starts, and pages already under way past it are awaited and bring nothing.
 *
 * The range semantics of limitEnd are not documented (inclusive like getCustodyFundMoves' endIndex,
 * or exclusive). Page k asks for limitStart = 500k, limitEnd = 500(k+1): exclusive, that is 500
 * records; inclusive, 501 are asked and the 500-record cap returns the same 500. Should an
 * upstream return the 501st anyway, orders are kept once by id.
 */

export interface PageRange {
  start: number;
  end: number;
}

export interface OrderDayProgress {
  /** Distinct orders received so far. */
  loaded: number;
  /** Known once the last page arrived; null before. */
  total: number | null;
  pages: number;
}

/**
 * A page as read: the orders understood, and how many records the upstream sent in all (skipped
 * ones included). A page is short by what was sent, so a skipped record never ends a day early.
 */
interface ReadPage {
  orders: Order[];
  received: number;
}

export interface WalkOptions {
  fetchPage(range: PageRange): Promise<Order[] | ReadPage>;
  pageSize?: number;
  concurrency?: number;
  /** A safety stop against an upstream that never answers short (pages, not orders). */
  maxPages?: number;
  onProgress?(progress: OrderDayProgress): void;
  /**
   * The day's orders in book order, as soon as every page before them has arrived: what these
   * calls hand over, joined, is exactly what the walk returns. The route streams them, so a
   * viewer sees the first orders while later pages are still on their way.
   */
  onOrders?(orders: Order[]): void;
  /**
   * The orders of the pages before `fromPage` read by an earlier walk that stopped there
   * (PartialDayError): this walk starts at that page and returns them first. They are not
   * handed to onOrders again.
   */
  resume?: { orders: readonly Order[]; fromPage: number };
}

/**
 * A walk stopped by a page that could not be read: `orders` are those of every page before it,
 * in book order (all handed to onOrders already), `failedPage` its index, `cause` its failure.
 * Pages past it that did arrive are dropped: the book is only ever a prefix of the day.
 */
export class PartialDayError extends Error {
  constructor(
    readonly orders: Order[],
    readonly failedPage: number,
    readonly pageSize: number,
    readonly cause: unknown,
  ) {
    super(`page ${failedPage} of the day could not be read`);
  }

  /** The 0-based position of the first order not read. */
  get missingFrom(): number {
    return this.failedPage * this.pageSize;
  }
}

export function pageRange(index: number, pageSize: number): PageRange {
  return { start: index * pageSize, end: (index + 1) * pageSize };
}

export async function walkOrderDay(options: WalkOptions): Promise<Order[]> {
  const pageSize = options.pageSize ?? 500;
  const concurrency = options.concurrency ?? 4;
  const maxPages = options.maxPages ?? 400;
  const pages = new Map<number, Order[]>();
  /** Index of the first short page seen so far; pages after it are not needed. */
  let lastPage = Number.POSITIVE_INFINITY;
  const resumed = options.resume?.orders ?? [];
  let next = options.resume?.fromPage ?? 0;
  let loaded = resumed.length;
  let arrived = 0;
  const seen = new Set<string>(resumed.map((order) => order.id));
  /** The book so far: the distinct orders of pages 0 to nextPage - 1, in page order. */
  const book: Order[] = [...resumed];
  const kept = new Set<string>(seen);
  let nextPage = next;
  /** Adds every page whose predecessors have all arrived; hands the new orders to onOrders. */
  const joinArrivedPages = () => {
    const from = book.length;
    while (nextPage <= lastPage && pages.has(nextPage)) {
      for (const order of pages.get(nextPage)!) {
        if (kept.has(order.id)) continue;
        kept.add(order.id);
        book.push(order);
      }
      pages.delete(nextPage);
      nextPage += 1;
    }
    if (book.length > from) options.onOrders?.(book.slice(from));
  };

  /** The first short page seen: the day's last (lastPage is also lowered to stop a failed walk). */
  let shortPage = Number.POSITIVE_INFINITY;
  /** Reads the next page; run by each of `concurrency` workers while pages are wanted. */
  const workerStep = async () => {
    const index = next++;
    const page = await options.fetchPage(pageRange(index, pageSize));
    const orders = Array.isArray(page) ? page : page.orders;
    const received = Array.isArray(page) ? page.length : page.received;
    if (received < pageSize) {
      lastPage = Math.min(lastPage, index);
      shortPage = Math.min(shortPage, index);
    }
    pages.set(index, orders);
    arrived += 1;
    for (const order of orders) {
      if (!seen.has(order.id)) {
        seen.add(order.id);
        loaded += 1;
      }
    }
    if (index <= lastPage) {
      options.onProgress?.({ loaded, total: null, pages: arrived });
      joinArrivedPages();
    }
  };
  // A failed page stops the walk; the other workers stop at their next turn. The pages before
  // the first that failed are kept (PartialDayError), so one failed page of a busy day does not
  // throw away the thousands of orders read before it.
  let failure: { error: unknown; page: number } | null = null;
  await Promise.all(
    Array.from({ length: concurrency }, () => {
      let current = -1;
      const run = async () => {
        while (next <= lastPage && next < maxPages) {
          current = next;
          await workerStep();
        }
      };
      return run().catch((error: unknown) => {
        if (!failure || current < failure.page) failure = { error, page: current };
        lastPage = -1;
      });
    }),
  );
  if (failure !== null) {
    const { error, page } = failure;
    if (shortPage < page) {
      // The page that failed lies past the day's last: the day was read whole.
      lastPage = shortPage;
    } else {
      // The pages before the failed one may have arrived after it failed: join them.
      lastPage = page - 1;
      joinArrivedPages();
      throw new PartialDayError(book, nextPage, pageSize, error);
    }
  }
  if (!Number.isFinite(lastPage)) {
    throw new Error(`getOrdersForADay never answered a short page within ${maxPages} pages`);
  }

  joinArrivedPages();
  options.onProgress?.({ loaded: book.length, total: book.length, pages: lastPage + 1 });
  return book;
}
