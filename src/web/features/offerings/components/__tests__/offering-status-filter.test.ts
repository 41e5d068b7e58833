import { describe, expect, it } from 'vitest';
import { chosenStatus, offeringStatusChoices } from '../offering-status-filter';

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
