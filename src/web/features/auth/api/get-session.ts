import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '../../../../contract/session';
import { apiPaths } from '../../../config/paths';
import { getUnlessSignedOut, sessionEnded } from '../../../lib/api-client';
import { sessionSchema } from './session-contract';

export const sessionQueryKey = ['session'] as const;

/** The signed-in session, or null when nobody is signed in (the BFF answers `{ signedIn: false }`). */
const getSession = (signal?: AbortSignal): Promise<Session | null> =>
  getUnlessSignedOut(apiPaths.session, { schema: sessionSchema, signal });

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal, client }) => {
      const session = await getSession(signal);
      const previous = client.getQueryData<Session | null>(sessionQueryKey);
      // Found ended while a signed-in page is open: the layout asks the person to sign in again
      // over the page, and the page keeps the session it was shown for (its role, its accounts)
      // until then, so nothing on it is taken away, what they typed included.
      if (session === null && previous && sessionEnded({ write: false })) return previous;
      return session;
    },
    staleTime: 60_000,
    // Noticing an ended session when the person comes back to the tab beats finding out on a click.
    refetchOnWindowFocus: true,
  });

export const useSession = () => useQuery(sessionQueryOptions());

/**
 * Whether the signed-in person sees every issuer's offerings and securities (compliance, admin)
 * rather than those of the issuer they work for: the issuer pages word themselves for one or the
 * other.
 */
export const useSeesEveryIssuer = () => useSession().data?.user.role !== 'issuer_staff';
