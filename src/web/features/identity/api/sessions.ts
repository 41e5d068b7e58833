import { useQuery } from '@tanstack/react-query';
import { endedSessionsSchema, userSessionsSchema } from '../../../../contract/identity';
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

/** Ends every other session of mine (and sign-ins waiting for my second factor); answers how many. */
export const useEndOtherSessions = () =>
  useInvalidatingMutation({
    mutationFn: () => api.delete(apiPaths.mySessions, { schema: endedSessionsSchema }),
    invalidates: () => [mySessionsQueryOptions().queryKey],
    after: 'settled',
  });
