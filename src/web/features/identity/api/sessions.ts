import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userSessionsSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { apiQueryOptions } from '../../../lib/api-query';

export const mySessionsQueryOptions = () =>
  apiQueryOptions(['me', 'sessions'], apiPaths.mySessions, userSessionsSchema);

export const useMySessions = () => useQuery(mySessionsQueryOptions());

export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete(apiPaths.mySession(sessionId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  });
};
