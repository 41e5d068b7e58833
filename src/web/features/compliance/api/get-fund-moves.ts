import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  complianceFundMovesSchema,
  type ComplianceFundMoves,
} from '../../../../contract/compliance';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';
import { complianceKeys } from './search';

export type FundMovesFilter = {
  status: string | null;
  approvalStatus: string | null;
  page: number;
};

export const complianceFundMovesQueryOptions = (query: FundMovesFilter) =>
  apiQueryOptions<ComplianceFundMoves>(
    complianceKeys.fundMovePage(query),
    apiPaths.complianceFundMoves(query),
    complianceFundMovesSchema,
  );

export const useComplianceFundMoves = (query: FundMovesFilter) =>
  useQuery({ ...complianceFundMovesQueryOptions(query), placeholderData: keepPreviousData });
