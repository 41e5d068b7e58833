import { useQuery } from '@tanstack/react-query';
import { securityListSchema, type SecurityList } from '../../../../contract/security-hours';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';
import { marketHoursKeys } from './get-market-hours';

export const securitiesQueryOptions = () =>
  apiQueryOptions<SecurityList>(
    [...marketHoursKeys.securities(), 'list'] as const,
    apiPaths.securities,
    securityListSchema,
  );

export const useSecurities = () => useQuery(securitiesQueryOptions());
