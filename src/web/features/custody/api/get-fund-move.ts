import { fundMoveDetailSchema } from '../../../../contract/custody-views';
import { apiPaths } from '../../../config/paths';
import { defineApiQuery } from '../../../lib/api-query';
import { custodyKeys } from '../../../lib/query-keys';

/** One move; the BFF answers 404 unless it belongs to `accountId`. */
export const [fundMoveQueryOptions, useFundMove] = defineApiQuery({
  key: custodyKeys.fundMove,
  path: apiPaths.fundMove,
  schema: fundMoveDetailSchema,
  unwrap: ({ move }) => move,
});
