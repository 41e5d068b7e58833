/** Every URL of the portal: routes use `path`, links and redirects use `getHref`. */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  auth: {
    signIn: {
      path: '/sign-in',
      getHref: (options: { redirectTo?: string | null; reason?: SignInReason } = {}) => {
        const search = new URLSearchParams();
        if (options.redirectTo && options.redirectTo !== '/') {
          search.set('redirectTo', options.redirectTo);
        }
        if (options.reason) search.set('reason', options.reason);
        const query = search.toString();
        return query ? `/sign-in?${query}` : '/sign-in';
      },
    },
  },
  app: {
    offerings: {
      path: '/offerings',
      getHref: (options: { status?: string | null } = {}) =>
        options.status ? `/offerings?status=${encodeURIComponent(options.status)}` : '/offerings',
    },
    offering: {
      path: '/offerings/:offeringId',
      getHref: (offeringId: string) => `/offerings/${encodeURIComponent(offeringId)}`,
    },
  },
} as const;

/** Why the sign-in page is shown, so it can say so. */
export type SignInReason = 'expired' | 'signed-out';

/** Where a signed-in user lands when there is no return path. */
export const homeHref = () => paths.app.offerings.getHref();

/**
 * A return path is honoured only when it is a path on this origin: an absolute or
 * protocol-relative URL would turn the sign-in page into an open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  if (value.startsWith(paths.auth.signIn.path)) return null;
  return value;
}

/** The BFF endpoints the browser calls (same origin, under /api). */
export const apiPaths = {
  session: '/api/session',
  config: '/api/config',
  offerings: (query: { status?: string | null } = {}) =>
    query.status ? `/api/offerings?status=${encodeURIComponent(query.status)}` : '/api/offerings',
  offering: (offeringId: string) => `/api/offerings/${encodeURIComponent(offeringId)}`,
} as const;
