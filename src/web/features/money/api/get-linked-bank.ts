import { queryOptions, useQuery } from '@tanstack/react-query';
import { linkedBankResultSchema, type LinkedBankResult } from '../../../../contract/cash';
import { api } from '../../../lib/api-client';
import { moneyKeys } from '../../../lib/query-keys';

export const linkedBankPath = (accountId: string) =>
  `/api/accounts/${encodeURIComponent(accountId)}/linked-bank`;

const getLinkedBank = (accountId: string, signal?: AbortSignal): Promise<LinkedBankResult> =>
  api.get(linkedBankPath(accountId), { schema: linkedBankResultSchema, signal });

const linkedBankQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: moneyKeys.linkedBank(accountId),
    queryFn: ({ signal }) => getLinkedBank(accountId, signal),
  });

export const useLinkedBank = (accountId: string) => useQuery(linkedBankQueryOptions(accountId));
