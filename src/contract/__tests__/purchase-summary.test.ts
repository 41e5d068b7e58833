import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareWithReported, raiseOverTime, summarizePurchases } from '../purchase-summary';

const trade = (amount: string, shares: string, purchasedAt: string | null = null) => ({
  amount,
  shares,
  purchasedAt,
  offeringTotalShares: null,
  targetAmount: null,
});

describe('summarizePurchases (interface document §2.3)', () => {
  it('sums exactly where binary floats would drift', () => {
    const summary = summarizePurchases(
      [trade('0.1', '1'), trade('0.2', '2'), trade('1250.005', '0.5')],
      { totalShares: '10', targetAmount: '2000' },
    );
    expect(summary).toEqual({
      tradeCount: 3,
      amountRaised: '1250.305',
      sharesSold: '3.5',
      totalShares: '10',
      targetAmount: '2000',
      sharesLeft: '6.5',
      balance: '749.695',
    });
  });

  it("falls back on the trades' snapshot of the offering, and on null without one", () => {
    const withSnapshot = summarizePurchases([
      { ...trade('10', '1'), offeringTotalShares: '100.000000', targetAmount: '1000.000000' },
    ]);
    expect(withSnapshot.sharesLeft).toBe('99');
    expect(withSnapshot.balance).toBe('990');
    const without = summarizePurchases([trade('10', '1')]);
    expect(without.sharesLeft).toBeNull();
    expect(without.balance).toBeNull();
  });

  it('an offering without trades raised 0', () => {
    expect(summarizePurchases([], { totalShares: '500', targetAmount: '500000' })).toMatchObject({
      tradeCount: 0,
      amountRaised: '0',
      sharesSold: '0',
      sharesLeft: '500',
      balance: '500000',
    });
  });

  it('matches a sum in integer cents for any trades with cent amounts (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { maxLength: 200 }),
        (cents) => {
          const toAmount = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
          const summary = summarizePurchases(cents.map((c) => trade(toAmount(c), '1')));
          const total = cents.reduce((a, b) => a + b, 0n);
          const [whole, fraction = ''] = summary.amountRaised.split('.');
          expect(fraction.length).toBeLessThanOrEqual(2);
          expect(BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'))).toBe(total);
          expect(summary.sharesSold).toBe(String(cents.length));
        },
      ),
    );
  });

  it('refuses anything but decimal strings', () => {
    expect(() => summarizePurchases([trade('1e3', '1')])).toThrow(TypeError);
  });
});

describe('compareWithReported', () => {
  const summary = summarizePurchases([trade('100', '10')], {
    totalShares: '50',
    targetAmount: '500',
  });

  it('agrees when the values are equal as decimals, whatever their zeros', () => {
    expect(
      compareWithReported(summary, {
        totalAmountRaised: '100.000000',
        totalSharesPurchased: '10',
        totalSharesLeft: '40.000000',
        balanceAmount: '400.000000',
      }),
    ).toEqual([]);
  });

  it('lists each field that differs, and skips what the upstream left out', () => {
    expect(
      compareWithReported(summary, {
        totalAmountRaised: '100.01',
        totalSharesPurchased: null,
        totalSharesLeft: '41',
        balanceAmount: '400',
      }),
    ).toEqual([
      { field: 'amountRaised', computed: '100', reported: '100.01' },
      { field: 'sharesLeft', computed: '40', reported: '41' },
    ]);
  });
});

describe('raiseOverTime', () => {
  it('adds up per day in date order, cumulatively, leaving undated trades out', () => {
    expect(
      raiseOverTime([
        trade('5', '1', '2026-07-02T10:00:00'),
        trade('1.5', '1', '2026-07-01T23:59:59'),
        trade('2.5', '1', '2026-07-02T00:00:00'),
        trade('99', '1', null),
      ]),
    ).toEqual([
      { date: '2026-07-01', amount: '1.5', cumulative: '1.5' },
      { date: '2026-07-02', amount: '7.5', cumulative: '9' },
    ]);
  });
});
