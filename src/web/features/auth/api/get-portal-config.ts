import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { setPlatformTimeZone } from '../../../lib/format';

export const portalConfigSchema = z.object({
  sandbox: z.boolean(),
  /** The zone of the upstream's zone-less timestamps (see lib/format). */
  platformTimeZone: z.string().default('UTC'),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;

export const getPortalConfig = async (signal?: AbortSignal) => {
  const config = await api.get(apiPaths.config, { schema: portalConfigSchema, signal });
  setPlatformTimeZone(config.platformTimeZone);
  return config;
};

export const portalConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getPortalConfig(signal),
    staleTime: Infinity,
  });

export const usePortalConfig = () => useQuery(portalConfigQueryOptions());
