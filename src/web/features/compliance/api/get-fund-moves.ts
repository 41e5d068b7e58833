import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  complianceFundMovesSchema,
  type ComplianceFundMoves,
} from '../../../../contract/compliance';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { complianceKeys } from './search';

export type FundMovesFilter = {
  status: string | null;
  approvalStatus: string | null;
  page: number;
};

const getComplianceFundMoves = (
  query: FundMovesFilter,
  signal?: AbortSignal,
): Promise<ComplianceFundMoves> =>
  api.get(apiPaths.complianceFundMoves(query), { schema: complianceFundMovesSchema, signal });

export const complianceFundMovesQueryOptions = (query: FundMovesFilter) =>
  queryOptions({
    queryKey: complianceKeys.fundMovePage(query),
    queryFn: ({ signal }) => getComplianceFundMoves(query, signal),
  });

export const useComplianceFundMoves = (query: FundMovesFilter) =>
  useQuery({ ...complianceFundMovesQueryOptions(query), placeholderData: keepPreviousData });
