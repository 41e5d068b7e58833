import { useQuery } from '@tanstack/react-query';
import { offeringListSchema, type OfferingList } from '../../../../contract/offerings';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';
import { offeringKeys, type OfferingsQuery } from '../../../lib/query-keys';

export const offeringsQueryOptions = (query: OfferingsQuery = {}) =>
  apiQueryOptions<OfferingList>(
    offeringKeys.list(query),
    apiPaths.offerings({ status: query.status?.toLowerCase() }),
    offeringListSchema,
  );

export const useOfferings = (query: OfferingsQuery = {}) => useQuery(offeringsQueryOptions(query));
