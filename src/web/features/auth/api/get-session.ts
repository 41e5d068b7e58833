import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Session } from '../../../../contract/session';
import {
  isSessionEndReason,
  isSignedOut,
  type SessionEndReason,
} from '../../../../contract/signed-out';
import { apiPaths } from '../../../config/paths';
import { getUnlessSignedOut, sessionEnded } from '../../../lib/api-client';
import { sessionSchema } from './session-contract';

export const sessionQueryKey = ['session'] as const;
/**
 * Set when the last answer about the session said that this browser's session had ended (its
 * cookie named no live session; the BFF cleared it, so the next answer says no more), with why
 * when the BFF said. Kept apart from the session, which stays `Session | null` for every page
 * that reads it.
 */
const sessionEndedQueryKey = ['session-ended'] as const;

/** This browser's session just ended: why, when the BFF said (contract/signed-out). */
type JustEnded = { reason?: SessionEndReason };

/** Whether the last answer about the session said this browser's session had ended, and why. */
export const sessionJustEnded = (queryClient: QueryClient): JustEnded | null =>
  queryClient.getQueryData<JustEnded | null>(sessionEndedQueryKey) ?? null;

/**
 * The signed-in session, or null when nobody is signed in (the BFF answers `{ signedIn: false }`,
 * with `ended: true` when this browser's session cookie named no live session).
 */
async function getSession(client: QueryClient, signal?: AbortSignal): Promise<Session | null> {
  const answer = await getUnlessSignedOut(apiPaths.session, { schema: sessionSchema, signal });
  const signedOut = isSignedOut(answer);
  // Read as it came (see getUnlessSignedOut): a reason this page does not know is no reason.
  const reason =
    signedOut && isSessionEndReason(answer.sessionEnded) ? answer.sessionEnded : undefined;
  const ended: JustEnded | null = signedOut && answer.ended === true ? { reason } : null;
  client.setQueryData(sessionEndedQueryKey, ended);
  return signedOut ? null : answer;
}

/**
 * Who is signed in now, as the BFF says, without the session cached for the page (which keeps
 * the session a page was shown for while its person signs in again over it).
 */
export async function readLiveSession(): Promise<Session | null> {
  const answer = await getUnlessSignedOut(apiPaths.session, { schema: sessionSchema });
  return isSignedOut(answer) ? null : answer;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal, client }) => {
      const session = await getSession(client, signal);
      const previous = client.getQueryData<Session | null>(sessionQueryKey);
      // Found ended while a signed-in page is open: the layout asks the person to sign in again
      // over the page, and the page keeps the session it was shown for (its role, its accounts)
      // until then, so nothing on it is taken away, what they typed included.
      const reason = sessionJustEnded(client)?.reason;
      if (session === null && previous && sessionEnded({ write: false, reason })) return previous;
      return session;
    },
    staleTime: 60_000,
    // Noticing an ended session when the person comes back to the tab beats finding out on a click.
    refetchOnWindowFocus: true,
  });

export const useSession = () => useQuery(sessionQueryOptions());

/** The longest a signed-in page goes without asking whether its session still stands. */
const SESSION_CHECK_EVERY_MS = 60_000;
/** Asked this long after the session's own end, by when the BFF has surely ended it. */
const AFTER_END_MS = 2_000;
/** Never sooner: a clock running ahead of the BFF's would otherwise ask again and again. */
const SOONEST_MS = 10_000;

/**
 * A signed-in page asks whether its session still stands once it should have ended (idle, or at
 * the latest) and at least each minute. A session left idle in front of an open page, or ended
 * from another device, then closes the page behind the sign-in dialog's opaque backdrop
 * (sessionQueryOptions) rather than leaving what it shows, a revealed tax id say, on the screen
 * until the next click. The BFF does not count this asking as activity: it never slides the idle
 * deadline. Coming back to the tab asks at once (refetchOnWindowFocus).
 */
export function useSessionWatch(): void {
  const queryClient = useQueryClient();
  const { data, dataUpdatedAt, errorUpdatedAt } = useSession();
  const idle = data?.idleExpiresAt;
  const absolute = data?.absoluteExpiresAt;
  useEffect(() => {
    if (!idle || !absolute) return;
    const endsIn = Math.min(Date.parse(idle), Date.parse(absolute)) - Date.now() + AFTER_END_MS;
    const wait = Math.max(SOONEST_MS, Math.min(endsIn, SESSION_CHECK_EVERY_MS));
    // Each answer (or failure) sets the next time: an unchanged deadline asks again a minute on.
    const timer = setTimeout(
      () => void queryClient.refetchQueries({ queryKey: sessionQueryKey, exact: true }),
      wait,
    );
    return () => clearTimeout(timer);
  }, [queryClient, idle, absolute, dataUpdatedAt, errorUpdatedAt]);
}

/**
 * Whether the signed-in person sees every issuer's offerings and securities (compliance, admin)
 * rather than those of the issuer they work for: the issuer pages word themselves for one or the
 * other.
 */
export const useSeesEveryIssuer = () => useSession().data?.user.role !== 'issuer_staff';
