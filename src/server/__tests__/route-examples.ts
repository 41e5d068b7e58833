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

export const routeExamples: Record<string, RouteExample> = {
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
  'GET /api/order-book/:date': { params: () => ({ date: '2026-11-20' }) },
  'GET /api/orders/:orderId': { params: () => ({ orderId: '1' }) },
  'PUT /api/securities/:securityId/market-hours': {
    body: () => ({
      monday: openDay,
      tuesday: openDay,
      wednesday: openDay,
      thursday: openDay,
      friday: { closed: true },
    }),
  },
  'POST /api/issuers/:issuerId/issuer-account': {
    body: () => ({
      companyName: 'Matrix Test LLC',
      companyState: 'CO',
      issuingCountry: 'US',
      residentUs: 'Yes',
      citizenUs: 'Yes',
    }),
  },
  'GET /api/compliance/search': { query: () => ({ q: 'Quinn' }) },
  'POST /api/compliance/money-requests/reconcile': { noBody: true },
  'POST /api/personal-data/reveal': {
    body: (ids) => ({
      objectType: 'account',
      objectId: ids.account,
      field: 'taxId',
      reason: 'Matrix test of the reveal policy',
    }),
  },
};
