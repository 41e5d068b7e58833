// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Purchase } from '../../../../../contract/purchase-history';
import { withTimeZones } from '../../../../testing/time-zones';
import { withViewportWidth } from '../../../../testing/viewport';
import { newestPurchasesFirst, PurchaseHistoryTable } from '../purchase-history-table';

// A 375 px phone: below the theme's md breakpoint, where the grid's columns do not fit.
withViewportWidth(375);
withTimeZones({ viewer: 'America/New_York', platform: 'UTC' });
afterEach(cleanup);

const purchase = (n: number, overrides: Partial<Purchase> = {}): Purchase => ({
  tradeId: String(1000 + n),
  accountId: `A${1040000 + n}`,
  accountName: `Investor ${n}`,
  offeringId: 'OF1',
  amount: `${n * 100}.5`,
  shares: String(n),
  // One trade a day from Nov 1, so a higher n is newer.
  purchasedAt: `2026-11-${String(1 + (n % 28)).padStart(2, '0')}T15:00:00`,
  offeringTotalShares: null,
  targetAmount: null,
  remainingShares: null,
  ...overrides,
});

describe('an issuer reads an offering’s trades on a phone', () => {
  it('sees a card a trade with investor, amount, shares, date and trade id, newest first', () => {
    render(
      <PurchaseHistoryTable
        purchases={[purchase(1), purchase(3), purchase(2, { accountName: null })]}
      />,
    );
    expect(screen.queryByRole('grid')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Trades' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringMatching(
        /^Investor 3 \(A1040003\)\$300\.50.*Shares 3 · Nov 4, 2026, [^·]+ · Trade 1003$/,
      ),
      expect.stringMatching(/^Name not given \(A1040002\)\$200\.50.*Shares 2 · Nov 3, 2026/),
      expect.stringMatching(/^Investor 1 \(A1040001\)\$100\.50.*Shares 1 · Nov 2, 2026/),
    ]);
  });

  it('pages through a long history 25 trades at a time', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 27 }, (_, i) => purchase(i + 1));
    render(<PurchaseHistoryTable purchases={many} />);
    const list = () => within(screen.getByRole('list', { name: 'Trades' }));
    expect(list().getAllByRole('listitem')).toHaveLength(25);
    expect(screen.getByText('1–25 of 27')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Older/ }));
    expect(list().getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('26–27 of 27')).toBeTruthy();
  });
});

describe('the order of the cards', () => {
  it('puts an undated trade last and, on the same date, the larger trade id first', () => {
    const sameDay = '2026-11-20T10:00:00';
    const order = newestPurchasesFirst([
      purchase(1, { tradeId: '9', purchasedAt: sameDay }),
      purchase(2, { tradeId: '77', purchasedAt: null }),
      purchase(3, { tradeId: '10', purchasedAt: sameDay }),
      purchase(4, { tradeId: '5', purchasedAt: '2026-11-21T09:00:00' }),
    ]).map((p) => p.tradeId);
    expect(order).toEqual(['5', '10', '9', '77']);
  });
});
