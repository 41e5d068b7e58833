import { describe, expect, it } from 'vitest';
import {
  checkInvestment,
  checkUnits,
  describeInvestmentBounds,
  investability,
  investmentRequestSchema,
  makeInvestmentFormSchema,
} from '../investments';
import type { Offering } from '../offerings';

const offering: Offering = {
  id: '7',
  issuerId: '1',
  name: 'Aspen Ridge Growth Fund I',
  type: 'Equity',
  status: 'approved',
  unitPrice: '0.1',
  minAmount: '1',
  targetAmount: '1000',
  maxAmount: '50',
  totalShares: '10000',
  remainingShares: '600',
  startDate: '2025-01-01',
  endDate: '2030-01-01',
  description: '',
  stampingText: '',
  createdAt: null,
};

describe('an investor reads how much they may invest', () => {
  it('never sees a maximum above what is left to sell (remaining units × unit price)', () => {
    // 1,250 units left at $1: $1,250 remains, though the offering allows up to $779,050.
    const nearlySold = {
      ...offering,
      unitPrice: '1',
      remainingShares: '1250',
      maxAmount: '779050',
    };
    expect(describeInvestmentBounds(nearlySold)).toBe(
      '1,250 units remain at $1.00 each; investments from $1.00 to $1,250.00.',
    );
    expect(describeInvestmentBounds(offering)).toBe(
      '600 units remain at $0.10 each; investments from $1.00 to $50.00.',
    );
    expect(describeInvestmentBounds({ ...offering, minAmount: '0', maxAmount: '0' })).toBe(
      '600 units remain at $0.10 each; investments up to $60.00.',
    );
  });
});

describe('units', () => {
  it.each([
    ['10', '10'],
    [' 007 ', '7'],
    ['1', '1'],
  ])('accepts %j as %j', (input, value) => {
    expect(checkUnits(input)).toEqual({ ok: true, value });
  });
  it.each([
    ['', /required/],
    ['0', /at least 1/],
    ['1.5', /whole number/],
    // A whole number all the same: the rule it breaks is the least.
    ['-3', /^Units must be at least 1$/],
    ['-2.5', /whole number/],
    ['1e3', /whole number/],
    ['1,000', /^Units must be digits only, without thousands separators: 1000$/],
    ['12,000,000', /: 12000000$/],
    ['1,5', /whole number/],
    ['1234567890123', /12 digits/],
  ])('refuses %j', (input, message) => {
    const result = checkUnits(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
});

describe('investment bounds', () => {
  it('computes the amount exactly: 3 × 0.1 is 0.3, not 0.30000000000000004', () => {
    const lowMin = { ...offering, minAmount: '0.1' };
    expect(checkInvestment(lowMin, '3')).toEqual({
      ok: true,
      value: { units: '3', unitPrice: '0.1', amount: '0.3' },
    });
  });
  it.each([
    [
      '9',
      /^Units must be at least 10: the amount \(\$0\.90\) is below this offering's minimum investment of \$1\.00$/,
    ],
    ['601', /more than the 600 units that remain/],
    [
      '501',
      /^Units can be at most 500: the amount \(\$50\.10\) is above this offering's maximum investment of \$50\.00$/,
    ],
    // Bounds the generic units rule would word as "at least 1" and "at most 12 digits".
    ['0', /^Units must be at least 10: this offering's minimum investment is \$1\.00$/],
    ['-3', /^Units must be at least 10: this offering's minimum investment is \$1\.00$/],
    ['9999999999999', /^Units cannot be more than the 600 units that remain$/],
  ])('refuses %s units and says which bound', (units, message) => {
    const result = checkInvestment(offering, units);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(message);
  });
  it('names the amount to its last place where the cent would hide why it is refused', () => {
    const thirds = { ...offering, unitPrice: '0.333333', minAmount: '1.00' };
    expect(checkInvestment(thirds, '3')).toEqual({
      ok: false,
      message:
        "Units must be at least 4: the amount ($0.999999) is below this offering's minimum investment of $1.00",
    });
    expect(checkInvestment(thirds, '4').ok).toBe(true);
  });
  it.each(['10', '500', '250'])('accepts %s units at the bounds and between', (units) => {
    expect(checkInvestment(offering, units).ok).toBe(true);
  });
  it('the form schema applies the same bounds and needs an account', () => {
    const schema = makeInvestmentFormSchema(offering);
    expect(schema.safeParse({ accountId: 'A1', units: '10', paymentMethod: 'ach' }).success).toBe(
      true,
    );
    const bad = schema.safeParse({ accountId: '', units: '9', paymentMethod: 'ach' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['accountId', 'units']);
    // Named by the field and its rule, not in the placeholder's words.
    expect(bad.error?.issues.find((i) => i.path[0] === 'accountId')?.message).toBe(
      'Invest from account is required: choose one of your accounts',
    );
  });
  it('the request schema defaults the payment method to ACH', () => {
    expect(investmentRequestSchema.parse({ accountId: 'A1', units: '5' }).paymentMethod).toBe(
      'ach',
    );
  });
});

describe('which offerings accept investments', () => {
  it.each([
    ['approved', true, null],
    ['open', true, null],
    ['pending', false, /awaiting approval/],
    ['closed', false, /closed/],
    ['cancelled', false, /status is "cancelled"/],
  ])('%s → %s', (status, ok, reason) => {
    const result = investability({ ...offering, status }, '2026-06-01');
    expect(result.ok).toBe(ok);
    if (!result.ok && reason) expect(result.reason).toMatch(reason);
  });
  it('takes no new investment once its minimum needs more units than can be bought, said once for the offering', () => {
    // Driftwood Wells Unit 7 after another investor's 20 units: 5 left at $50, minimum $500.
    const fiveLeft = {
      ...offering,
      unitPrice: '50',
      minAmount: '500',
      maxAmount: '100000',
      remainingShares: '5.000000',
    };
    expect(investability(fiveLeft, '2026-06-01')).toEqual({
      ok: false,
      reason:
        'This offering cannot take a new investment: only 5 units are left, fewer than the 10 units its minimum investment of $500.00 needs.',
    });
    // The maximum amount may be the limit instead of what is left.
    expect(investability({ ...fiveLeft, remainingShares: '100', maxAmount: '450' })).toMatchObject({
      ok: false,
      reason: /its maximum investment allows at most 9 units, fewer than the 10 units/,
    });
    // Exactly the minimum left is still investable.
    expect(investability({ ...fiveLeft, remainingShares: '10' }).ok).toBe(true);
  });

  it('is not investable when sold out, ended or not yet open', () => {
    expect(investability({ ...offering, remainingShares: '0' }, '2026-06-01')).toMatchObject({
      ok: false,
      reason: /sold out/,
    });
    expect(investability(offering, '2030-01-02')).toMatchObject({ ok: false, reason: /ended/ });
    expect(investability(offering, '2024-12-31')).toMatchObject({
      ok: false,
      reason: /not opened/,
    });
  });

  it('is not investable at a unit price of $0.00, instead of offering units no amount can buy', () => {
    // §2.2 gives unitPrice as the price of a unit; zero prices every amount at $0.00, below the
    // minimum, while the units would read as available.
    expect(investability({ ...offering, unitPrice: '0.000000' }, '2026-06-01')).toEqual({
      ok: false,
      reason:
        "This offering's unit price could not be read (the platform gives $0.00): it cannot take investments now.",
    });
  });
});
