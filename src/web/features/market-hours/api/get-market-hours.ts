import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  marketHoursResponseSchema,
  type MarketHoursResponse,
} from '../../../../contract/market-week';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const marketHoursKeys = {
  all: ['market-hours'] as const,
  global: () => [...marketHoursKeys.all, 'global'] as const,
  securities: () => [...marketHoursKeys.all, 'securities'] as const,
  security: (securityId: string) => [...marketHoursKeys.securities(), securityId] as const,
};

const getMarketHours = (signal?: AbortSignal): Promise<MarketHoursResponse> =>
  api.get(apiPaths.marketHours, { schema: marketHoursResponseSchema, signal });

export const marketHoursQueryOptions = () =>
  queryOptions({
    queryKey: marketHoursKeys.global(),
    queryFn: ({ signal }) => getMarketHours(signal),
    staleTime: 60_000,
  });

export const useMarketHours = () => useQuery(marketHoursQueryOptions());
