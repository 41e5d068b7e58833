import type { Offering } from '../../contract/offerings';

/** An offering as the BFF answers it (approved, $10 a unit, open until 2099), with changes. */
export const offeringFixture = (overrides: Partial<Offering> = {}): Offering => ({
  id: '7',
  issuerId: '1',
  name: 'Aspen Ridge Growth Fund I',
  type: 'Equity',
  status: 'approved',
  unitPrice: '10',
  minAmount: '100',
  targetAmount: '1000000',
  maxAmount: '1000000',
  totalShares: '100000',
  remainingShares: '100000',
  startDate: '2025-01-01',
  endDate: '2099-01-01',
  description: '',
  stampingText: '',
  createdAt: null,
  ...overrides,
});
