import type { UpstreamClient, UpstreamPayload, UpstreamRequest } from '../client';

/** A client that answers with fixed payloads (as after scrubbing and the 101 check). */
export function fakeClient(
  answer: UpstreamPayload | ((request: UpstreamRequest) => UpstreamPayload),
) {
  const requests: UpstreamRequest[] = [];
  const errors: { obj: object; msg?: string }[] = [];
  const warnings: { obj: object; msg?: string }[] = [];
  const client: UpstreamClient = {
    async send(request) {
      requests.push(request);
      return typeof answer === 'function' ? answer(request) : answer;
    },
    stats: () => ({
      calls: requests.length,
      inFlight: 0,
      retries: 0,
      failures: 0,
      breakers: {},
    }),
    logger: {
      info() {},
      warn(obj, msg) {
        warnings.push({ obj, msg });
      },
      error(obj, msg) {
        errors.push({ obj, msg });
      },
    },
    withLogger: () => client,
    close() {},
  };
  return { client, requests, errors, warnings };
}

export const ok = { statusCode: '101', statusDesc: 'Ok' };

/** A custody account record (§2.12) as getCustodyAccount answers it: approved, unrestricted. */
export const custodyAccountRecord = {
  accountId: 'A1',
  requestId: 'R1',
  status: 'Approved',
  relationship: null,
  restrictedStatus: 'No',
  restrictedReason: null,
  principalReviewBy: 'Pat',
  approvalDate: '2024-01-02 03:04:05',
  notes: '',
  createdDate: '2024-01-01 00:00:00',
  updatedDate: '2024-01-02 03:04:05',
};

/** An order as §2.1 describes it, with the spellings of getOrdersForADay. */
export function wireOrder(overrides: Record<string, unknown> = {}) {
  return {
    memberID: 'M100',
    accountID: null,
    security_id: 42,
    security_name: 'Acme Growth Shares',
    order_Id: 9001,
    order_type: 'Offer',
    number_shares: 100,
    shares_remaining: '40',
    price_per_share: 12.5,
    total_amount: '1250.000000',
    PND: 'N',
    'Contingencies ': 'None',
    'MinimumThreshold ': 0,
    'Solicited ': 'Yes',
    status: 'Live',
    createdDate: '2024-03-04T15:20:11.000Z',
    updateDate: '0000-00-00 00:00:00',
    createdIPAddress: '10.1.2.3',
    matchedOrders: [{}],
    ...overrides,
  };
}

/** A §2.1 match that executed: 60 of an order's units at 12.50. */
export const executedMatch = {
  matchid: 77,
  executedPrice: '12.50',
  executedQuantity: 60,
  'executedTotal Commitment': '750.00',
  createdDate: '2024-03-04 16:00:00',
  updateDate: null,
  createdIPAddress: '10.1.2.4',
};

/** A trade as createTrade answers it in purchaseDetails (§4.16 sample): created, both approvals pending. */
export const tradeReceipt = {
  tradeId: '130',
  transactionId: '476693475244',
  transactionAmount: '2500.55',
  transactionDate: '2014-12-09 04:29:29',
  transactionStatus: 'CREATED',
  RRApprovalStatus: 'Pending',
  RRName: 'Test',
  RRApprovalDate: '09-10-2019',
  PrincipalApprovalStatus: 'Pending',
  PrincipalName: 'Test',
  PrincipalDate: '09-10-2019',
};

/** §2.2 record, as getAllOffers__kvl-101.json and getOffering__kvl-101-success.json carry it. */
export function wireOffering(offeringId: string, overrides: Record<string, unknown> = {}) {
  return {
    issuerId: '1873221',
    offeringId,
    issueName: `Offering ${offeringId}`,
    issueType: 'Equity',
    targetAmount: '100000.000000',
    minAmount: '100.000000',
    maxAmount: '150000.000000',
    unitPrice: '10.000000',
    totalShares: '10000.000000',
    remainingShares: '9000.000000',
    startDate: '01-01-2024',
    endDate: '12-31-2024',
    offeringStatus: 'Pending',
    offeringText: 'Text',
    stampingText: null,
    createdDate: '2024-01-01 10:00:00',
    createdIPAddress: '10.0.0.1',
    ...overrides,
  };
}
