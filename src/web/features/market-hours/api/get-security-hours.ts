import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  securityHoursResponseSchema,
  type SecurityHoursResponse,
} from '../../../../contract/security-hours';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { marketHoursKeys } from './get-market-hours';

const getSecurityHours = (
  securityId: string,
  signal?: AbortSignal,
): Promise<SecurityHoursResponse> =>
  api.get(apiPaths.securityHours(securityId), { schema: securityHoursResponseSchema, signal });

const securityHoursQueryOptions = (securityId: string) =>
  queryOptions({
    queryKey: marketHoursKeys.security(securityId),
    queryFn: ({ signal }) => getSecurityHours(securityId, signal),
  });

export const useSecurityHours = (securityId: string | null) =>
  useQuery({ ...securityHoursQueryOptions(securityId ?? ''), enabled: securityId !== null });
