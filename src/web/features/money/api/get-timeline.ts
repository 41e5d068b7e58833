import { timelineSchema, type Timeline } from '../../../../contract/money-requests';
import { defineApiQuery } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

export const [timelineQueryOptions, useTimeline] = defineApiQuery<[accountId: string], Timeline>({
  key: moneyKeys.timeline,
  path: (accountId) => `/api/accounts/${encodeURIComponent(accountId)}/timeline`,
  schema: timelineSchema,
});
