import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  FUND_MOVES_PAGE_SIZE,
  fundMoveViewPageSchema,
  type FundMoveViewPage,
} from '../../../../contract/custody-views';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { custodyKeys } from '../../../lib/query-keys';

/** One page as the upstream pages it (§4.3); `page` counts from 1. */
const getFundMoves = (
  accountId: string,
  page: number,
  signal?: AbortSignal,
): Promise<FundMoveViewPage> =>
  api.get(
    apiPaths.fundMoves(accountId, {
      offset: (page - 1) * FUND_MOVES_PAGE_SIZE,
      limit: FUND_MOVES_PAGE_SIZE,
    }),
    { schema: fundMoveViewPageSchema, signal },
  );

export const fundMovesQueryOptions = (accountId: string, page: number) =>
  queryOptions({
    queryKey: custodyKeys.fundMovePage(
      accountId,
      (page - 1) * FUND_MOVES_PAGE_SIZE,
      FUND_MOVES_PAGE_SIZE,
    ),
    queryFn: ({ signal }) => getFundMoves(accountId, page, signal),
  });

export const useFundMoves = (accountId: string, page: number) =>
  useQuery({ ...fundMovesQueryOptions(accountId, page), placeholderData: keepPreviousData });
