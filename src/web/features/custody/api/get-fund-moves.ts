import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  FUND_MOVES_PAGE_SIZE,
  fundMoveViewPageSchema,
  type FundMoveViewPage,
} from '../../../../contract/custody-views';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';
import { custodyKeys } from '../../../lib/query-keys';

/** One page as the upstream pages it (§4.3); `page` counts from 1. */
export const fundMovesQueryOptions = (accountId: string, page: number) => {
  const offset = (page - 1) * FUND_MOVES_PAGE_SIZE;
  return apiQueryOptions<FundMoveViewPage>(
    custodyKeys.fundMovePage(accountId, offset, FUND_MOVES_PAGE_SIZE),
    apiPaths.fundMoves(accountId, { offset, limit: FUND_MOVES_PAGE_SIZE }),
    fundMoveViewPageSchema,
  );
};

export const useFundMoves = (accountId: string, page: number) =>
  useQuery({ ...fundMovesQueryOptions(accountId, page), placeholderData: keepPreviousData });
