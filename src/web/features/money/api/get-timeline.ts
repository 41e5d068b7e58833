import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  timelineSchema,
  type Timeline,
  type TimelinePart,
} from '../../../../contract/money-requests';
import { api } from '../../../lib/api-client';
import { defineApiQuery } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

const timelinePath = (accountId: string) =>
  `/api/accounts/${encodeURIComponent(accountId)}/timeline`;

export const [timelineQueryOptions, useTimeline] = defineApiQuery<[accountId: string], Timeline>({
  key: moneyKeys.timeline,
  path: timelinePath,
  schema: timelineSchema,
});

/**
 * Try again of one part of the timeline that could not be read (fund moves, investments): the
 * BFF reads that part again and keeps the rest as read (`retry`), and the answer replaces the
 * timeline shown. A failure leaves the timeline as it was, with what was read.
 */
export function useRetryTimelinePart(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (part: TimelinePart) =>
      api.get(`${timelinePath(accountId)}?retry=${part}`, { schema: timelineSchema }),
    onSuccess: (timeline) => queryClient.setQueryData(moneyKeys.timeline(accountId), timeline),
  });
}
