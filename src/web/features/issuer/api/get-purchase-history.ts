import {
  offeringPurchaseHistorySchema,
  type OfferingPurchaseHistory,
} from '../../../../contract/issuer-workspace';
import { apiPaths } from '../../../config/paths';
import { defineApiQuery } from '../../../lib/api-query';
import { issuerKeys } from './get-issuer-offerings';

export const [purchaseHistoryQueryOptions, usePurchaseHistory] = defineApiQuery<
  [offeringId: string],
  OfferingPurchaseHistory
>({
  key: issuerKeys.purchaseHistory,
  path: apiPaths.purchaseHistory,
  schema: offeringPurchaseHistorySchema,
});
