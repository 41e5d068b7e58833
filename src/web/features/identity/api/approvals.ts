import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { approvalSchema, approvalsSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api, isApiClientError } from '../../../lib/api-client';
import { apiQueryOptions, useInvalidatingMutation } from '../../../lib/api-query';
import { approvalKeys, custodyKeys, moneyKeys } from '../../../lib/query-keys';
import { refusedFilters } from '../../../lib/refused-filters';

/** How many requests a section shows at a time. */
export const APPROVALS_PAGE = 20;

/** Which page of each section is open (from 1), as the page's address holds them. */
export type ApprovalPages = { waiting: number; decided: number };

/** The filters the address holds, by the BFF's names; absent ones are not set. */
export const approvalFilterNames = [
  'accountId',
  'minAmount',
  'maxAmount',
  'maker',
  'reference',
  'approval',
] as const;
export type ApprovalFilters = Partial<Record<(typeof approvalFilterNames)[number], string>>;

/** What the page shows: each section's page and the filters that narrow both. */
export type ApprovalsView = { pages: ApprovalPages; filters: ApprovalFilters };

/**
 * The view as the address holds it (`?waiting=2&decided=3&accountId=A1040000`); the first page of
 * each section if absent or bad. A filter goes to the BFF as typed: one the BFF refuses is told.
 */
export const approvalsViewFrom = (search: URLSearchParams): ApprovalsView => {
  const page = (name: string) => Math.max(1, Math.floor(Number(search.get(name) ?? '1')) || 1);
  const filters: ApprovalFilters = {};
  for (const name of approvalFilterNames) {
    const value = search.get(name);
    if (value) filters[name] = value;
  }
  return { pages: { waiting: page('waiting'), decided: page('decided') }, filters };
};

/** The filters of the address the BFF refused, each with its message (lib/refused-filters). */
export const refusedApprovalFilters = (error: unknown): ApprovalFilters =>
  refusedFilters(error, approvalFilterNames);

export const approvalsQueryOptions = ({ pages, filters }: ApprovalsView) => {
  const slice = {
    waitingOffset: (pages.waiting - 1) * APPROVALS_PAGE,
    decidedOffset: (pages.decided - 1) * APPROVALS_PAGE,
    limit: APPROVALS_PAGE,
  };
  const search = new URLSearchParams({
    ...filters,
    waitingOffset: String(slice.waitingOffset),
    decidedOffset: String(slice.decidedOffset),
    limit: String(slice.limit),
  });
  return apiQueryOptions(
    approvalKeys.list({ ...slice, ...filters }),
    `${apiPaths.approvals}?${search.toString()}`,
    approvalsSchema,
  );
};

/** How often the list is read again while the portal does not answer. */
const UNREACHABLE_REREAD_MS = 5_000;

/**
 * The open pages; the last ones stay on screen while the next load, so the list does not jump.
 * While the portal does not answer (the connection, a fault of the portal), the list is read again
 * every few seconds, so it shows what became of a decision cut off on its way once it answers.
 */
export const useApprovals = (view: ApprovalsView) =>
  useQuery({
    ...approvalsQueryOptions(view),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const error = query.state.error;
      return isApiClientError(error) && (error.status === 0 || error.status >= 500)
        ? UNREACHABLE_REREAD_MS
        : false;
    },
  });

export const useDecideApproval = () =>
  useInvalidatingMutation({
    mutationFn: (
      input:
        { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string },
    ) =>
      api.post(apiPaths.approval(input.id, input.decision), {
        ...(input.decision === 'reject' ? { body: { reason: input.reason } } : {}),
        schema: approvalSchema,
      }),
    // The decision settles the request in the register, and an approval sends it (a fund move).
    invalidates: () => [approvalKeys.all, moneyKeys.all, custodyKeys.all],
    after: 'settled',
  });
