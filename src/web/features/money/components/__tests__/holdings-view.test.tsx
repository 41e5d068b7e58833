// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HoldingsResult } from '../../../../../contract/holdings';
import { preloadDataGrid } from '../../../../components/data-grid';
import { holdingRow } from '../../../../testing/holdings';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { withViewportWidth } from '../../../../testing/viewport';
import { Holdings } from '../holdings-view';

startMockBff();
// The grid library arrives once, before the tests: a fresh import of it takes seconds.
beforeAll(() => preloadDataGrid());

/** The trades' grid, once its library has arrived (a fresh import takes a while beside others). */
const findTrades = () => screen.findByRole('grid', { name: 'Trades' }, { timeout: 20_000 });

/** The trade IDs of the rows shown, in their order (each grid row carries its id). */
const shownIds = () =>
  [...screen.getByRole('grid', { name: 'Trades' }).querySelectorAll('[role="row"][data-id]')].map(
    (row) => row.getAttribute('data-id'),
  );
withTimeZones({ viewer: 'America/New_York', platform: 'UTC' });
afterEach(cleanup);

const holdings: HoldingsResult = {
  state: 'available',
  trades: [holdingRow('T900')],
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
  uncounted: [],
  cut: false,
  complete: true,
  gaps: [],
};

const offeringsUnreadGap =
  'The offerings could not be read right now, so each is shown by its number. Your investments are listed in full.';
/** The holdings while the offerings could not be read: each offering is known by its number. */
const offeringsUnread: HoldingsResult = {
  ...holdings,
  trades: holdings.trades.map((t) => ({ ...t, offeringName: null })),
  byOffering: holdings.byOffering.map((o) => ({ ...o, offeringName: null })),
  gaps: [offeringsUnreadGap],
};

/** The holdings section, the BFF answering `answer`. */
function renderHoldings(answer: HoldingsResult) {
  bff.use(http.get('/api/holdings', () => HttpResponse.json(answer)));
  return renderWithProviders(<Holdings />);
}

describe('an investor reads their holdings', () => {
  withViewportWidth(1280);

  it('sees each trade’s date in their zone, named, as every other page shows the platform’s times', async () => {
    renderHoldings(holdings);
    const trades = await findTrades();
    expect(within(trades).getByRole('columnheader', { name: 'Date' })).toBeTruthy();
    expect(
      within(trades).getByText('Nov 25, 2026, 1:41 AM EST (6:41 AM UTC on the platform)'),
    ).toBeTruthy();
    expect(screen.queryByText(/time zone not stated/)).toBeNull();
  });

  it('still sees every trade, each offering by its number, when the offerings could not be read', async () => {
    renderHoldings(offeringsUnread);
    expect((await screen.findByText(offeringsUnreadGap)).closest('[role="status"]')).toBeTruthy();
    const trades = await findTrades();
    expect(within(trades).getByText('Offering 42')).toBeTruthy();
  });

  it('is told which account could not be read, not "No investments yet", and reads it again with Try again', async () => {
    const gap =
      'The investments of account A1040173 could not be read right now, so they are neither listed nor in any total below. Try again in a moment.';
    let reads = 0;
    bff.use(
      http.get('/api/holdings', () => {
        reads += 1;
        return HttpResponse.json(
          reads === 1
            ? {
                ...holdings,
                trades: [],
                byOffering: [],
                totalAmount: '0',
                pendingAmount: '0',
                complete: false,
                gaps: [gap],
              }
            : holdings,
        );
      }),
    );
    renderWithProviders(<Holdings />);
    const notice = (await screen.findByText(gap)).closest('[role="status"]') as HTMLElement;
    expect(notice).toBeTruthy();
    expect(screen.queryByText('No investments yet')).toBeNull();
    await userEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    const trades = await findTrades();
    expect(within(trades).getByText('Acme Growth Shares')).toBeTruthy();
    expect(screen.queryByText(gap)).toBeNull();
  });

  it('is told who must act, with no Try again, when the platform refused the portal’s own access to an account’s trades', async () => {
    const gap =
      'The investments of account A1040173 could not be read, so they are neither listed nor in any total below. The portal’s access to the platform is not set up correctly. Please contact support.';
    renderHoldings({ ...holdings, complete: false, gaps: [gap], lasting: [gap] });
    const notice = (await screen.findByText(gap)).closest('[role="status"]') as HTMLElement;
    expect(within(notice).queryByRole('button')).toBeNull();
  });
});

