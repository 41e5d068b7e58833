import { useQueries, useQuery } from '@tanstack/react-query';
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

/** The preflights of several accounts, by account id, as far as they have loaded. */
export type Preflights = {
  byAccount: Partial<Record<string, Preflight>>;
  /** Every read has answered, with its checklist or with an error. */
  settled: boolean;
};

/** The preflights of several accounts (shared with `usePreflight`: one read per account). */
export const usePreflights = (offeringId: string, accountIds: readonly string[]): Preflights =>
  useQueries({
    queries: accountIds.map((accountId) => preflightQueryOptions(offeringId, accountId)),
    combine: (results) => {
      const byAccount: Partial<Record<string, Preflight>> = {};
      results.forEach((result, index) => {
        if (result.data) byAccount[accountIds[index]] = result.data;
      });
      return { byAccount, settled: results.every((result) => !result.isPending) };
    },
  });
