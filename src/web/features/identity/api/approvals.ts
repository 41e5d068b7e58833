import { useQuery } from '@tanstack/react-query';
import { approvalSchema, approvalsSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { apiQueryOptions, useInvalidatingMutation } from '../../../lib/api-query';

export const approvalsQueryOptions = () =>
  apiQueryOptions(['disbursement-approvals'], apiPaths.approvals, approvalsSchema);

export const useApprovals = () => useQuery(approvalsQueryOptions());

export const useDecideApproval = () =>
  useInvalidatingMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      api.post(apiPaths.approval(id, decision), { schema: approvalSchema }),
    invalidates: () => [approvalsQueryOptions().queryKey],
    after: 'settled',
  });
