import type { MoneyRequestView } from '../../contract/money-requests';

/** A disbursement of the register whose outcome is unknown, as a reviewer sees it, with changes. */
export const moneyRequestView = (overrides: Partial<MoneyRequestView> = {}): MoneyRequestView => ({
  reference: 'MR-7K2Q9D1X4B',
  accountId: 'A1040000',
  kind: 'disbursement',
  amount: '250.00',
  offeringId: null,
  offeringName: null,
  units: null,
  unitPrice: null,
  upstreamId: null,
  platformIdKind: null,
  outcome: 'unknown',
  message: null,
  createdAt: '2026-11-20T15:04:00.000Z',
  settledAt: null,
  settledBy: null,
  userEmail: 'investor@demo.test',
  ...overrides,
});
