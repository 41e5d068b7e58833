import { useCallback, useState } from 'react';
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

export const orderBookQueryOptions = (
  date: string,
  onProgress?: (progress: OrderBookProgress) => void,
) =>
  // The progress callback only reports on the way; the data depends on the date alone.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: orderBookKeys.day(date),
    queryFn: ({ signal }) => getOrderBook(date, onProgress, signal),
    // Public market data the BFF caches for a few seconds; a day's book is large.
    staleTime: 30_000,
    gcTime: 5 * 60_000,
  });

/** The book of `date` and how far its loading got. */
export function useOrderBook(date: string) {
  const [progress, setProgress] = useState<{ date: string } & OrderBookProgress>({
    date,
    loaded: 0,
    total: null,
  });
  const onProgress = useCallback(
    (next: OrderBookProgress) => setProgress({ date, ...next }),
    [date],
  );
  const query = useQuery(orderBookQueryOptions(date, onProgress));
  const current = progress.date === date ? progress : { loaded: 0, total: null };
  return { query, progress: { loaded: current.loaded, total: current.total } };
}
