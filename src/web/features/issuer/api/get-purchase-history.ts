import { useQuery } from '@tanstack/react-query';
import {
  offeringPurchaseHistorySchema,
  type OfferingPurchaseHistory,
} from '../../../../contract/issuer-workspace';
import { apiPaths } from '../../../config/paths';
import { apiQueryOptions } from '../../../lib/api-query';
import { issuerKeys } from './get-issuer-offerings';

export const purchaseHistoryQueryOptions = (offeringId: string) =>
  apiQueryOptions<OfferingPurchaseHistory>(
    issuerKeys.purchaseHistory(offeringId),
    apiPaths.purchaseHistory(offeringId),
    offeringPurchaseHistorySchema,
  );

export const usePurchaseHistory = (offeringId: string) =>
  useQuery(purchaseHistoryQueryOptions(offeringId));
