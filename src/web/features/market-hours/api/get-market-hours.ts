import { useQuery } from '@tanstack/react-query';
import {
  marketHoursResponseSchema,
  type MarketHoursResponse,
} from '../../../../contract/market-week';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';

export const marketHoursKeys = {
  all: ['market-hours'] as const,
  global: () => [...marketHoursKeys.all, 'global'] as const,
  securities: () => [...marketHoursKeys.all, 'securities'] as const,
  security: (securityId: string) => [...marketHoursKeys.securities(), securityId] as const,
};

export const marketHoursQueryOptions = () => ({
  ...apiQueryOptions<MarketHoursResponse>(
    marketHoursKeys.global(),
    apiPaths.marketHours,
    marketHoursResponseSchema,
  ),
  staleTime: 60_000,
});

export const useMarketHours = () => useQuery(marketHoursQueryOptions());
