import { useQuery } from '@tanstack/react-query';
import {
  securityHoursResponseSchema,
  type SecurityHoursResponse,
} from '../../../../contract/security-hours';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';
import { marketHoursKeys } from './get-market-hours';

const securityHoursQueryOptions = (securityId: string) =>
  apiQueryOptions<SecurityHoursResponse>(
    marketHoursKeys.security(securityId),
    apiPaths.securityHours(securityId),
    securityHoursResponseSchema,
  );

export const useSecurityHours = (securityId: string | null) =>
  useQuery({ ...securityHoursQueryOptions(securityId ?? ''), enabled: securityId !== null });
