import { useQuery } from '@tanstack/react-query';
import { preflightSchema, type Preflight } from '../../../../contract/preflight';
import { apiQueryOptions } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

const preflightQueryOptions = (offeringId: string, accountId: string) =>
  apiQueryOptions<Preflight>(
    moneyKeys.preflight(offeringId, accountId),
    `/api/offerings/${encodeURIComponent(offeringId)}/preflight?accountId=${encodeURIComponent(accountId)}`,
    preflightSchema,
  );

export const usePreflight = (offeringId: string, accountId: string) =>
  useQuery(preflightQueryOptions(offeringId, accountId));
