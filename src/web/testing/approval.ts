import type { Approval } from '../../contract/identity';

/** A disbursement held for a second person's approval, as the BFF lists it, with changes. */
export const approvalView = (overrides: Partial<Approval> = {}): Approval => ({
  id: 'AP-9',
  accountId: 'A1234567',
  maker: 'investor@demo.test',
  amount: '25000',
  type: 'ach',
  state: 'pending',
  checker: null,
  createdAt: '2026-07-17T16:09:00.000Z',
  decidedAt: null,
  requestId: null,
  message: null,
  reference: 'MR-NKAV7J3Q04',
  ...overrides,
});
