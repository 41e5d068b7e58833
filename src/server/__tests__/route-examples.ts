/**
 * A valid request for every route whose path, query or body needs more than the object ids the
 * policy table names, so the authorization matrix reaches the ownership check (input is validated
 * before ownership, and an invalid request would be refused for the wrong reason).
 */
export type ObjectIds = { account: string; issuer: string; offering: string; security: string };

export interface RouteExample {
  params?: (ids: ObjectIds) => Record<string, string>;
  query?: (ids: ObjectIds) => Record<string, string>;
  body?: (ids: ObjectIds) => unknown;
  /** The route takes no body. */
  noBody?: boolean;
}

const openDay = { closed: false, open: '09:30', close: '16:00' };

const someId = () => '00000000-0000-4000-8000-000000000000';

export const routeExamples: Record<string, RouteExample> = {
  'POST /api/session/second-factor/passkey-options': { noBody: true },
  'POST /api/session/second-factor': { body: () => ({ method: 'totp', code: '000000' }) },
  'POST /api/me/second-factors/totp': { noBody: true },
  'POST /api/me/second-factors/totp/confirm': {
    body: () => ({ code: '000000', label: 'Matrix app' }),
  },
  'POST /api/me/second-factors/passkey-options': { noBody: true },
  'POST /api/me/second-factors/passkeys': {
    body: () => ({
      label: 'Matrix key',
      response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} },
    }),
  },
  'DELETE /api/me/second-factors/:factorId': { params: () => ({ factorId: someId() }) },
  'POST /api/me/recovery-codes': { noBody: true },
  'DELETE /api/me/sessions/:sessionId': { params: () => ({ sessionId: someId() }) },
  'PUT /api/me/password': {
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'matrix-password-2026' }),
  },
  'POST /api/admin/users': {
    body: () => ({
      email: `matrix-${Math.random().toString(36).slice(2)}@example.test`,
      name: 'Matrix User',
      role: 'investor',
      password: 'matrix-password-2026',
    }),
  },
  'PUT /api/admin/users/:userId/role': {
    params: () => ({ userId: someId() }),
    body: () => ({ role: 'investor' }),
  },
  'PUT /api/admin/users/:userId/disabled': {
    params: () => ({ userId: someId() }),
    body: () => ({ disabled: false }),
  },
  'POST /api/admin/users/:userId/links': {
    params: () => ({ userId: someId() }),
    body: () => ({ kind: 'account', upstreamId: 'A1' }),
  },
  'DELETE /api/admin/users/:userId/links/:kind/:upstreamId': {
    params: () => ({ userId: someId(), kind: 'account', upstreamId: 'A1' }),
  },
  'DELETE /api/admin/users/:userId/second-factors': { params: () => ({ userId: someId() }) },
  'PUT /api/admin/users/:userId/password': {
    params: () => ({ userId: someId() }),
    body: () => ({ password: 'matrix-password-2026' }),
  },
  'POST /api/disbursement-approvals/:approvalId/approve': {
    params: () => ({ approvalId: someId() }),
    noBody: true,
  },
  'POST /api/disbursement-approvals/:approvalId/reject': {
    params: () => ({ approvalId: someId() }),
    noBody: true,
  },
  'POST /api/offerings/:offeringId/investments': {
    body: () => ({ units: '1', paymentMethod: 'ach' }),
  },
  'GET /api/accounts/:accountId/fund-moves/:referenceNumber': {
    params: () => ({ referenceNumber: 'REF-DOES-NOT-MATTER' }),
  },
  'POST /api/accounts/:accountId/disbursements': { body: () => ({ type: 'ach', amount: '1.25' }) },
  'POST /api/accounts/:accountId/ira-supplement': {
    body: () => ({
      mailing: {
        maritalStatus: 'not_married',
        line1: '1 Main St',
        city: 'Denver',
        state: 'CO',
        zipCode: '80202',
        country: 'US',
      },
      management: { investmentManager: 'not_now', proxyVoting: 'receive_all' },
      funding: { contributionMethod: 'sep_contribution', currentHolding: {} },
    }),
  },
  'POST /api/accounts/:accountId/deposits': { body: () => ({ amount: '25' }) },
  'POST /api/accounts/:accountId/linked-bank': { noBody: true },
  'GET /api/order-book/:date': { params: () => ({ date: '2026-11-20' }) },
  'GET /api/orders/:orderId': { params: () => ({ orderId: '1' }) },
  'GET /api/securities/:securityId/market-hours': {
    params: (ids) => ({ securityId: ids.security }),
  },
  'PUT /api/securities/:securityId/market-hours': {
    body: () => ({
      monday: openDay,
      tuesday: openDay,
      wednesday: openDay,
      thursday: openDay,
      friday: { closed: true },
      // The hours the save was built on: a 409 when the platform holds others is past the check.
      expected: {
        monday: openDay,
        tuesday: openDay,
        wednesday: openDay,
        thursday: openDay,
        friday: openDay,
      },
    }),
  },
  'POST /api/securities/:securityId/market-hours/check': {
    body: () => ({
      asked: {
        monday: openDay,
        tuesday: openDay,
        wednesday: openDay,
        thursday: openDay,
        friday: { closed: true },
      },
      attempt: '97a288fc-0c1e-4f55-9d43-1b2f1c3e4d5a',
    }),
  },
  'POST /api/issuers/:issuerId/issuer-account': {
    body: () => ({
      companyName: 'Matrix Test LLC',
      companyState: 'CO',
      issuingCountry: 'US',
      residentUs: 'Yes',
      citizenUs: 'Yes',
      checkedNoIssuerAccount: true,
    }),
  },
  'POST /api/issuers/:issuerId/issuer-account/settle': {
    body: () => ({ outcome: 'not_stored', reason: 'Matrix test of the settlement policy' }),
  },
  'GET /api/compliance/search': { query: () => ({ q: 'Quinn' }) },
  'POST /api/accounts/:accountId/notes': { body: () => ({ body: 'Matrix test note' }) },
  'POST /api/compliance/money-requests/reconcile': { noBody: true },
  'GET /api/compliance/money-requests/:reference/candidates': {
    params: () => ({ reference: 'MR-0000000000' }),
  },
  'POST /api/compliance/money-requests/:reference/settle': {
    params: () => ({ reference: 'MR-0000000000' }),
    body: () => ({ outcome: 'not_sent', reason: 'Matrix test of the settlement policy' }),
  },
  'POST /api/personal-data/reveal': {
    body: (ids) => ({
      objectType: 'account',
      objectId: ids.account,
      field: 'taxId',
      reason: 'Matrix test of the reveal policy',
    }),
  },
};
