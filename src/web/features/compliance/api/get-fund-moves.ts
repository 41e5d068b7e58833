import {
  complianceFundMovesSchema,
  type ComplianceFundMoves,
} from '../../../../contract/compliance';
import { apiPaths } from '../../../config/paths';
import { defineApiQuery } from '../../../lib/api-query';
import { complianceKeys } from './search';

export type FundMovesFilter = {
  status: string | null;
  approvalStatus: string | null;
  accountId: string | null;
  page: number;
};

export const [complianceFundMovesQueryOptions, useComplianceFundMoves] = defineApiQuery<
  [query: FundMovesFilter],
  ComplianceFundMoves
>({
  key: complianceKeys.fundMovePage,
  path: apiPaths.complianceFundMoves,
  schema: complianceFundMovesSchema,
  keepsPreviousPage: true,
  // The reviewers' Fund moves page reads it in its loader (clientLoader) first.
  readByLoader: true,
});
