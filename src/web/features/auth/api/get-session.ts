import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionSchema, type Session } from '../../../../contract/session';
import { apiPaths } from '../../../config/paths';
import { api, isApiClientError } from '../../../lib/api-client';

export const sessionQueryKey = ['session'] as const;

/** The signed-in session, or null when nobody is signed in (the BFF answers 401). */
async function getSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await api.get(apiPaths.session, { schema: sessionSchema, signal });
  } catch (error) {
    if (isApiClientError(error) && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
    // Noticing an ended session when the person comes back to the tab beats finding out on a click.
    refetchOnWindowFocus: true,
  });

export const useSession = () => useQuery(sessionQueryOptions());
