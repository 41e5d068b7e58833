import { within } from '@testing-library/react';
import type { DepositReceipt, LinkedBankResult } from '../../contract/cash';
import type { DisbursementReceipt } from '../../contract/disbursements';
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

/** An ACH disbursement the platform accepted, as the BFF answers it, with changes. */
export const disbursementReceipt = (
  overrides: Partial<DisbursementReceipt> = {},
): DisbursementReceipt => ({
  requestId: 'b7a5e9e5-55fb-46f4-9b09-26eda02d55e4',
  reference: 'MR-GJHQCG16X3',
  accountId: 'A1040000',
  amount: '12.12',
  type: 'ach',
  bankIdMasked: null,
  bankAccountIdMasked: null,
  additionalDetails: null,
  status: 'pending',
  createdAt: '2026-11-28T12:00:00',
  ...overrides,
});

/** A deposit the platform accepted (fund move CFM42), as the BFF answers it, with changes. */
export const depositReceipt = (overrides: Partial<DepositReceipt> = {}): DepositReceipt => ({
  referenceNumber: 'CFM42',
  reference: 'MR-7K2Q9D4XPA',
  accountId: 'A1234567',
  amount: '250.75',
  status: 'pending',
  approvalStatus: 'pending',
  bankName: 'First Bank',
  createdAt: '2026-07-17T16:09:00',
  ...overrides,
});

/**
 * The sentence that the platform reports no custody balance, within `container`, and the links it
 * gives (name, address) to follow the money instead.
 */
export function noBalanceSentence(container: HTMLElement) {
  const sentence = within(container).getByText(/^The platform does not report a custody balance/);
  const links = within(sentence)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
  return { sentence, links };
}
