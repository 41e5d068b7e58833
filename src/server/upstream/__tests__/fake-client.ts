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
