import { useQuery } from '@tanstack/react-query';
import { linkedBankResultSchema, type LinkedBankResult } from '../../../../contract/cash';
import { apiQueryOptions } from '../../../lib/api-query';
import { moneyKeys } from '../../../lib/query-keys';

export const linkedBankPath = (accountId: string) =>
  `/api/accounts/${encodeURIComponent(accountId)}/linked-bank`;

const linkedBankQueryOptions = (accountId: string) =>
  apiQueryOptions<LinkedBankResult>(
    moneyKeys.linkedBank(accountId),
    linkedBankPath(accountId),
    linkedBankResultSchema,
  );

export const useLinkedBank = (accountId: string) => useQuery(linkedBankQueryOptions(accountId));
