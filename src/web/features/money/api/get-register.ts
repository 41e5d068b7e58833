import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  moneyRequestPageSchema,
  type MoneyRequestPageView,
} from '../../../../contract/money-requests';
import { apiQueryOptions, unlessRefusedForGood } from '../../../lib/api-query';
import { downloadExport } from '../../../lib/download-export';
import { periodQuery } from '../../../lib/period';
import { moneyKeys } from '../../../lib/query-keys';

export type RegisterQuery = Record<string, string | undefined>;

/** The page's filters as the BFF's query, its From and To days with the viewer's zone. */
const registerSearch = (query: RegisterQuery) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(periodQuery(query))) if (value) search.set(key, value);
  return search.toString();
};

/** Downloads the register the BFF builds (and audits) as CSV, with the page's filters. */
export const downloadRegisterExport = (query: RegisterQuery): Promise<void> => {
  const text = registerSearch({ ...query, offset: undefined, limit: undefined });
  return downloadExport(`/api/compliance/money-requests/export.csv${text ? `?${text}` : ''}`, {
    forbidden: 'Your role does not give access to the money-requests register.',
    fileName: 'money-requests.csv',
  });
};

/** Every money request across accounts (compliance and admin). */
export const registerQueryOptions = (query: RegisterQuery) => {
  const text = registerSearch(query);
  return apiQueryOptions<MoneyRequestPageView>(
    moneyKeys.register(query),
    `/api/compliance/money-requests${text ? `?${text}` : ''}`,
    moneyRequestPageSchema,
  );
};

/**
 * The register's page reads it in its loader first, so a filter the BFF refuses is not asked for
 * a second time when the page shows the refusal.
 */
export const useRegister = (query: RegisterQuery) =>
  useQuery({
    ...registerQueryOptions(query),
    placeholderData: keepPreviousData,
    enabled: unlessRefusedForGood,
  });
