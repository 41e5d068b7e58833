import { queryOptions, useQuery } from '@tanstack/react-query';
import { fundMoveDetailSchema, type FundMoveView } from '../../../../contract/custody-views';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { custodyKeys } from '../../../lib/query-keys';

/** One move; the BFF answers 404 unless it belongs to `accountId`. */
const getFundMove = async (
  accountId: string,
  referenceNumber: string,
  signal?: AbortSignal,
): Promise<FundMoveView> => {
  const { move } = await api.get(apiPaths.fundMove(accountId, referenceNumber), {
    schema: fundMoveDetailSchema,
    signal,
  });
  return move;
};

export const fundMoveQueryOptions = (accountId: string, referenceNumber: string) =>
  queryOptions({
    queryKey: custodyKeys.fundMove(accountId, referenceNumber),
    queryFn: ({ signal }) => getFundMove(accountId, referenceNumber, signal),
  });

export const useFundMove = (accountId: string, referenceNumber: string) =>
  useQuery(fundMoveQueryOptions(accountId, referenceNumber));
