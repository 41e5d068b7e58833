import { offeringListSchema, type OfferingList } from '../../../../contract/offerings';
import { apiPaths } from '../../../config/paths';
import { defineApiQuery } from '../../../lib/api-query';
import { offeringKeys, type OfferingsQuery } from '../../../lib/query-keys';

export const [offeringsQueryOptions, useOfferings] = defineApiQuery<
  [query?: OfferingsQuery],
  OfferingList
>({
  key: (query = {}) => offeringKeys.list(query),
  path: (query = {}) => apiPaths.offerings({ status: query.status?.toLowerCase() }),
  schema: offeringListSchema,
});
