import { useQuery } from '@tanstack/react-query';
import { offeringDetailSchema } from '../../../../contract/offerings';
import { apiPaths } from '../../../config/paths';
import { apiRecordQueryOptions } from '../../../lib/api-query';
import { offeringKeys } from '../../../lib/query-keys';

export const offeringQueryOptions = (offeringId: string) =>
  apiRecordQueryOptions(
    offeringKeys.detail(offeringId),
    apiPaths.offering(offeringId),
    offeringDetailSchema,
    ({ offering }) => offering,
  );

export const useOffering = (offeringId: string) => useQuery(offeringQueryOptions(offeringId));
