import { describe, expect, it } from 'vitest';
import type { Purchase } from '../../../../../contract/purchase-history';
import { filterPurchases, rollupByInvestor } from '../purchase-rollup';

const trade = (tradeId: string, accountId: string, amount: string): Purchase => ({
  tradeId,
  accountId,
  accountName: 'Avery Quinn',
  offeringId: '7',
  amount,
  shares: amount,
  purchasedAt: '2026-03-10T10:00:00',
  offeringTotalShares: null,
  targetAmount: null,
  remainingShares: null,
  unreadable: [],
});

const trades = [
  trade('1', 'A1040001', '100.10'),
  trade('2', 'A1040002', '50'),
  trade('3', 'A1040001', '0.2'),
  trade('4', 'A1040003', '75'),
];

describe('issuer staff look for an investor in the purchase history', () => {
  it('tell three "Avery Quinn" accounts apart by account, with exact totals', () => {
    expect(rollupByInvestor(trades)).toEqual([
      {
        accountId: 'A1040001',
        accountName: 'Avery Quinn',
        trades: 2,
        amount: '100.3',
        shares: '100.3',
      },
      { accountId: 'A1040003', accountName: 'Avery Quinn', trades: 1, amount: '75', shares: '75' },
      { accountId: 'A1040002', accountName: 'Avery Quinn', trades: 1, amount: '50', shares: '50' },
    ]);
  });

  it('search by part of a name or an account id', () => {
    expect(filterPurchases(trades, 'a1040003').map((t) => t.tradeId)).toEqual(['4']);
    expect(filterPurchases(trades, 'quinn')).toHaveLength(4);
    expect(filterPurchases(trades, 'nobody')).toEqual([]);
  });
});
