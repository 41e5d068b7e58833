import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs, type Params } from 'react-router-dom';
import { REVIEWERS, type Role, type Session } from '../../contract/session';
import { paths } from '../config/paths';
import {
  sessionJustEnded,
  sessionQueryKey,
  sessionQueryOptions,
} from '../features/auth/api/get-session';
import { isApiClientError } from '../lib/api-client';

/** The roles that review across accounts and issuers: an admin sees all that compliance sees. */
export { REVIEWERS };

/** Who may open an account's pages: its investor, and the reviewers (the BFF's policy table). */
export const ACCOUNT_READERS: readonly Role[] = ['investor', ...REVIEWERS];

/** Who acts on accounts of their own: lists them, invests, moves money, opens an IRA. */
export const INVESTORS: readonly Role[] = ['investor'];

/**
 * The session read failed, rather than answering that nobody or someone else is signed in: the
 * portal's database or the BFF did not answer (a 5xx, or no answer at all). Who is signed in is
 * then not known; it is no reason to send the person to sign in, nor a crash of the page.
 */
const sessionUnread = (error: unknown) =>
  isApiClientError(error) && (error.status >= 500 || error.code === 'network');

/**
 * For loaders of signed-in pages: the session, or a redirect to sign-in that brings the person
 * back here afterwards. With `roles`, other roles get a 403 page; the BFF enforces the same rule.
 * Undefined when the session could not be read at all (see `sessionUnread`): the signed-in
 * frame then says so in place of the page (layout/session-unavailable) and runs the loaders
 * again once the session answers, so the checks above are made then.
 */
export async function requireSession(
  queryClient: QueryClient,
  request: Request,
  roles?: readonly Role[],
): Promise<Session | undefined> {
  let session: Session | null;
  try {
    session = await queryClient.ensureQueryData(sessionQueryOptions());
  } catch (error) {
    if (sessionUnread(error)) return undefined;
    throw error;
  }
  if (!session) {
    const url = new URL(request.url);
    const ended = sessionJustEnded(queryClient);
    throw redirect(
      paths.auth.signIn.getHref({
        redirectTo: `${url.pathname}${url.search}`,
        // This browser's session ended (elsewhere, or while it was away): sign-in says so, and why.
        reason: ended ? (ended.reason ?? 'expired') : undefined,
      }),
    );
  }
  if (roles && !roles.includes(session.user.role)) {
    throw new Response('Forbidden', { status: 403 });
  }
  return session;
}

/** Page loaders prime their data only for a known session, so a signed-out visit stays quiet. */
export const hasSession = (queryClient: QueryClient) =>
  Boolean(queryClient.getQueryData(sessionQueryKey));

/** What a page's data is fetched with: the `queryOptions` of one query. */
type PageQuery<TQueryFnData, TQueryKey extends QueryKey> = () => FetchQueryOptions<
  TQueryFnData,
  Error,
  TQueryFnData,
  TQueryKey
>;

/**
 * The loader of a page that shows one query: starts fetching it with the route chunk, for a known
 * session only (signed-out visits are sent to sign in by the app root's loader).
 */
export const prefetchingLoader =
  <TQueryFnData, TQueryKey extends QueryKey>(query: PageQuery<TQueryFnData, TQueryKey>) =>
  (queryClient: QueryClient) =>
  () => {
    if (hasSession(queryClient)) void queryClient.prefetchQuery(query());
    return null;
  };

/**
 * The loader of a page about one record named in its path (`:accountId`), kept to `roles` (see
 * guardedPrefetchLoader): `prefetch` starts fetching the page's queries with the route chunk, for
 * a present id only.
 */
export const recordPageLoader = (
  roles: readonly Role[] | undefined,
  param: string,
  prefetch: (queryClient: QueryClient, id: string, search: URLSearchParams) => void,
) =>
  guardedPrefetchLoader(roles, (queryClient, { params, search }) => {
    const id = params[param];
    if (id) prefetch(queryClient, id, search);
  });

/**
 * The loader of a page kept to `roles` that has nothing to fetch before it shows (a form): a
 * person whose role cannot use it meets "You do not have access to this page", not a form
 * whose every read and send is refused.
 */
export const guardedPage = (roles: readonly Role[]) => guardedPrefetchLoader(roles, () => {});

/**
 * The loader of a page kept to some roles (all signed-in ones without `roles`): checks the session
 * first (see requireSession), then `prefetch` starts fetching what the page shows, from its path
 * parameters and search.
 */
export const guardedPrefetchLoader =
  (
    roles: readonly Role[] | undefined,
    prefetch: (
      queryClient: QueryClient,
      location: { params: Params; search: URLSearchParams },
    ) => void,
  ) =>
  (queryClient: QueryClient) =>
  async ({ request, params }: LoaderFunctionArgs) => {
    // Unread, the session may not be allowed what the page asks for: its reads wait for it.
    if (!(await requireSession(queryClient, request, roles))) return null;
    prefetch(queryClient, { params, search: new URL(request.url).searchParams });
    return null;
  };

/** The loader of a page kept to some roles that shows one query (see guardedPrefetchLoader). */
export const guardedLoader = <TQueryFnData, TQueryKey extends QueryKey>(
  roles: readonly Role[] | undefined,
  query: PageQuery<TQueryFnData, TQueryKey>,
) =>
  guardedPrefetchLoader(roles, (queryClient) => {
    void queryClient.prefetchQuery(query());
  });
