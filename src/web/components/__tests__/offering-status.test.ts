import { describe, expect, it } from 'vitest';
import { offeringStatusWords, type OfferingStock } from '../offering-status-chip';

// §2.2: remainingShares, unitPrice, minAmount and maxAmount of an offering.
const stock = (remainingShares: string, extra: Partial<OfferingStock> = {}): OfferingStock => ({
  remainingShares,
  unitPrice: '10.00',
  minAmount: '0',
  maxAmount: '0',
  ...extra,
});

describe('an investor reads the status of an offering', () => {
  it('sees what Approved, Open and Pending mean', () => {
    expect(offeringStatusWords('Approved', stock('10'))).toMatchObject({
      label: 'Open for investment',
      meaning: expect.stringMatching(/taking investments/),
    });
    expect(offeringStatusWords('open', stock('10')).label).toBe('Open for investment');
    expect(offeringStatusWords('Pending', stock('10'))).toMatchObject({
      label: 'Awaiting approval',
      meaning: expect.stringMatching(/not yet approved/i),
    });
  });

  it('sees "Sold out" for an offering with nothing left, whatever its status says', () => {
    expect(offeringStatusWords('approved', stock('0')).label).toBe('Sold out');
    expect(offeringStatusWords('approved', stock('0.000000')).label).toBe('Sold out');
    expect(offeringStatusWords('closed', stock('0')).label).toBe('Closed');
  });

  it('is not told an offering is open when fewer units are left than its minimum investment needs', () => {
    // $500 at $10.00 a unit needs 50 units; 49 are left.
    expect(offeringStatusWords('approved', stock('49', { minAmount: '500.00' }))).toEqual({
      label: 'Too few units left',
      meaning:
        'Only 49 units are left, fewer than the 50 its minimum investment needs; no new investment can be made.',
      color: 'default',
    });
    expect(offeringStatusWords('open', stock('1', { minAmount: '500.00' })).meaning).toMatch(
      /^Only 1 unit is left/,
    );
    // Exactly enough is still open, and a pending or closed offering keeps its own words.
    expect(offeringStatusWords('approved', stock('50', { minAmount: '500.00' })).label).toBe(
      'Open for investment',
    );
    expect(offeringStatusWords('pending', stock('49', { minAmount: '500.00' })).label).toBe(
      'Awaiting approval',
    );
    expect(offeringStatusWords('closed', stock('49', { minAmount: '500.00' })).label).toBe(
      'Closed',
    );
  });

  it('reads the status alone where no stock is at hand (the status filter)', () => {
    expect(offeringStatusWords('approved').label).toBe('Open for investment');
  });
});
