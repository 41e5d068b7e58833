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
