import { ALL_ROLES, REVIEWERS, type RoutePolicy } from './types';

/**
 * Who may call each BFF route, and how every object id in the request is checked
 * (architecture decision 1). A route missing here cannot be registered: the app refuses to boot.
 * Keys are `METHOD /path` exactly as the route declares them.
 */
export const policyTable: Record<string, RoutePolicy> = {
  'GET /healthz': { roles: 'public', objects: [], note: 'Liveness.' },
  'GET /readyz': { roles: 'public', objects: [], note: 'Readiness: store and upstream ping.' },
  'GET /api/config': {
    roles: 'public',
    objects: [],
    note: 'Whether the portal runs on the sandbox.',
  },
  'GET /api/openapi.json': { roles: 'public', objects: [], note: 'This API described.' },
  'GET /api/session': { roles: 'public', objects: [], note: 'The signed-in user, or 401.' },
  'POST /api/session': { roles: 'public', objects: [], note: 'Sign in (rate limited).' },
  'DELETE /api/session': { roles: 'public', objects: [], note: 'Sign out: revokes the session.' },

  'GET /api/offerings': {
    roles: ALL_ROLES,
    objects: [],
    note: 'Offerings are public to every signed-in user.',
  },
  'GET /api/offerings/:offeringId': {
    roles: ALL_ROLES,
    objects: [{ from: 'params', field: 'offeringId', kind: 'offering', check: 'any' }],
    note: 'One offering, public to every signed-in user.',
  },

  'POST /api/offerings/:offeringId/investments': {
    roles: ['investor'],
    objects: [
      { from: 'params', field: 'offeringId', kind: 'offering', check: 'any' },
      { from: 'body', field: 'accountId', kind: 'account', check: 'own' },
    ],
    note: 'Invest in an offering (createTrade) from one of my accounts; Idempotency-Key required.',
  },
  'GET /api/accounts': {
    roles: ['investor'],
    objects: [],
    note: "The investor's own linked accounts with review statuses.",
  },
  'GET /api/accounts/:accountId': {
    roles: ['investor', ...REVIEWERS],
    objects: [{ from: 'params', field: 'accountId', kind: 'account', check: 'own' }],
    note: 'One account: profile and reviews, tax id masked; reviewer reads are audited.',
  },
  'GET /api/accounts/:accountId/custody-account': {
    roles: ['investor', ...REVIEWERS],
    objects: [{ from: 'params', field: 'accountId', kind: 'account', check: 'own' }],
    note: 'The custody account, or why it cannot be shown (missing permission, not opened).',
  },
  'GET /api/accounts/:accountId/fund-moves': {
    roles: ['investor', ...REVIEWERS],
    objects: [{ from: 'params', field: 'accountId', kind: 'account', check: 'own' }],
    note: 'Fund moves of the account, paged; bank and routing numbers masked.',
  },
  'GET /api/accounts/:accountId/fund-moves/:referenceNumber': {
    roles: ['investor', ...REVIEWERS],
    objects: [{ from: 'params', field: 'accountId', kind: 'account', check: 'own' }],
    note: 'One fund move; 404 unless it belongs to the account in the path.',
  },
  'POST /api/accounts/:accountId/disbursements': {
    roles: ['investor'],
    objects: [{ from: 'params', field: 'accountId', kind: 'account', check: 'own' }],
    note: 'Move money out of my custody account (ACH or wire); Idempotency-Key required.',
  },
  'POST /api/accounts/:accountId/ira-supplement': {
    roles: ['investor'],
    objects: [{ from: 'params', field: 'accountId', kind: 'account', check: 'own' }],
    note: 'Request a custodial (IRA) account for my account; Idempotency-Key required.',
  },
  'GET /api/order-book/:date': {
    roles: ALL_ROLES,
    objects: [],
    note: 'The order book of a day (public market data); member, account and IP fields only for reviewers and issuer staff on their own securities.',
  },
  'GET /api/orders/:orderId': {
    roles: ALL_ROLES,
    objects: [],
    note: 'One order with its matches; hidden fields as in the order book.',
  },
  'GET /api/market-hours': {
    roles: ALL_ROLES,
    objects: [],
    note: "The week's global trading hours and the market status (public).",
  },
  'GET /api/securities': {
    roles: ['issuer_staff', ...REVIEWERS],
    objects: [],
    note: 'Securities whose hours the viewer may set: issuer staff their own, reviewers all.',
  },
  'GET /api/securities/:securityId/market-hours': {
    roles: ['issuer_staff', ...REVIEWERS],
    objects: [{ from: 'params', field: 'securityId', kind: 'security', check: 'own' }],
    note: 'The trading hours of one security.',
  },
  'PUT /api/securities/:securityId/market-hours': {
    roles: ['issuer_staff', ...REVIEWERS],
    objects: [{ from: 'params', field: 'securityId', kind: 'security', check: 'own' }],
    note: 'Set the trading hours of a security (issuer staff: their own securities only).',
  },
  // Issuer and compliance workspaces (issue 6).
  'GET /api/issuer/offerings': {
    roles: ['issuer_staff', ...REVIEWERS],
    objects: [],
    note: 'Offerings of the issuers linked to me (issuer staff); every offering for reviewers.',
  },
  'GET /api/offerings/:offeringId/purchase-history': {
    roles: ['issuer_staff', ...REVIEWERS],
    objects: [{ from: 'params', field: 'offeringId', kind: 'offering', check: 'own' }],
    note: "Who bought what in an offering of my issuer, with the upstream's summary; reviewers any offering.",
  },
  'POST /api/issuers/:issuerId/issuer-account': {
    roles: ['issuer_staff'],
    objects: [{ from: 'params', field: 'issuerId', kind: 'issuer', check: 'own' }],
    note: 'Store the financial account details of my issuer; IP filled in by the BFF; tax id, SSN, DOB masked in the reply; Idempotency-Key required.',
  },
  'GET /api/compliance/search': {
    roles: REVIEWERS,
    objects: [],
    note: 'Accounts and entity parties matching a keyword (2+ characters), tax ids and EINs masked.',
  },
  'GET /api/compliance/fund-moves': {
    roles: REVIEWERS,
    objects: [],
    note: 'Fund moves across all accounts, filtered by status and approval status, paged; bank numbers masked.',
  },
  'POST /api/personal-data/reveal': {
    roles: REVIEWERS,
    objects: [],
    note: 'Reveal one masked value (tax id, EIN, bank or routing number) of any account, entity or fund move, read fresh upstream; a reason is required and every reveal is audited.',
  },
  'POST /api/compliance/money-requests/reconcile': {
    roles: REVIEWERS,
    objects: [],
    note: 'Settle unknown money requests now by asking the upstream (fund moves); each settlement is audited; what cannot be decided stays unknown.',
  },
  'GET /api/audit-events': {
    roles: REVIEWERS,
    objects: [],
    note: 'The audit log, filtered by user, action and dates; never holds revealed values.',
  },
  'GET /api/audit-events/export.csv': {
    roles: REVIEWERS,
    objects: [],
    note: 'The filtered audit log as CSV; the export itself is audited (audit_export).',
  },
};

export { REVIEWERS };
