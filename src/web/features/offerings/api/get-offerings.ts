import { queryOptions, useQuery } from '@tanstack/react-query';
import { offeringListSchema, type OfferingList } from '../../../../contract/offerings';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

/** Lower-case status (the BFF normalizes the upstream's Pending/closed), or all when absent. */
export type OfferingsQuery = { status?: string | null };

export const offeringKeys = {
  all: ['offerings'] as const,
  lists: () => [...offeringKeys.all, 'list'] as const,
  list: (query: OfferingsQuery) =>
    [...offeringKeys.lists(), { status: query.status ?? null }] as const,
  details: () => [...offeringKeys.all, 'detail'] as const,
  detail: (offeringId: string) => [...offeringKeys.details(), offeringId] as const,
};

export const getOfferings = (query: OfferingsQuery, signal?: AbortSignal): Promise<OfferingList> =>
  api.get(apiPaths.offerings({ status: query.status?.toLowerCase() }), {
    schema: offeringListSchema,
    signal,
  });

export const offeringsQueryOptions = (query: OfferingsQuery = {}) =>
  queryOptions({
    queryKey: offeringKeys.list(query),
    queryFn: ({ signal }) => getOfferings(query, signal),
  });

export const useOfferings = (query: OfferingsQuery = {}) => useQuery(offeringsQueryOptions(query));
