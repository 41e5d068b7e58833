import { queryOptions, useQuery } from '@tanstack/react-query';
import { offeringDetailSchema, type Offering } from '../../../../contract/offerings';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { offeringKeys } from '../../../lib/query-keys';

const getOffering = async (offeringId: string, signal?: AbortSignal): Promise<Offering> => {
  const { offering } = await api.get(apiPaths.offering(offeringId), {
    schema: offeringDetailSchema,
    signal,
  });
  return offering;
};

export const offeringQueryOptions = (offeringId: string) =>
  queryOptions({
    queryKey: offeringKeys.detail(offeringId),
    queryFn: ({ signal }) => getOffering(offeringId, signal),
  });

export const useOffering = (offeringId: string) => useQuery(offeringQueryOptions(offeringId));
