import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { setPlatformTimeZone } from '../../../lib/platform-time-zone';
import { portalConfigSchema } from './session-contract';

const getPortalConfig = async (signal?: AbortSignal) => {
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
