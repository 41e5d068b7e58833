import type { LinkedBankResult } from '../../contract/cash';
import type { CustodyAccountResult } from '../../contract/custody-views';

/** An approved, unrestricted custody account, as `GET /api/accounts/:id/custody-account` answers. */
export function approvedCustody(accountId: string, requestId: string): CustodyAccountResult {
  return {
    state: 'available',
    custodyAccount: {
      accountId,
      requestId,
      status: 'approved',
      relationship: null,
      restricted: false,
      restrictedReason: null,
      principalReviewBy: null,
      approvedAt: null,
      notes: null,
      createdAt: null,
      updatedAt: null,
    },
  };
}

/** A linked bank named and masked as `GET /api/accounts/:id/linked-bank` answers. */
export function linkedBank(bankName: string, accountNumberMasked: string): LinkedBankResult {
  return {
    state: 'linked',
    bank: {
      bankName,
      holderName: null,
      accountType: null,
      accountNumberMasked,
      routingNumberMasked: null,
    },
  };
}

/** No custody account yet, as `GET /api/accounts/:id/custody-account` answers. */
export const notOpenedCustody: CustodyAccountResult = {
  state: 'unavailable',
  reason: 'not_opened',
  message: 'This account has no custody account yet. Opening an IRA starts one.',
};

/**
 * The custody account's read as react-query gives it to the IRA wizard: answered with `result`,
 * still reading (`'reading'`), or failed (`'failed'`, its Check again counted in `refetched`).
 */
export function custodyRead(result: CustodyAccountResult | 'reading' | 'failed') {
  const read = {
    data: typeof result === 'string' ? undefined : result,
    isPending: result === 'reading',
    isError: result === 'failed',
    refetched: 0,
    refetch: () => {
      read.refetched++;
    },
  };
  return read;
}
