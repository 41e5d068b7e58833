import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { approvalSchema, approvalsSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { apiQueryOptions, useInvalidatingMutation } from '../../../lib/api-query';
import { approvalKeys, custodyKeys, moneyKeys } from '../../../lib/query-keys';

/** How many requests a section shows at a time. */
export const APPROVALS_PAGE = 20;

/** Which page of each section is open (from 1), as the page's address holds them. */
export type ApprovalPages = { waiting: number; decided: number };

/** The pages as the address holds them (`?waiting=2&decided=3`); the first of each if absent or bad. */
export const approvalPagesFrom = (search: URLSearchParams): ApprovalPages => {
  const page = (name: string) => Math.max(1, Math.floor(Number(search.get(name) ?? '1')) || 1);
  return { waiting: page('waiting'), decided: page('decided') };
};

export const approvalsQueryOptions = (pages: ApprovalPages) => {
  const slice = {
    waitingOffset: (pages.waiting - 1) * APPROVALS_PAGE,
    decidedOffset: (pages.decided - 1) * APPROVALS_PAGE,
    limit: APPROVALS_PAGE,
  };
  const search = new URLSearchParams({
    waitingOffset: String(slice.waitingOffset),
    decidedOffset: String(slice.decidedOffset),
    limit: String(slice.limit),
  });
  return apiQueryOptions(
    approvalKeys.list(slice),
    `${apiPaths.approvals}?${search.toString()}`,
    approvalsSchema,
  );
};

/** The open pages; the last ones stay on screen while the next load, so the list does not jump. */
export const useApprovals = (pages: ApprovalPages) =>
  useQuery({ ...approvalsQueryOptions(pages), placeholderData: keepPreviousData });

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
