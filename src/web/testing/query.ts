import { vi } from 'vitest';
import type { ShownQuery } from '../components/query-state';

/** A query that has loaded `data` and is not fetching again, as a page's state component reads it. */
export function loadedQuery<T>(data: T): ShownQuery<T> {
  return {
    data,
    error: null,
    isPending: false,
    isError: false,
    isFetching: false,
    refetch: vi.fn(),
  } as unknown as ShownQuery<T>;
}
