import { queryOptions, useQuery } from '@tanstack/react-query';
import { securityListSchema, type SecurityList } from '../../../../contract/security-hours';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { marketHoursKeys } from './get-market-hours';

const getSecurities = (signal?: AbortSignal): Promise<SecurityList> =>
  api.get(apiPaths.securities, { schema: securityListSchema, signal });

export const securitiesQueryOptions = () =>
  queryOptions({
    queryKey: [...marketHoursKeys.securities(), 'list'] as const,
    queryFn: ({ signal }) => getSecurities(signal),
  });

export const useSecurities = () => useQuery(securitiesQueryOptions());
