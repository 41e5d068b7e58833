import { useCallback, useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  OrderBookAssembly,
  orderBookLineSchema,
  type OrderBook,
  type OrderFields,
  type OrderRow,
} from '../../../../contract/order-book';
import { apiPaths } from '../../../config/paths';
import { ApiClientError, apiGetLines } from '../../../lib/api-client';

/** The rows of a day that arrived before its book: the grid shows them while the rest is read. */
export type EarlyRows = {
  orders: readonly OrderRow[];
  names: ReadonlyMap<string, string>;
  /** The most a row so far shows of its order. */
  fields: OrderFields;
};

export type OrderBookProgress = {
  loaded: number;
  total: number | null;
  /** Null until the first rows arrived. */
  early: EarlyRows | null;
};

export const orderBookKeys = {
  all: ['orders'] as const,
  days: () => [...orderBookKeys.all, 'day'] as const,
  day: (date: string) => [...orderBookKeys.days(), date] as const,
  details: () => [...orderBookKeys.all, 'detail'] as const,
  detail: (orderId: string) => [...orderBookKeys.details(), orderId] as const,
};

const incomplete = () =>
  new ApiClientError({
    message: 'The order book arrived incomplete. Please try again.',
    status: 200,
    code: 'bad_response',
    submitted: 'no',
  });

/**
 * Reads the NDJSON reply: progress lines while the BFF walks the pages, the first rows as soon as
 * they are read, then the book, whose rows arrive as arrays under one header and are turned back
 * into objects here.
 */
async function getOrderBook(
  date: string,
  onProgress?: (progress: OrderBookProgress) => void,
  signal?: AbortSignal,
): Promise<OrderBook> {
  let book: OrderBook | null = null;
  const assembly = new OrderBookAssembly();
  let progress: OrderBookProgress = { loaded: 0, total: null, early: null };
  const report = (next: OrderBookProgress) => {
    progress = next;
    onProgress?.(next);
  };
  await apiGetLines(apiPaths.orderBook(date), {
    schema: orderBookLineSchema,
    signal,
    onLine: (line) => {
      if (line.type === 'progress') report({ ...progress, loaded: line.loaded, total: line.total });
      else if (line.type === 'orders') {
        assembly.addRows(line);
        report({
          ...progress,
          early: {
            orders: assembly.rows.slice(),
            names: new Map(assembly.names),
            fields: assembly.fields,
          },
        });
      } else if (line.type === 'book') {
        try {
          book = assembly.finish(line.book);
        } catch {
          // Its rows and its count disagree: a line went missing on the way.
          throw incomplete();
        }
      } else {
        throw new ApiClientError({
          message: line.error.message,
          status: 200,
          code: line.error.code,
          submitted: 'no',
          requestId: line.error.requestId,
        });
      }
    },
  });
  if (!book) throw incomplete();
  return book;
}

/**
 * How far the walk of each day got, whoever started it: the route's loader prefetches the book,
 * and the page that then shows it did not start that request, so the lines' progress cannot go to
 * a callback of the page. A small store beside the query cache, read with useSyncExternalStore.
 */
const NOT_STARTED: OrderBookProgress = { loaded: 0, total: null, early: null };
const progressOfDay = new Map<string, OrderBookProgress>();
const progressListeners = new Set<() => void>();

function reportProgress(date: string, progress: OrderBookProgress) {
  progressOfDay.set(date, progress);
  for (const listener of progressListeners) listener();
}

function subscribeToProgress(listener: () => void) {
  progressListeners.add(listener);
  return () => {
    progressListeners.delete(listener);
  };
}

export const orderBookQueryOptions = (date: string) =>
  queryOptions({
    queryKey: orderBookKeys.day(date),
    queryFn: async ({ signal }) => {
      reportProgress(date, NOT_STARTED);
      try {
        return await getOrderBook(date, (progress) => reportProgress(date, progress), signal);
      } finally {
        // A finished (or failed) walk has no progress to show; the next one starts from zero.
        progressOfDay.delete(date);
      }
    },
    // Public market data the BFF caches for a few seconds; a day's book is large.
    staleTime: 30_000,
    gcTime: 5 * 60_000,
  });

/** The book of `date` and how far its loading got. */
export function useOrderBook(date: string) {
  const query = useQuery(orderBookQueryOptions(date));
  const progress = useSyncExternalStore(
    subscribeToProgress,
    useCallback(() => progressOfDay.get(date) ?? NOT_STARTED, [date]),
  );
  return { query, progress };
}
