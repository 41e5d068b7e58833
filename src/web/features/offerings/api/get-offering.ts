import { offeringDetailSchema } from '../../../../contract/offerings';
import { apiPaths } from '../../../config/paths';
import { defineApiQuery } from '../../../lib/api-query';
import { offeringKeys } from '../../../lib/query-keys';

export const [offeringQueryOptions, useOffering] = defineApiQuery({
  key: offeringKeys.detail,
  path: apiPaths.offering,
  schema: offeringDetailSchema,
  unwrap: ({ offering }) => offering,
});
