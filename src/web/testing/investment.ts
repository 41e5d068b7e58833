import type { InvestmentReceipt } from '../../contract/investments';

/** An investment the platform accepted, as the BFF answers it, with changes. */
export const investmentReceipt = (
  overrides: Partial<InvestmentReceipt> = {},
): InvestmentReceipt => ({
  tradeId: 'T-000123',
  reference: 'MR-7K2Q9ZX4AB',
  transactionId: null,
  offeringId: '7',
  offeringName: 'Acme',
  accountId: 'A1234567',
  units: '20',
  unitPrice: '10',
  amount: '200',
  paymentMethod: 'ach',
  status: 'created',
  createdAt: '2026-07-17T16:09:00',
  ...overrides,
});
