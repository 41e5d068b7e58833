import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  offeringPurchaseHistorySchema,
  type OfferingPurchaseHistory,
} from '../../../../contract/issuer-workspace';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { issuerKeys } from './get-issuer-offerings';

const getPurchaseHistory = (
  offeringId: string,
  signal?: AbortSignal,
): Promise<OfferingPurchaseHistory> =>
  api.get(apiPaths.purchaseHistory(offeringId), {
    schema: offeringPurchaseHistorySchema,
    signal,
  });

export const purchaseHistoryQueryOptions = (offeringId: string) =>
  queryOptions({
    queryKey: issuerKeys.purchaseHistory(offeringId),
    queryFn: ({ signal }) => getPurchaseHistory(offeringId, signal),
  });

export const usePurchaseHistory = (offeringId: string) =>
  useQuery(purchaseHistoryQueryOptions(offeringId));
