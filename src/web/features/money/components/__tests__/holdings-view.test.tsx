// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { HoldingsResult } from '../../../../../contract/holdings';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { withViewportWidth } from '../../../../testing/viewport';
import { Holdings } from '../holdings-view';

startMockBff();
withTimeZones({ viewer: 'America/New_York', platform: 'UTC' });
afterEach(cleanup);

const holdings: HoldingsResult = {
  state: 'available',
  trades: [
    {
      tradeId: 'T900',
      accountId: 'A1040000',
      offeringId: '42',
      offeringName: 'Acme Growth Shares',
      units: '10',
      amount: '125',
      status: 'created',
      statusText: 'Created',
      createdAt: '2026-11-25T06:41:00',
      paymentMethod: 'ach',
      archived: false,
    },
  ],
  byOffering: [
    {
      offeringId: '42',
      offeringName: 'Acme Growth Shares',
      units: '10',
      amount: '125',
      tradeCount: 1,
    },
  ],
  totalAmount: '125',
  settledAmount: '0',
  pendingAmount: '125',
  complete: true,
  gaps: [],
};

describe('an investor reads their holdings', () => {
  withViewportWidth(1280);

  it('sees each trade’s date in their zone, named, as every other page shows the platform’s times', async () => {
    bff.use(http.get('/api/holdings', () => HttpResponse.json(holdings)));
    renderWithProviders(<Holdings />);
    const trades = await screen.findByRole('table', { name: 'Trades' });
    expect(within(trades).getByRole('columnheader', { name: 'Date' })).toBeTruthy();
    expect(
      within(trades).getByText('Nov 25, 2026, 1:41 AM EST (6:41 AM UTC on the platform)'),
    ).toBeTruthy();
    expect(screen.queryByText(/time zone not stated/)).toBeNull();
  });

  it('still sees every trade, each offering by its number, when the offerings could not be read', async () => {
    const gap =
      'The offerings could not be read right now, so each is shown by its number. Your investments are listed in full.';
    bff.use(
      http.get('/api/holdings', () =>
        HttpResponse.json({
          ...holdings,
          trades: holdings.trades.map((t) => ({ ...t, offeringName: null })),
          byOffering: holdings.byOffering.map((o) => ({ ...o, offeringName: null })),
          gaps: [gap],
        }),
      ),
    );
    renderWithProviders(<Holdings />);
    expect((await screen.findByText(gap)).closest('[role="alert"]')).toBeTruthy();
    const trades = await screen.findByRole('table', { name: 'Trades' });
    expect(within(trades).getByText('Offering 42')).toBeTruthy();
  });
});

describe('an investor reads their trades on a phone', () => {
  withViewportWidth(375);

  it('sees each trade as a card with its amount, units and status in view, not past the edge of a table', async () => {
    bff.use(http.get('/api/holdings', () => HttpResponse.json(holdings)));
    renderWithProviders(<Holdings />);
    const trades = await screen.findByRole('list', { name: 'Trades' });
    expect(screen.queryByRole('table', { name: 'Trades' })).toBeNull();
    const [card] = within(trades).getAllByRole('listitem');
    expect(within(card).getByRole('link', { name: 'Acme Growth Shares' })).toBeTruthy();
    expect(card.textContent).toContain('$125.00');
    expect(card.textContent).toContain('10 units');
    expect(card.textContent).toContain('Created');
    expect(card.textContent).toContain(
      'Nov 25, 2026, 1:41 AM EST (6:41 AM UTC on the platform) · Account A1040000 · Trade ID T900',
    );
  });
});

describe('an investor reads their totals on a phone', () => {
  withViewportWidth(375);

  it('sees one card an offering with its amount, units and trades, not a table past the screen', async () => {
    bff.use(
      http.get('/api/holdings', () =>
        HttpResponse.json({
          ...holdings,
          byOffering: [
            holdings.byOffering[0],
            {
              offeringId: '43',
              offeringName: null,
              units: '1',
              amount: '12.5',
              tradeCount: 3,
            },
          ],
        }),
      ),
    );
    renderWithProviders(<Holdings />);
    const totals = await screen.findByRole('list', { name: 'Totals per offering' });
    expect(screen.queryByRole('table', { name: 'Totals per offering' })).toBeNull();
    const [first, second] = within(totals).getAllByRole('listitem');
    expect(within(first).getByRole('link', { name: 'Acme Growth Shares' })).toBeTruthy();
    expect(first.textContent).toContain('$125.00 · 10 units · 1 trade');
    expect(within(second).getByRole('link', { name: 'Offering 43' })).toBeTruthy();
    expect(second.textContent).toContain('$12.50 · 1 unit · 3 trades');
  });
});

describe('an investor with many trades', () => {
  withViewportWidth(1280);

  it('pages through them, newest first, the oldest within reach', async () => {
    const trades = Array.from({ length: 60 }, (_, i) => ({
      ...holdings.trades[0],
      tradeId: `T${1000 - i}`,
    }));
    bff.use(http.get('/api/holdings', () => HttpResponse.json({ ...holdings, trades })));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Holdings />);
    const table = await screen.findByRole('table', { name: 'Trades' });
    const ids = () =>
      within(screen.getByRole('table', { name: 'Trades' }))
        .getAllByText(/^T\d+$/)
        .map((cell) => cell.textContent);
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(ids()[0]).toBe('T1000');
    const pages = screen.getByRole('navigation', { name: 'Pages of trades' });
    expect(within(pages).getByText('1–25 of 60')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    expect(within(pages).getByText('51–60 of 60')).toBeTruthy();
    expect(ids()).toEqual(trades.slice(50).map((trade) => trade.tradeId));
  });
});

describe('an investor reads what is settled apart from what still waits', () => {
  withViewportWidth(1280);

  it('does not count a trade waiting for payment and approval as owned', async () => {
    bff.use(
      http.get('/api/holdings', () =>
        HttpResponse.json({ ...holdings, totalAmount: '375', settledAmount: '250' }),
      ),
    );
    renderWithProviders(<Holdings />);
    const totals = await screen.findByRole('region', { name: 'Totals per offering' });
    expect(totals.textContent).toContain('Settled (the units are in your account): $250.00');
    expect(totals.textContent).toContain('Waiting for payment or approval: $125.00');
    expect(totals.textContent).toContain('Total of both (cancelled trades left out): $375.00');
    expect(totals.textContent).not.toContain('Total invested');
  });
});
