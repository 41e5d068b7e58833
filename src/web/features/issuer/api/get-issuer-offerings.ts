import { useQuery } from '@tanstack/react-query';
import { issuerOfferingsSchema, type IssuerOfferings } from '../../../../contract/issuer-workspace';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';

export const issuerKeys = {
  all: ['issuer'] as const,
  offerings: () => [...issuerKeys.all, 'offerings'] as const,
  purchaseHistory: (offeringId: string) =>
    [...issuerKeys.all, 'purchase-history', offeringId] as const,
};

export const issuerOfferingsQueryOptions = () =>
  apiQueryOptions<IssuerOfferings>(
    issuerKeys.offerings(),
    apiPaths.issuerOfferings,
    issuerOfferingsSchema,
  );

export const useIssuerOfferings = () => useQuery(issuerOfferingsQueryOptions());
