import { useQuery } from '@tanstack/react-query';
import type { SecurityHours } from '../../../../contract/market-hours';
import {
  securityHoursResponseSchema,
  type SecurityHoursResponse,
} from '../../../../contract/security-hours';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
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

/**
 * Reads the hours of a security afresh, to check a save whose answer was lost. Outside the query
 * and its cache: a failed check must not turn the page's form into an error, and a check must not
 * reset the form, which still holds what the person asked for.
 */
export const readSecurityHours = async (securityId: string): Promise<SecurityHours> =>
  (await api.get(apiPaths.securityHours(securityId), { schema: securityHoursResponseSchema }))
    .securityHours;
