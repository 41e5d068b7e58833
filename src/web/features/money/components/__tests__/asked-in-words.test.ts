import { describe, expect, it } from 'vitest';
import { askedInWords } from '../asked-in-words';

describe('what a money request asked for, in words', () => {
  it('names the units and a sub-cent price with its digits, and the amount in cents', () => {
    expect(askedInWords({ units: '1001', unitPrice: '0.0125', amount: '12.5125' })).toBe(
      '1,001 units at $0.0125 each, $12.51',
    );
    expect(askedInWords({ units: '1', unitPrice: '100', amount: '100' })).toBe(
      '1 unit at $100.00 each, $100.00',
    );
  });

  it('gives the amount alone without units, and nothing when neither is known', () => {
    expect(askedInWords({ units: null, unitPrice: null, amount: '250.00' })).toBe('$250.00');
    expect(askedInWords({ units: null, unitPrice: null, amount: null })).toBeNull();
  });
});
