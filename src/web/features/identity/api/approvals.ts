import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalSchema, approvalsSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const approvalsQueryOptions = () =>
  queryOptions({
    queryKey: ['disbursement-approvals'],
    queryFn: ({ signal }) => api.get(apiPaths.approvals, { schema: approvalsSchema, signal }),
  });

export const useApprovals = () => useQuery(approvalsQueryOptions());

export const useDecideApproval = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      api.post(apiPaths.approval(id, decision), { schema: approvalSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['disbursement-approvals'] }),
  });
};