describe('an investor whose trades carry fractions of a cent', () => {
  withViewportWidth(1280);

  it('reads each trade as the platform states it, so the rows add up to the total rounded once', async () => {
    // 2 units and 3 units at $0.333: $0.666 and $0.999, $1.665 in all, $1.67 once rounded.
    // Each rounded to the cent ($0.67 + $1.00) they would read $1.67 too here, but 73 such
    // rows read $647.04 above a total of $647.02.
    const row = (tradeId: string, units: string, amount: string) => ({
      ...holdings.trades[0],
      tradeId,
      offeringId: '5210',
      units,
      amount,
    });
    renderHoldings({
      ...holdings,
      trades: [row('T1', '2', '0.666000'), row('T2', '3', '0.999000')],
      byOffering: [
        {
          ...holdings.byOffering[0],
          offeringId: '5210',
          units: '5',
          amount: '1.665',
          tradeCount: 2,
        },
      ],
      totalAmount: '1.665',
      pendingAmount: '1.665',
    });
    const trades = await findTrades();
    expect(within(trades).getByText('$0.666')).toBeTruthy();
    expect(within(trades).getByText('$0.999')).toBeTruthy();
    expect(within(trades).queryByText('$0.67')).toBeNull();
  });
});

describe('an investor one of whose offerings could not be read', () => {
  withViewportWidth(1280);

  it('is told why it is shown by its number, while the others keep their names', async () => {
    renderHoldings({
      ...holdings,
      trades: [
        ...holdings.trades,
        { ...holdings.trades[0], tradeId: 'T901', offeringId: '5208', offeringName: null },
      ],
      byOffering: [
        { ...holdings.byOffering[0], offeringId: '5208', offeringName: null },
        ...holdings.byOffering,
      ],
    });
    const words = await screen.findByText(
      '1 offering could not be read, so it is shown by its number (Offering 5208). Your investments in it are listed in full.',
    );
    expect(words.closest('[role="alert"]')).toBeTruthy();
    const totals = screen.getByRole('table', { name: 'Totals per offering' });
    expect(within(totals).getByRole('link', { name: 'Offering 5208: its trades' })).toBeTruthy();
    expect(
      within(totals).getByRole('link', { name: 'Acme Growth Shares: its trades' }),
    ).toBeTruthy();
  });

  it('is told once, not twice, when the whole catalogue could not be read', async () => {
    renderHoldings(offeringsUnread);
    expect(await screen.findByText(offeringsUnreadGap)).toBeTruthy();
    expect(screen.queryByText(/could not be read, so it is shown/)).toBeNull();
  });
});

