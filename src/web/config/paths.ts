import type { SessionEndReason } from '../../contract/signed-out';
import { isSameSitePath } from '../../contract/return-path';

/** A page whose address takes no parameters: it is linked to as it is routed. */
const fixedPage = <Path extends string>(path: Path) => ({ path, getHref: () => path });

/** The values a path's `:parameters` take, in their order. */
type PathValues<Path extends string> = Path extends `${string}:${string}/${infer Rest}`
  ? [string, ...PathValues<Rest>]
  : Path extends `${string}:${string}`
    ? [string]
    : [];

/** `path` with each `:parameter` replaced by the next value, URL-encoded. */
const fill = <Path extends string>(path: Path, values: PathValues<Path>) => {
  let next = 0;
  return path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(values[next++]));
};

/** A page about records named in its address (`/accounts/:accountId`): linked to with their ids. */
const recordPage = <Path extends string>(path: Path) => ({
  path,
  getHref: (...values: PathValues<Path>) => fill(path, values),
});

/** A BFF endpoint about records named in its address, called with their ids. */
const recordEndpoint =
  <Path extends string>(path: Path) =>
  (...values: PathValues<Path>) =>
    fill(path, values);

/** `path` with the given search parameters; empty ones are left out, and so is a bare `?`. */
export function withSearch(
  path: string,
  parameters: Record<string, string | number | null | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Every URL of the portal: routes use `path`, links and redirects use `getHref`. */
export const paths = {
  home: fixedPage('/'),
  auth: {
    signIn: {
      path: '/sign-in',
      getHref: (options: { redirectTo?: string | null; reason?: SignInReason } = {}) =>
        withSearch('/sign-in', {
          redirectTo: options.redirectTo === '/' ? null : options.redirectTo,
          reason: options.reason,
        }),
    },
    /** Where single sign-on in a window of its own comes back to (sign-in-window.ts). */
    signedInWindow: fixedPage('/signed-in-window'),
  },
  app: {
    offerings: {
      path: '/offerings',
      getHref: (options: { status?: string | null } = {}) => withSearch('/offerings', options),
    },
    offering: recordPage('/offerings/:offeringId'),
    invest: recordPage('/offerings/:offeringId/invest'),
    accounts: fixedPage('/accounts'),
    account: recordPage('/accounts/:accountId'),
    fundMoves: {
      path: '/accounts/:accountId/fund-moves',
      getHref: (accountId: string, page?: number) =>
        withSearch(fill('/accounts/:accountId/fund-moves', [accountId]), {
          page: page && page > 1 ? page : null,
        }),
    },
    fundMove: recordPage('/accounts/:accountId/fund-moves/:referenceNumber'),
    disbursement: recordPage('/accounts/:accountId/disbursements/new'),
    accountMoney: recordPage('/accounts/:accountId/money'),
    holdings: {
      path: '/holdings',
      /** My investments, its trades narrowed to one offering or account when one is named. */
      getHref: (filter: { offering?: string; account?: string } = {}) =>
        withSearch('/holdings', filter),
    },
    complianceMoneyRequests: {
      path: '/compliance/money-requests',
      /** The register, narrowed to one account's requests, or to one request by our reference. */
      getHref: (accountId?: string, reference?: string) =>
        withSearch('/compliance/money-requests', { accountId, reference }),
    },
    iraSupplement: recordPage('/accounts/:accountId/ira'),
    issuerOfferings: {
      path: '/issuer/offerings',
      /** The offerings, narrowed to one issuer's when one is named. */
      getHref: (issuer?: string | null) => withSearch('/issuer/offerings', { issuer }),
    },
    purchaseHistory: {
      path: '/issuer/offerings/:offeringId',
      /** Opened from a list narrowed to one issuer, the filter travels along for the way back. */
      getHref: (offeringId: string, issuer?: string | null) =>
        withSearch(fill('/issuer/offerings/:offeringId', [offeringId]), { issuer }),
    },
    issuerAccount: fixedPage('/issuer/account'),
    complianceSearch: {
      path: '/compliance/search',
      getHref: (q?: string | null) => withSearch('/compliance/search', { q }),
    },
    complianceAccount: {
      path: '/compliance/accounts/:accountId',
      /** Opened from a search, the search travels along, so the way back finds it again. */
      getHref: (accountId: string, q?: string | null) =>
        withSearch(fill('/compliance/accounts/:accountId', [accountId]), { q }),
    },
    complianceEntity: {
      path: '/compliance/entities/:entityId',
      /** An entity is read from the search it was found in, so the search travels along. */
      getHref: (entityId: string, q: string) =>
        withSearch(fill('/compliance/entities/:entityId', [entityId]), { q }),
    },
    complianceFundMoves: {
      path: '/compliance/fund-moves',
      getHref: (
        query: {
          status?: string | null;
          approvalStatus?: string | null;
          accountId?: string | null;
          page?: number;
        } = {},
      ) =>
        withSearch('/compliance/fund-moves', {
          status: query.status,
          approvalStatus: query.approvalStatus,
          accountId: query.accountId,
          page: query.page && query.page > 1 ? query.page : null,
        }),
    },
    auditLog: {
      path: '/audit',
      /** The log, narrowed to the events of one object (an account, our reference) when named. */
      getHref: (query: { object?: string | null } = {}) => withSearch('/audit', query),
    },
    security: fixedPage('/settings/security'),
    sessions: fixedPage('/settings/sessions'),
    adminUsers: fixedPage('/admin/users'),
    approvals: {
      path: '/approvals',
      /** The approvals, or only the one of a held request, by our reference or approval id. */
      getHref: (one: { reference?: string | null; approval?: string | null } = {}) =>
        withSearch('/approvals', one),
    },
    orderBook: {
      path: '/order-book',
      getHref: (query: { date?: string | null } = {}) => withSearch('/order-book', query),
    },
    order: recordPage('/order-book/orders/:orderId'),
    marketHours: fixedPage('/market-hours'),
    securityHours: {
      path: '/market-hours/securities',
      getHref: (securityId?: string | null) =>
        withSearch('/market-hours/securities', { security: securityId }),
    },
  },
} as const;

/**
 * Why the sign-in page is shown, so it can say so: signed out, or the session ended, and why when
 * the BFF said (contract/signed-out); `expired` when it did not.
 */
export type SignInReason = 'expired' | 'signed-out' | SessionEndReason;

/** Single sign-on starts with a full-page navigation (the provider's pages are not ours). */
export const singleSignOnHref = (returnTo?: string | null) =>
  withSearch('/auth/oidc/start', { returnTo });

/** Where a signed-in user lands when there is no return path. */
export const homeHref = () => paths.app.offerings.getHref();

/**
 * A return path is honoured only when it is a path on this origin: an absolute or
 * protocol-relative URL would turn the sign-in page into an open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !isSameSitePath(value)) return null;
  if (value.startsWith(paths.auth.signIn.path)) return null;
  return value;
}

/** The BFF endpoints the browser calls (same origin, under /api). */
export const apiPaths = {
  session: '/api/session',
  secondFactor: '/api/session/second-factor',
  secondFactorPasskeyOptions: '/api/session/second-factor/passkey-options',
  myFactors: '/api/me/second-factors',
  myTotp: '/api/me/second-factors/totp',
  myTotpConfirm: '/api/me/second-factors/totp/confirm',
  myPasskeyOptions: '/api/me/second-factors/passkey-options',
  myPasskeys: '/api/me/second-factors/passkeys',
  myFactor: recordEndpoint('/api/me/second-factors/:factorId'),
  myRecoveryCodes: '/api/me/recovery-codes',
  mySessions: '/api/me/sessions',
  mySession: recordEndpoint('/api/me/sessions/:sessionId'),
  myPassword: '/api/me/password',
  adminUsers: '/api/admin/users',
  /** A page of the users found (the Users page), each part as the page's address writes it. */
  adminUsersFound: (query: {
    q: string | null;
    role: string | null;
    state: string | null;
    page: string | null;
  }) => withSearch('/api/admin/users', query),
  adminUser: (
    userId: string,
    part: 'role' | 'disabled' | 'links' | 'second-factors' | 'password',
  ) => `/api/admin/users/${encodeURIComponent(userId)}/${part}`,
  adminUserLink: recordEndpoint('/api/admin/users/:userId/links/:kind/:upstreamId'),
  adminAccountHolder: recordEndpoint('/api/admin/accounts/:accountId/holder'),
  approvals: '/api/disbursement-approvals',
  approval: (approvalId: string, decision: 'approve' | 'reject') =>
    `/api/disbursement-approvals/${encodeURIComponent(approvalId)}/${decision}`,
  config: '/api/config',
  offerings: (query: { status?: string | null } = {}) => withSearch('/api/offerings', query),
  offering: recordEndpoint('/api/offerings/:offeringId'),
  investments: recordEndpoint('/api/offerings/:offeringId/investments'),
  accounts: '/api/accounts',
  account: recordEndpoint('/api/accounts/:accountId'),
  custodyAccount: recordEndpoint('/api/accounts/:accountId/custody-account'),
  fundMoves: (accountId: string, query: { offset: number; limit: number }) =>
    withSearch(fill('/api/accounts/:accountId/fund-moves', [accountId]), query),
  fundMove: recordEndpoint('/api/accounts/:accountId/fund-moves/:referenceNumber'),
  accountNotes: recordEndpoint('/api/accounts/:accountId/notes'),
  disbursements: recordEndpoint('/api/accounts/:accountId/disbursements'),
  disbursementApprovalTotal: recordEndpoint(
    '/api/accounts/:accountId/disbursements/approval-total',
  ),
  iraSupplement: recordEndpoint('/api/accounts/:accountId/ira-supplement'),
  issuerOfferings: '/api/issuer/offerings',
  purchaseHistory: recordEndpoint('/api/offerings/:offeringId/purchase-history'),
  issuerAccount: recordEndpoint('/api/issuers/:issuerId/issuer-account'),
  settleIssuerAccount: recordEndpoint('/api/issuers/:issuerId/issuer-account/settle'),
  complianceSearch: (q: string) => withSearch('/api/compliance/search', { q }),
  settleMoneyRequest: recordEndpoint('/api/compliance/money-requests/:reference/settle'),
  settlementCandidates: recordEndpoint('/api/compliance/money-requests/:reference/candidates'),
  complianceFundMoves: (query: {
    status?: string | null;
    approvalStatus?: string | null;
    accountId?: string | null;
    page: number;
  }) =>
    withSearch('/api/compliance/fund-moves', {
      page: query.page,
      status: query.status,
      approvalStatus: query.approvalStatus,
      accountId: query.accountId,
    }),
  complianceFundMovesExport: (query: {
    status?: string | null;
    approvalStatus?: string | null;
    accountId?: string | null;
  }) =>
    withSearch('/api/compliance/fund-moves/export.csv', {
      status: query.status,
      approvalStatus: query.approvalStatus,
      accountId: query.accountId,
    }),
  revealPersonalData: '/api/personal-data/reveal',
  orderBook: recordEndpoint('/api/order-book/:date'),
  order: recordEndpoint('/api/orders/:orderId'),
  marketHours: '/api/market-hours',
  securities: '/api/securities',
  securityHours: recordEndpoint('/api/securities/:securityId/market-hours'),
  securityHoursCheck: recordEndpoint('/api/securities/:securityId/market-hours/check'),
  auditEvents: (query: Record<string, string | null | undefined>) =>
    withSearch('/api/audit-events', query),
  auditExport: (query: Record<string, string | null | undefined>) =>
    withSearch('/api/audit-events/export.csv', query),
} as const;
