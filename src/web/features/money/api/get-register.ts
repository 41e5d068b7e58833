import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  moneyRequestPageSchema,
  type MoneyRequestPageView,
} from '../../../../contract/money-requests';
import { api } from '../../../lib/api-client';
import { moneyKeys } from '../../../lib/query-keys';

export type RegisterQuery = Record<string, string | undefined>;

const registerSearch = (query: RegisterQuery) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  return search.toString();
};

/** Every money request across accounts (compliance and admin). */
const getRegister = (query: RegisterQuery, signal?: AbortSignal): Promise<MoneyRequestPageView> => {
  const text = registerSearch(query);
  return api.get(`/api/compliance/money-requests${text ? `?${text}` : ''}`, {
    schema: moneyRequestPageSchema,
    signal,
  });
};

export const registerExportHref = (query: RegisterQuery) => {
  const text = registerSearch({ ...query, offset: undefined, limit: undefined });
  return `/api/compliance/money-requests/export.csv${text ? `?${text}` : ''}`;
};

export const registerQueryOptions = (query: RegisterQuery) =>
  queryOptions({
    queryKey: moneyKeys.register(query),
    queryFn: ({ signal }) => getRegister(query, signal),
  });

export const useRegister = (query: RegisterQuery) =>
  useQuery({ ...registerQueryOptions(query), placeholderData: keepPreviousData });
