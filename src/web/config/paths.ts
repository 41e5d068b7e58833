/** A page whose address takes no parameters: it is linked to as it is routed. */
const fixedPage = <Path extends string>(path: Path) => ({ path, getHref: () => path });

/** Every URL of the portal: routes use `path`, links and redirects use `getHref`. */
export const paths = {
  home: fixedPage('/'),
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
    invest: {
      path: '/offerings/:offeringId/invest',
      getHref: (offeringId: string) => `/offerings/${encodeURIComponent(offeringId)}/invest`,
    },
    accounts: fixedPage('/accounts'),
    account: {
      path: '/accounts/:accountId',
      getHref: (accountId: string) => `/accounts/${encodeURIComponent(accountId)}`,
    },
    fundMoves: {
      path: '/accounts/:accountId/fund-moves',
      getHref: (accountId: string, page?: number) =>
        `/accounts/${encodeURIComponent(accountId)}/fund-moves${page && page > 1 ? `?page=${page}` : ''}`,
    },
    fundMove: {
      path: '/accounts/:accountId/fund-moves/:referenceNumber',
      getHref: (accountId: string, referenceNumber: string) =>
        `/accounts/${encodeURIComponent(accountId)}/fund-moves/${encodeURIComponent(referenceNumber)}`,
    },
    disbursement: {
      path: '/accounts/:accountId/disbursements/new',
      getHref: (accountId: string) =>
        `/accounts/${encodeURIComponent(accountId)}/disbursements/new`,
    },
    accountMoney: {
      path: '/accounts/:accountId/money',
      getHref: (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/money`,
    },
    holdings: fixedPage('/holdings'),
    complianceMoneyRequests: fixedPage('/compliance/money-requests'),
    iraSupplement: {
      path: '/accounts/:accountId/ira',
      getHref: (accountId: string) => `/accounts/${encodeURIComponent(accountId)}/ira`,
    },
    issuerOfferings: fixedPage('/issuer/offerings'),
    purchaseHistory: {
      path: '/issuer/offerings/:offeringId',
      getHref: (offeringId: string) => `/issuer/offerings/${encodeURIComponent(offeringId)}`,
    },
    issuerAccount: fixedPage('/issuer/account'),
    complianceSearch: {
      path: '/compliance/search',
      getHref: (q?: string | null) =>
        q ? `/compliance/search?q=${encodeURIComponent(q)}` : '/compliance/search',
    },
    complianceAccount: {
      path: '/compliance/accounts/:accountId',
      getHref: (accountId: string) => `/compliance/accounts/${encodeURIComponent(accountId)}`,
    },
    complianceEntity: {
      path: '/compliance/entities/:entityId',
      /** An entity is read from the search it was found in, so the search travels along. */
      getHref: (entityId: string, q: string) =>
        `/compliance/entities/${encodeURIComponent(entityId)}?q=${encodeURIComponent(q)}`,
    },
    complianceFundMoves: {
      path: '/compliance/fund-moves',
      getHref: (
        query: { status?: string | null; approvalStatus?: string | null; page?: number } = {},
      ) => {
        const search = new URLSearchParams();
        if (query.status) search.set('status', query.status);
        if (query.approvalStatus) search.set('approvalStatus', query.approvalStatus);
        if (query.page && query.page > 1) search.set('page', String(query.page));
        const text = search.toString();
        return text ? `/compliance/fund-moves?${text}` : '/compliance/fund-moves';
      },
    },
    auditLog: fixedPage('/audit'),
    security: fixedPage('/settings/security'),
    sessions: fixedPage('/settings/sessions'),
    adminUsers: fixedPage('/admin/users'),
    approvals: fixedPage('/approvals'),
    orderBook: {
      path: '/order-book',
      getHref: (query: { date?: string | null } = {}) =>
        query.date ? `/order-book?date=${encodeURIComponent(query.date)}` : '/order-book',
    },
    order: {
      path: '/order-book/orders/:orderId',
      getHref: (orderId: string) => `/order-book/orders/${encodeURIComponent(orderId)}`,
    },
    marketHours: fixedPage('/market-hours'),
    securityHours: {
      path: '/market-hours/securities',
      getHref: (securityId?: string | null) =>
        securityId
          ? `/market-hours/securities?security=${encodeURIComponent(securityId)}`
          : '/market-hours/securities',
    },
  },
} as const;

/** Why the sign-in page is shown, so it can say so. */
export type SignInReason = 'expired' | 'signed-out';

/** Single sign-on starts with a full-page navigation (the provider's pages are not ours). */
export const singleSignOnHref = (returnTo?: string | null) =>
  returnTo ? `/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}` : '/auth/oidc/start';

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
  secondFactor: '/api/session/second-factor',
  secondFactorPasskeyOptions: '/api/session/second-factor/passkey-options',
  myFactors: '/api/me/second-factors',
  myTotp: '/api/me/second-factors/totp',
  myTotpConfirm: '/api/me/second-factors/totp/confirm',
  myPasskeyOptions: '/api/me/second-factors/passkey-options',
  myPasskeys: '/api/me/second-factors/passkeys',
  myFactor: (factorId: string) => `/api/me/second-factors/${encodeURIComponent(factorId)}`,
  myRecoveryCodes: '/api/me/recovery-codes',
  mySessions: '/api/me/sessions',
  mySession: (sessionId: string) => `/api/me/sessions/${encodeURIComponent(sessionId)}`,
  adminUsers: '/api/admin/users',
  adminUser: (userId: string, part: 'role' | 'disabled' | 'links' | 'second-factors') =>
    `/api/admin/users/${encodeURIComponent(userId)}/${part}`,
  adminUserLink: (userId: string, kind: string, upstreamId: string) =>
    `/api/admin/users/${encodeURIComponent(userId)}/links/${encodeURIComponent(kind)}/${encodeURIComponent(upstreamId)}`,
  approvals: '/api/disbursement-approvals',
  approval: (approvalId: string, decision: 'approve' | 'reject') =>
    `/api/disbursement-approvals/${encodeURIComponent(approvalId)}/${decision}`,
  config: '/api/config',
  offerings: (query: { status?: string | null } = {}) =>
    query.status ? `/api/offerings?status=${encodeURIComponent(query.status)}` : '/api/offerings',
  offering: (offeringId: string) => `/api/offerings/${encodeURIComponent(offeringId)}`,
  investments: (offeringId: string) =>
    `/api/offerings/${encodeURIComponent(offeringId)}/investments`,
  accounts: '/api/accounts',
  account: (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}`,
  custodyAccount: (accountId: string) =>
    `/api/accounts/${encodeURIComponent(accountId)}/custody-account`,
  fundMoves: (accountId: string, query: { offset: number; limit: number }) =>
    `/api/accounts/${encodeURIComponent(accountId)}/fund-moves?offset=${query.offset}&limit=${query.limit}`,
  fundMove: (accountId: string, referenceNumber: string) =>
    `/api/accounts/${encodeURIComponent(accountId)}/fund-moves/${encodeURIComponent(referenceNumber)}`,
  accountNotes: (accountId: string) => `/api/accounts/${encodeURIComponent(accountId)}/notes`,
  disbursements: (accountId: string) =>
    `/api/accounts/${encodeURIComponent(accountId)}/disbursements`,
  iraSupplement: (accountId: string) =>
    `/api/accounts/${encodeURIComponent(accountId)}/ira-supplement`,
  issuerOfferings: '/api/issuer/offerings',
  purchaseHistory: (offeringId: string) =>
    `/api/offerings/${encodeURIComponent(offeringId)}/purchase-history`,
  issuerAccount: (issuerId: string) =>
    `/api/issuers/${encodeURIComponent(issuerId)}/issuer-account`,
  complianceSearch: (q: string) => `/api/compliance/search?q=${encodeURIComponent(q)}`,
  settleMoneyRequest: (reference: string) =>
    `/api/compliance/money-requests/${encodeURIComponent(reference)}/settle`,
  settlementCandidates: (reference: string) =>
    `/api/compliance/money-requests/${encodeURIComponent(reference)}/candidates`,
  complianceFundMoves: (query: {
    status?: string | null;
    approvalStatus?: string | null;
    page: number;
  }) => {
    const search = new URLSearchParams({ page: String(query.page) });
    if (query.status) search.set('status', query.status);
    if (query.approvalStatus) search.set('approvalStatus', query.approvalStatus);
    return `/api/compliance/fund-moves?${search.toString()}`;
  },
  revealPersonalData: '/api/personal-data/reveal',
  orderBook: (date: string) => `/api/order-book/${encodeURIComponent(date)}`,
  order: (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`,
  marketHours: '/api/market-hours',
  securities: '/api/securities',
  securityHours: (securityId: string) =>
    `/api/securities/${encodeURIComponent(securityId)}/market-hours`,
  auditEvents: (query: Record<string, string | null | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
    const text = search.toString();
    return text ? `/api/audit-events?${text}` : '/api/audit-events';
  },
  auditExport: (query: Record<string, string | null | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
    const text = search.toString();
    return text ? `/api/audit-events/export.csv?${text}` : '/api/audit-events/export.csv';
  },
} as const;
