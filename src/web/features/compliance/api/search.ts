import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  complianceSearchResultSchema,
  type ComplianceSearchResult,
} from '../../../../contract/compliance';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const complianceKeys = {
  all: ['compliance'] as const,
  search: (q: string) => [...complianceKeys.all, 'search', q] as const,
  fundMoves: () => [...complianceKeys.all, 'fund-moves'] as const,
  fundMovePage: (query: { status: string | null; approvalStatus: string | null; page: number }) =>
    [...complianceKeys.fundMoves(), query] as const,
};

const searchCompliance = (q: string, signal?: AbortSignal): Promise<ComplianceSearchResult> =>
  api.get(apiPaths.complianceSearch(q), { schema: complianceSearchResultSchema, signal });

export const complianceSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: complianceKeys.search(q),
    queryFn: ({ signal }) => searchCompliance(q, signal),
    enabled: q.trim().length >= 2,
    staleTime: 30_000,
  });

export const useComplianceSearch = (q: string) => useQuery(complianceSearchQueryOptions(q));
