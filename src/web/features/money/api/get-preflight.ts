import { queryOptions, useQuery } from '@tanstack/react-query';
import { preflightSchema, type Preflight } from '../../../../contract/preflight';
import { api } from '../../../lib/api-client';
import { moneyKeys } from '../../../lib/query-keys';

const getPreflight = (
  offeringId: string,
  accountId: string,
  signal?: AbortSignal,
): Promise<Preflight> =>
  api.get(
    `/api/offerings/${encodeURIComponent(offeringId)}/preflight?accountId=${encodeURIComponent(accountId)}`,
    { schema: preflightSchema, signal },
  );

const preflightQueryOptions = (offeringId: string, accountId: string) =>
  queryOptions({
    queryKey: moneyKeys.preflight(offeringId, accountId),
    queryFn: ({ signal }) => getPreflight(offeringId, accountId, signal),
  });

export const usePreflight = (offeringId: string, accountId: string) =>
  useQuery(preflightQueryOptions(offeringId, accountId));
