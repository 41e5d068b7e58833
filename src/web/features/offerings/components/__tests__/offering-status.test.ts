import { describe, expect, it } from 'vitest';
import { offeringStatusWords } from '../offering-status-chip';
import { chosenStatus, offeringStatusChoices } from '../offering-status-filter';

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

describe('an investor filters offerings by status', () => {
  it("chooses among the badges' words, each standing for every status worded so", () => {
    const choices = offeringStatusChoices(['Approved', 'open', 'Pending', 'on_hold'], null);
    expect(choices).toEqual([
      { label: 'Awaiting approval', value: 'pending' },
      { label: 'Closed', value: 'closed' },
      { label: 'On hold', value: 'on_hold' },
      { label: 'Open for investment', value: 'approved,open' },
    ]);
  });

  it('keeps the choice an address names, also by one status of it', () => {
    const choices = offeringStatusChoices([], 'active');
    expect(choices.find((c) => c.label === 'Open for investment')?.value).toBe(
      'active,approved,open',
    );
    expect(chosenStatus(choices, 'open')?.label).toBe('Open for investment');
    expect(chosenStatus(choices, 'approved,open')?.label).toBe('Open for investment');
    expect(chosenStatus(choices, null)).toBeUndefined();
  });
});
