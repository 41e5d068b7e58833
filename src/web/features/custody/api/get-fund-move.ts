import { useQuery } from '@tanstack/react-query';
import { fundMoveDetailSchema } from '../../../../contract/custody-views';
import { apiPaths } from '../../../config/paths';
import { apiRecordQueryOptions } from '../../../lib/api-query';
import { custodyKeys } from '../../../lib/query-keys';

/** One move; the BFF answers 404 unless it belongs to `accountId`. */
export const fundMoveQueryOptions = (accountId: string, referenceNumber: string) =>
  apiRecordQueryOptions(
    custodyKeys.fundMove(accountId, referenceNumber),
    apiPaths.fundMove(accountId, referenceNumber),
    fundMoveDetailSchema,
    ({ move }) => move,
  );

export const useFundMove = (accountId: string, referenceNumber: string) =>
  useQuery(fundMoveQueryOptions(accountId, referenceNumber));
