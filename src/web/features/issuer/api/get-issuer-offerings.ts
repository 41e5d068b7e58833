import { queryOptions, useQuery } from '@tanstack/react-query';
import { issuerOfferingsSchema, type IssuerOfferings } from '../../../../contract/issuer-workspace';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const issuerKeys = {
  all: ['issuer'] as const,
  offerings: () => [...issuerKeys.all, 'offerings'] as const,
  purchaseHistory: (offeringId: string) =>
    [...issuerKeys.all, 'purchase-history', offeringId] as const,
};

const getIssuerOfferings = (signal?: AbortSignal): Promise<IssuerOfferings> =>
  api.get(apiPaths.issuerOfferings, { schema: issuerOfferingsSchema, signal });

export const issuerOfferingsQueryOptions = () =>
  queryOptions({
    queryKey: issuerKeys.offerings(),
    queryFn: ({ signal }) => getIssuerOfferings(signal),
  });

export const useIssuerOfferings = () => useQuery(issuerOfferingsQueryOptions());
