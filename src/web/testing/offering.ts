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

/** The demo's raise in progress: about half of its 811,252 units sold, as issuer pages show it. */
export const raiseInProgress = offeringFixture({
  id: '5201',
  issuerId: '1101',
  targetAmount: '8112520',
  maxAmount: '8112520',
  totalShares: '811252',
  remainingShares: '400000',
  startDate: '2026-07-30',
  endDate: '2027-07-30',
});
