import { useQuery } from '@tanstack/react-query';
import { approvalSchema, approvalsSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { apiQueryOptions, useInvalidatingMutation } from '../../../lib/api-query';
import { approvalKeys, custodyKeys, moneyKeys } from '../../../lib/query-keys';

export const approvalsQueryOptions = () =>
  apiQueryOptions(approvalKeys.all, apiPaths.approvals, approvalsSchema);

export const useApprovals = () => useQuery(approvalsQueryOptions());

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
