import { queryOptions, useQuery } from '@tanstack/react-query';
import { timelineSchema, type Timeline } from '../../../../contract/money-requests';
import { api } from '../../../lib/api-client';
import { moneyKeys } from '../../../lib/query-keys';

const getTimeline = (accountId: string, signal?: AbortSignal): Promise<Timeline> =>
  api.get(`/api/accounts/${encodeURIComponent(accountId)}/timeline`, {
    schema: timelineSchema,
    signal,
  });

export const timelineQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: moneyKeys.timeline(accountId),
    queryFn: ({ signal }) => getTimeline(accountId, signal),
  });

export const useTimeline = (accountId: string) => useQuery(timelineQueryOptions(accountId));
