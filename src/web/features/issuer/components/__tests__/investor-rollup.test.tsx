// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { withViewportWidth } from '../../../../testing/viewport';
import { InvestorRollupTable } from '../investor-rollup';
import type { InvestorRollup } from '../purchase-rollup';

afterEach(cleanup);

const lines: InvestorRollup[] = [
  {
    accountId: 'A1043114',
    accountName: 'Jamie Nakamura',
    trades: 3,
    shares: '227',
    amount: '2279',
  },
  { accountId: 'A1040000', accountName: null, trades: 1, shares: '1', amount: '50.5' },
  { accountId: 'A1040001', accountName: 'Riley Quinn', trades: 2, shares: '5', amount: '10' },
];

describe('an issuer reads the totals by investor account on a 375 px phone', () => {
  withViewportWidth(375);

  it('sees a card an account, largest first, with its amount, shares and trades on screen', () => {
    render(<InvestorRollupTable lines={lines} limit={2} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(
      screen.getByRole('heading', { name: 'Totals by investor account, the 2 largest of 3' }),
    ).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'Totals by investor account' }))
      .getAllByRole('listitem')
      .map((card) => card.textContent);
    expect(cards).toEqual([
      'Jamie Nakamura' + 'Account A1043114' + '$2,279.00 · 227 shares · 3 trades',
      'Name not given' + 'Account A1040000' + '$50.50 · 1 share · 1 trade',
    ]);
  });
});

describe('an issuer reads the totals by investor account on a desktop', () => {
  withViewportWidth(1280);

  it('sees the table with its five columns', () => {
    render(<InvestorRollupTable lines={lines} />);
    const table = screen.getByRole('table', { name: 'Totals by investor account' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Investor', 'Account', 'Trades', 'Shares', 'Amount']);
  });
});
