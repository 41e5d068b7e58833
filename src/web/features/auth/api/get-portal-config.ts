import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const portalConfigSchema = z.object({
  sandbox: z.boolean(),
  /** Per-request ceiling of a disbursement (DISBURSEMENT_MAX_AMOUNT). */
  disbursementMaxAmount: z.string().optional(),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;

export const getPortalConfig = (signal?: AbortSignal) =>
  api.get(apiPaths.config, { schema: portalConfigSchema, signal });

export const portalConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getPortalConfig(signal),
    staleTime: Infinity,
  });

export const usePortalConfig = () => useQuery(portalConfigQueryOptions());
