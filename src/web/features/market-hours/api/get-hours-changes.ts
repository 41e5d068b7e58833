import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  hoursChangesResponseSchema,
  type HoursChangesResponse,
} from '../../../../contract/security-hours';
import { apiPaths, withSearch } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { marketHoursKeys } from './get-market-hours';

/**
 * Apart from the hours' own key (marketHoursKeys.security): a save writes the hours it read back
 * there, and only this list is read again after it.
 */
export const hoursChangesKey = (securityId: string) =>
  [...marketHoursKeys.all, 'changes', securityId] as const;

const getHoursChanges = (
  securityId: string,
  before: string | null,
  signal?: AbortSignal,
): Promise<HoursChangesResponse> =>
  // Built here, not in apiPaths: that module is on the first page, this list only on this one.
  api.get(withSearch(`${apiPaths.securityHours(securityId)}/changes`, { before }), {
    schema: hoursChangesResponseSchema,
    signal,
  });

/** The changes of a security's hours, newest first, a page at a time (docs/bff-api.md). */
export const useHoursChanges = (securityId: string) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: hoursChangesKey(securityId),
      queryFn: ({ pageParam, signal }) => getHoursChanges(securityId, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.olderBefore,
    }),
  );
