import { queryOptions, useQuery } from '@tanstack/react-query';
import { portalConfigSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export type { PortalConfig } from '../../../../contract/identity';

export const getPortalConfig = (signal?: AbortSignal) =>
  api.get(apiPaths.config, { schema: portalConfigSchema, signal });

export const portalConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getPortalConfig(signal),
    staleTime: Infinity,
  });

export const usePortalConfig = () => useQuery(portalConfigQueryOptions());
