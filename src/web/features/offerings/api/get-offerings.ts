import { queryOptions, useQuery } from '@tanstack/react-query';
import { offeringListSchema, type OfferingList } from '../../../../contract/offerings';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { offeringKeys, type OfferingsQuery } from '../../../lib/query-keys';

const getOfferings = (query: OfferingsQuery, signal?: AbortSignal): Promise<OfferingList> =>
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
