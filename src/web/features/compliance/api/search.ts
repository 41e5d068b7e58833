import { useQuery } from '@tanstack/react-query';
import {
  complianceSearchResultSchema,
  type ComplianceSearchResult,
} from '../../../../contract/compliance';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';

export const complianceKeys = {
  all: ['compliance'] as const,
  search: (q: string) => [...complianceKeys.all, 'search', q] as const,
  fundMoves: () => [...complianceKeys.all, 'fund-moves'] as const,
  fundMovePage: (query: { status: string | null; approvalStatus: string | null; page: number }) =>
    [...complianceKeys.fundMoves(), query] as const,
};

export const complianceSearchQueryOptions = (q: string) => ({
  ...apiQueryOptions<ComplianceSearchResult>(
    complianceKeys.search(q),
    apiPaths.complianceSearch(q),
    complianceSearchResultSchema,
  ),
  enabled: q.trim().length >= 2,
  staleTime: 30_000,
});

export const useComplianceSearch = (q: string) => useQuery(complianceSearchQueryOptions(q));