describe('an investor reads their trades on a phone', () => {
  withViewportWidth(375);

  it('sees each trade in one cell of lines with its amount, units and status in view, not past the edge of a table', async () => {
    renderHoldings(holdings);
    const trades = await findTrades();
    expect(
      within(trades)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Trades']);
    const [cell] = within(trades).getAllByRole('gridcell');
    expect(within(cell).getByRole('link', { name: 'Acme Growth Shares' })).toBeTruthy();
    expect(cell.textContent).toContain('$125.00 · 10 units · Created');
    expect(cell.textContent).toContain(
      'Nov 25, 2026, 1:41 AM EST (6:41 AM UTC on the platform) · Account A1040000 · Trade ID T900',
    );
    // The wide columns sort from a select, since one cell holds several of them.
    expect(screen.getByRole('combobox', { name: 'Sort trades by' })).toBeTruthy();
  });
});

describe('an investor reads their totals on a phone', () => {
  withViewportWidth(375);

  it('sees one card an offering with its amount, units and trades, not a table past the screen', async () => {
    renderHoldings({
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
    });
    const totals = await screen.findByRole('list', { name: 'Totals per offering' });
    expect(screen.queryByRole('table', { name: 'Totals per offering' })).toBeNull();
    const [first, second] = within(totals).getAllByRole('listitem');
    expect(
      within(first).getByRole('link', { name: 'Acme Growth Shares: its trades' }),
    ).toBeTruthy();
    expect(first.textContent).toContain('$125.00 · 10 units · 1 trade');
    expect(within(second).getByRole('link', { name: 'Offering 43: its trades' })).toBeTruthy();
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
    const user = userEvent.setup({ delay: null });
    renderHoldings({ ...holdings, trades });
    await findTrades();
    expect(shownIds()).toHaveLength(25);
    expect(shownIds()[0]).toBe('T1000');
    const pages = screen.getByRole('navigation', { name: 'Pages of trades' });
    expect(within(pages).getByText('1–25 of 60')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    expect(await within(pages).findByText('51–60 of 60')).toBeTruthy();
    expect(shownIds()).toEqual(trades.slice(50).map((trade) => trade.tradeId));
  });
});

describe('an investor reads what is settled apart from what still waits', () => {
  withViewportWidth(1280);

  it('does not count a trade waiting for payment and approval as owned', async () => {
    renderHoldings({ ...holdings, totalAmount: '375', settledAmount: '250' });
    const totals = await screen.findByRole('region', { name: 'Totals per offering' });
    expect(totals.textContent).toContain('Settled (the units are in your account): $250.00');
    expect(totals.textContent).toContain('Waiting for payment or approval: $125.00');
    expect(totals.textContent).toContain('Total of both (cancelled trades left out): $375.00');
    expect(totals.textContent).not.toContain('Total invested');
  });
});

describe('an investor whose trade came with no amount and a status the portal does not know', () => {
  withViewportWidth(1280);

  it('reads, above the totals, that the trade is left out of them, by its id and what is missing', async () => {
    const unread = {
      ...holdings.trades[0],
      tradeId: 'T901',
      units: '30',
      amount: null,
      status: '42',
      statusText: 'Status "42"',
    };
    renderHoldings({
      ...holdings,
      trades: [unread, ...holdings.trades],
      uncounted: [{ tradeId: 'T901', unreadable: ['amount', 'status'] }],
      complete: false,
    });
    const totals = await screen.findByRole('region', { name: 'Totals per offering' });
    const notice = within(totals).getByRole('alert');
    expect(notice.textContent).toBe(
      'Left out of these totals: trade T901 (its amount and status could not be read). It is listed under Trades.',
    );
    // Before the figures, so they are not read as the whole first.
    expect(
      notice.compareDocumentPosition(within(totals).getByText(/^Total of both/)) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // Not the words of a list cut at the portal's limit: every trade is listed.
    expect(screen.queryByText(/Only the most recent trades are listed/)).toBeNull();
    const trades = screen.getByRole('grid', { name: 'Trades' });
    expect(within(trades).getByText('T901')).toBeTruthy();
  });

  it('names each of several, with a count', async () => {
    renderHoldings({
      ...holdings,
      uncounted: [
        { tradeId: 'T901', unreadable: ['amount'] },
        { tradeId: 'T902', unreadable: ['units', 'amount', 'status'] },
      ],
      complete: false,
    });
    const totals = await screen.findByRole('region', { name: 'Totals per offering' });
    expect(within(totals).getByRole('alert').textContent).toBe(
      'Left out of these totals, 2 trades: trade T901 (its amount could not be read) and trade T902 (its units, amount and status could not be read). They are listed under Trades.',
    );
  });

  it('names a trade being reversed and one that is not a purchase, each with why', async () => {
    renderHoldings({
      ...holdings,
      uncounted: [
        { tradeId: 'T903', unreadable: [], notCounted: ['being_reversed'] },
        { tradeId: 'T904', unreadable: [], notCounted: ['negative_amount', 'no_units'] },
      ],
      complete: false,
    });
    const totals = await screen.findByRole('region', { name: 'Totals per offering' });
    expect(within(totals).getByRole('alert').textContent).toBe(
      'Left out of these totals, 2 trades: trade T903 (being reversed) and trade T904 (its amount is below zero and it is for 0 units). They are listed under Trades.',
    );
  });
});

describe('an investor with a trade the service sent unreadable', () => {
  withViewportWidth(1280);

  it('reads in the totals that one trade could not be shown and is in none of them', async () => {
    renderHoldings({
      ...holdings,
      skippedRecords: 1,
      unreadableTradeIds: ['302915'],
      complete: false,
    });
    const totals = await screen.findByRole('region', { name: 'Totals per offering' });
    // Its id could still be read: it is named, so the investor can ask about it.
    expect(within(totals).getByRole('status').textContent).toBe(
      '1 trade could not be shown. The service sent it in a form the portal could not read; everything else is listed. Not shown: trade 302915. It is in none of the totals.',
    );
  });

  it('is not told "No investments yet" when the only trade is the unreadable one', async () => {
    renderHoldings({
      ...holdings,
      trades: [],
      byOffering: [],
      totalAmount: '0',
      pendingAmount: '0',
      skippedRecords: 2,
      complete: false,
    });
    const totals = await screen.findByRole('region', { name: 'Totals per offering' });
    expect(within(totals).getByRole('status').textContent).toContain(
      '2 trades could not be shown. The service sent them',
    );
    expect(screen.queryByText('No investments yet')).toBeNull();
  });
});
