import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router-dom';
import type { Role, Session } from '../../contract/session';
import { paths } from '../config/paths';
import { sessionQueryKey, sessionQueryOptions } from '../features/auth/api/get-session';

/**
 * For loaders of signed-in pages: the session, or a redirect to sign-in that brings the person
 * back here afterwards. With `roles`, other roles get a 403 page; the BFF enforces the same rule.
 */
export async function requireSession(
  queryClient: QueryClient,
  request: Request,
  roles?: readonly Role[],
): Promise<Session> {
  const session = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!session) {
    const url = new URL(request.url);
    throw redirect(paths.auth.signIn.getHref({ redirectTo: `${url.pathname}${url.search}` }));
  }
  if (roles && !roles.includes(session.user.role)) {
    throw new Response('Forbidden', { status: 403 });
  }
  return session;
}

/** Page loaders prime their data only for a known session, so a signed-out visit stays quiet. */
export const hasSession = (queryClient: QueryClient) =>
  Boolean(queryClient.getQueryData(sessionQueryKey));
