import { useCallback, useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  decodeOrderBook,
  orderBookLineSchema,
  type OrderBook,
} from '../../../../contract/order-book';
import { apiPaths } from '../../../config/paths';
import { ApiClientError, apiGetLines } from '../../../lib/api-client';

export type OrderBookProgress = { loaded: number; total: number | null };

export const orderBookKeys = {
  all: ['orders'] as const,
  days: () => [...orderBookKeys.all, 'day'] as const,
  day: (date: string) => [...orderBookKeys.days(), date] as const,
  details: () => [...orderBookKeys.all, 'detail'] as const,
  detail: (orderId: string) => [...orderBookKeys.details(), orderId] as const,
};

/**
 * Reads the NDJSON reply: progress lines while the BFF walks the pages, then the book, whose rows
 * arrive as arrays under one header and are turned back into objects here.
 */
async function getOrderBook(
  date: string,
  onProgress?: (progress: OrderBookProgress) => void,
  signal?: AbortSignal,
): Promise<OrderBook> {
  let book: OrderBook | null = null;
  await apiGetLines(apiPaths.orderBook(date), {
    schema: orderBookLineSchema,
    signal,
    onLine: (line) => {
      if (line.type === 'progress') onProgress?.({ loaded: line.loaded, total: line.total });
      else if (line.type === 'book') book = decodeOrderBook(line.book);
      else {
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
  if (!book) {
    throw new ApiClientError({
      message: 'The order book arrived incomplete. Please try again.',
      status: 200,
      code: 'bad_response',
      submitted: 'no',
    });
  }
  return book;
}

/**
 * How far the walk of each day got, whoever started it: the route's loader prefetches the book,
 * and the page that then shows it did not start that request, so the lines' progress cannot go to
 * a callback of the page. A small store beside the query cache, read with useSyncExternalStore.
 */
const NOT_STARTED: OrderBookProgress = { loaded: 0, total: null };
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
