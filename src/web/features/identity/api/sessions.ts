import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userSessionsSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

export const mySessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['me', 'sessions'],
    queryFn: ({ signal }) => api.get(apiPaths.mySessions, { schema: userSessionsSchema, signal }),
  });

export const useMySessions = () => useQuery(mySessionsQueryOptions());

export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete(apiPaths.mySession(sessionId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  });
};
