import { describe, expect, it } from 'vitest';
import { offeringStatusWords } from '../offering-status-chip';

describe('an investor reads the status of an offering', () => {
  it('sees what Approved, Open and Pending mean', () => {
    expect(offeringStatusWords('Approved', '10')).toMatchObject({
      label: 'Open for investment',
      meaning: expect.stringMatching(/taking investments/),
    });
    expect(offeringStatusWords('open', '10').label).toBe('Open for investment');
    expect(offeringStatusWords('Pending', '10')).toMatchObject({
      label: 'Awaiting approval',
      meaning: expect.stringMatching(/not yet approved/i),
    });
  });

  it('sees "Sold out" for an offering with nothing left, whatever its status says', () => {
    expect(offeringStatusWords('approved', '0').label).toBe('Sold out');
    expect(offeringStatusWords('approved', '0.000000').label).toBe('Sold out');
    expect(offeringStatusWords('closed', '0').label).toBe('Closed');
  });
});
