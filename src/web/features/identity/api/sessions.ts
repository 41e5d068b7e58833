import { useQuery } from '@tanstack/react-query';
import { userSessionsSchema } from '../../../../contract/identity';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { apiQueryOptions, useInvalidatingMutation } from '../../../lib/api-query';

export const mySessionsQueryOptions = () =>
  apiQueryOptions(['me', 'sessions'], apiPaths.mySessions, userSessionsSchema);

export const useMySessions = () => useQuery(mySessionsQueryOptions());

export const useEndSession = () =>
  useInvalidatingMutation({
    mutationFn: (sessionId: string) => api.delete(apiPaths.mySession(sessionId)),
    invalidates: () => [mySessionsQueryOptions().queryKey],
    after: 'settled',
  });
