import {
  complianceFundMovesSchema,
  type ComplianceFundMoves,
} from '../../../../contract/compliance';
import { apiPaths } from '../../../config/paths';
import { defineApiQuery } from '../../../lib/api-query';
import { downloadExport } from '../../../lib/download-export';
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

/** Downloads the moves the filters select (every page of them) as the BFF builds and audits it. */
export const downloadFundMovesExport = (filter: FundMovesFilter): Promise<void> =>
  downloadExport(apiPaths.complianceFundMovesExport(filter), {
    forbidden: 'Your role does not give access to the fund moves across accounts.',
    fileName: 'fund-moves.csv',
  });
