import { useQuery } from '@tanstack/react-query';
import { timelineSchema, type Timeline } from '../../../../contract/money-requests';
import { apiQueryOptions } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

export const timelineQueryOptions = (accountId: string) =>
  apiQueryOptions<Timeline>(
    moneyKeys.timeline(accountId),
    `/api/accounts/${encodeURIComponent(accountId)}/timeline`,
    timelineSchema,
  );

export const useTimeline = (accountId: string) => useQuery(timelineQueryOptions(accountId));
