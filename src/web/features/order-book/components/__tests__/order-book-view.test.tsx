// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderBook } from '../../../../../contract/order-book';
import { preloadDataGrid } from '../../../../components/data-grid';
import { tabStopsIn, tabsFromGridTo } from '../../../../testing/grid';
import { orderRow } from '../../../../testing/order-book';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { withViewportWidth } from '../../../../testing/viewport';
import { OrderBookView } from '../order-book-view';

// The grid library is a chunk of its own: loaded once here, as the page's loader does, so no
// test's wait for a grid depends on how fast a busy machine imports it.
beforeAll(() => preloadDataGrid(), 60_000);
afterEach(cleanup);
// A desktop's width, where the grids' columns fit; the phone has its own block below.
withViewportWidth(1280);

const order = (id: string, securityId: string) => orderRow(id, { securityId });
const rows = [order('1', '7'), order('2', '8')];
const noFilter = { security: null, side: null, status: null };

/** The whole day of two orders, public, with no depth or executions unless a test gives them. */
const wholeDay = (overrides: Partial<OrderBook> = {}): OrderBook => ({
  date: '2026-03-02',
  orderCount: 2,
  view: 'public',
  fullSecurityIds: [],
  fields: 'public',
  securities: [],
  orders: rows,
  executions: [],
  closed: null,
  ...overrides,
});
const showDay = (book: OrderBook) =>
  renderWithProviders(
    <OrderBookView book={book} day="2026-03-02" filter={noFilter} onFilterChange={() => {}} />,
  );

/** The depth of security 7, named Acme. */
const acme = (sides: Pick<OrderBook['securities'][number], 'bids' | 'offers'>) => ({
  securityId: '7',
  securityName: 'Acme',
  ...sides,
  bestBid: sides.bids[0]?.price ?? null,
  bestOffer: sides.offers[0]?.price ?? null,
  spread: null,
  orderCount: 1,
});

describe('the order book while its day is still read', () => {
  it('shows the rows so far, says depth and executions follow, and passes axe', async () => {
    const { container } = renderWithProviders(
      <OrderBookView
        day="2026-03-02"
        book={null}
        loading={{
          early: { orders: rows, names: new Map([['7', 'Acme']]), fields: 'public' },
          progress: { loaded: 1_500, total: null, early: null },
        }}
        filter={noFilter}
        onFilterChange={() => {}}
      />,
    );
    const orders = within(await screen.findByRole('region', { name: 'Orders' }));
    expect(orders.getByText(/^The first 2 orders; the rest are on their way\./)).toBeTruthy();
    expect(screen.getByText('Loading the order book: 1,500 orders so far')).toBeTruthy();
    expect(screen.getByText(/Executions follow once every order/)).toBeTruthy();
    // No depth on a part of the day: it would mislead. The filters are in place, not yet usable.
    expect(screen.queryByRole('heading', { name: /^Depth of / })).toBeNull();
    expect(orders.getByRole('combobox', { name: 'Side' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    // The orders come first: the sections that need the whole day stand below them.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Orders', 'Best prices', 'Executions']);
    const { violations } = await axe.run(container, {
      resultTypes: ['violations'],
      // jsdom does no layout: colour contrast cannot be computed here (the e2e run checks it).
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('keeps the choices from the address in the filters before a row carries them', async () => {
    renderWithProviders(
      <OrderBookView
        day="2026-03-02"
        book={null}
        loading={{
          early: { orders: rows, names: new Map([['7', 'Acme']]), fields: 'public' },
          progress: { loaded: 500, total: null, early: null },
        }}
        filter={{ security: '9', side: 'offer', status: 'cancelled' }}
        onFilterChange={() => {}}
      />,
    );
    const orders = within(await screen.findByRole('region', { name: 'Orders' }));
    expect(orders.getByRole('combobox', { name: 'Security' }).textContent).toBe('9');
    expect(orders.getByRole('combobox', { name: 'Side' }).textContent).toBe('Offers');
    expect(orders.getByRole('combobox', { name: 'Status' }).textContent).toBe('Cancelled');
    // The rows so far are counted as they came, before the filters.
    expect(orders.getByText(/^The first 2 orders; the rest are on their way\./)).toBeTruthy();
  });

  it('says the orders appear as they arrive before the first rows came', async () => {
    renderWithProviders(
      <OrderBookView
        day="2026-03-02"
        book={null}
        loading={{
          early: { orders: [], names: new Map(), fields: 'public' },
          progress: { loaded: 0, total: null, early: null },
        }}
        filter={noFilter}
        onFilterChange={() => {}}
      />,
    );
    const orders = within(await screen.findByRole('region', { name: 'Orders' }));
    expect(orders.getByText(/^The orders appear here as they arrive\./)).toBeTruthy();
    expect(screen.getByText('Loading the order book: Asking for the first orders…')).toBeTruthy();
  });
});

describe('the order book once the whole day came', () => {
  it('shows the whole book with its depth and counts', async () => {
    showDay(
      wholeDay({
        securities: [acme({ bids: [{ price: '5.00', shares: '10', orders: 1 }], offers: [] })],
      }),
    );
    const orders = within(await screen.findByRole('region', { name: 'Orders' }));
    expect(orders.getByText(/^2 of 2 orders\./)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Depth of Acme' })).toBeTruthy();
    expect(screen.queryByText(/the rest are on their way/)).toBeNull();
    // The note keeps its line, with the whole day's sentence, so the grid below does not move.
    expect(orders.getByText('Sorting and the filters cover every order of the day.')).toBeTruthy();
    expect(orders.getByRole('combobox', { name: 'Side' }).getAttribute('aria-disabled')).toBeNull();
    // The executions follow in a render of their own, after the orders.
    const executions = within(screen.getByRole('region', { name: 'Executions' }));
    expect(
      await executions.findByText('0 executions from matched orders, latest first.'),
    ).toBeTruthy();
    expect(executions.queryByText('Listing the executions…')).toBeNull();
  });

  it('notes a mixed view under the grid, so nothing above the rows moves when it comes', async () => {
    showDay(wholeDay({ view: 'mixed', fullSecurityIds: ['7'], fields: 'parties' }));
    const orders = within(await screen.findByRole('region', { name: 'Orders' }));
    const note = orders.getByText(
      'Member and account columns are filled for your own securities only.',
    );
    const grid = await orders.findByRole('grid');
    // The note follows the grid in the document (DOCUMENT_POSITION_FOLLOWING).
    expect(grid.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(orders.getByText(/^Times in your time zone \([^)]+\)\.$/)).toBeTruthy();
  });

  it('gives issuer staff member and account columns and no IP column in either grid', async () => {
    showDay(wholeDay({ view: 'mixed', fullSecurityIds: ['7'], fields: 'parties' }));
    const orders = within(await screen.findByRole('grid', { name: 'Orders' }));
    const headers = orders.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Member', 'Account']));
    expect(headers).not.toContain('Created from IP');
    const executions = within(await screen.findByRole('grid', { name: 'Executions' }));
    expect(executions.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain(
      'Matched from IP',
    );
    expect(screen.queryByText(/IP column/)).toBeNull();
  });

  it("gives a reviewer's view the IP columns of orders and executions", async () => {
    showDay(wholeDay({ view: 'full', fullSecurityIds: ['7', '8'], fields: 'all' }));
    const orders = within(await screen.findByRole('grid', { name: 'Orders' }));
    expect(orders.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Member', 'Account', 'Created from IP']),
    );
    const executions = within(await screen.findByRole('grid', { name: 'Executions' }));
    expect(executions.getAllByRole('columnheader').map((h) => h.textContent)).toContain(
      'Matched from IP',
    );
  });

  it('has no mixed-view note on a public book', async () => {
    showDay(wholeDay());
    await screen.findByRole('region', { name: 'Orders' });
    expect(screen.queryByText(/filled for your own securities only/)).toBeNull();
  });
});

/** A day of `count` orders of security 7, each matched once: over 100, both grids page. */
function busyDay(count: number): OrderBook {
  const orders = Array.from({ length: count }, (_, i) => order(String(900_000 + i), '7'));
  return wholeDay({
    orderCount: count,
    orders,
    executions: orders.map((o, i) => ({
      matchId: `M${i}`,
      orderId: o.id,
      securityId: '7',
      side: 'bid',
      price: '5.00',
      quantity: '1',
      total: '5.00',
      executedAt: '2026-03-02T15:00:00.000Z',
    })),
  });
}

// Pages of 100 rows: slow to render in jsdom on a busy machine.
describe('the order book from the keyboard', { timeout: 90_000 }, () => {
  it('passes each grid in one Tab, its order links taking the cell’s place in the arrows', async () => {
    const user = userEvent.setup();
    showDay(busyDay(101));
    // Text queries: role queries over a page of 100 rows are slow in jsdom.
    const orders = await screen.findByRole('grid', { name: 'Orders' });
    await within(orders).findByText('900000');
    const executions = await screen.findByRole('grid', { name: 'Executions' });
    await within(executions).findByText('900000');

    // One Tab stop a grid (its first header), however many links its rows hold.
    for (const grid of [orders, executions]) {
      expect(grid.querySelectorAll('a[href]').length).toBeGreaterThan(1);
      expect(tabStopsIn(grid)).toEqual([grid.querySelector('[role="columnheader"]')]);
    }
    // From the grid, the pager under it is the next Tab stop.
    const nextPage = (region: string) =>
      within(screen.getByRole('region', { name: region })).getByRole('button', {
        name: 'Go to next page',
      });
    expect(await tabsFromGridTo(user, orders, () => nextPage('Orders'))).toBe(1);
    expect(await tabsFromGridTo(user, executions, () => nextPage('Executions'))).toBe(1);
  });

  it('keeps the grid a Tab stop when the cell last focused leaves the page', async () => {
    showDay(busyDay(101));
    const orders = await screen.findByRole('grid', { name: 'Orders' });
    await within(orders).findByText('900000');
    // A cell of the first row (its side), clicked: the grid's Tab stop.
    const cell = orders.querySelector<HTMLElement>('[data-rowindex="0"] [data-field="side"]')!;
    fireEvent.mouseDown(cell);
    act(() => cell.focus());
    fireEvent.mouseUp(cell);
    fireEvent.click(cell);
    expect(tabStopsIn(orders)).toHaveLength(1);
    expect(tabStopsIn(orders)[0].getAttribute('role')).toBe('gridcell');

    // The pager's next page, the focus on the pager: the cell's row is gone, and the first header
    // is the grid's Tab stop again.
    const next = within(screen.getByRole('region', { name: 'Orders' })).getByRole('button', {
      name: 'Go to next page',
    });
    fireEvent.mouseDown(next);
    act(() => next.focus());
    fireEvent.mouseUp(next);
    fireEvent.click(next);
    await within(orders).findByText('900100');
    expect(tabStopsIn(orders)).toEqual([orders.querySelector('[role="columnheader"]')]);
  });

  it('moves to an order’s link with the arrows, and Enter opens the order', async () => {
    const user = userEvent.setup();
    const { router } = showDay(busyDay(101));
    const orders = await screen.findByRole('grid', { name: 'Orders' });
    const first = (await within(orders).findByText('900000')).closest('a');

    within(orders).getByRole('columnheader', { name: 'Order' }).focus();
    await user.keyboard('{ArrowDown}');
    // The focused cell's link holds the focus, as the grid's one Tab stop.
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first?.tabIndex).toBe(0);
    await user.keyboard('{ArrowDown}');
    const second = within(orders).getByText('900001').closest('a');
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(first?.tabIndex).toBe(-1);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-book/orders/900001'));
  });
});

describe('the order book on a 375 px phone', () => {
  withViewportWidth(375);
  withTimeZones({ viewer: 'UTC', platform: 'UTC' });

  it('holds each order and execution in one column of short lines, every figure on screen', async () => {
    showDay(
      wholeDay({
        view: 'mixed',
        fullSecurityIds: ['7'],
        securities: [acme({ bids: [], offers: [{ price: '98.86', shares: '650', orders: 1 }] })],
        orders: [
          {
            ...order('956500001', '7'),
            side: 'offer',
            shares: '1000',
            sharesRemaining: '650',
            pricePerShare: '98.86',
            totalAmount: '98860.00',
          },
        ],
        executions: [
          {
            matchId: 'M1',
            orderId: '956500001',
            securityId: '7',
            side: 'offer',
            price: '98.86',
            quantity: '350',
            total: '34601.00',
            executedAt: '2026-03-02T15:00:00.000Z',
          },
        ],
      }),
    );
    const orders = within(await screen.findByRole('region', { name: 'Orders' }));
    const ordersGrid = within(await orders.findByRole('grid', { name: 'Orders' }));
    expect(ordersGrid.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Orders']);
    const orderCell = ordersGrid
      .getByRole('link', { name: '956500001' })
      .closest('[role="gridcell"]');
    expect(orderCell?.textContent).toBe(
      '956500001 · Offer · Live' +
        '650 of 1,000 shares left at $98.86, $98,860.00' +
        'Acme · ' +
        new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' }).format(
          new Date('2026-03-02T14:30:00.000Z'),
        ),
    );
    // The one column stands for them all: the wide columns sort it from a select.
    const sortOrders = orders.getByRole('combobox', { name: 'Sort orders by' });
    expect(
      within(sortOrders)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(expect.arrayContaining(['As listed', 'Total, descending', 'Status, ascending']));
    // The member and account columns are not there: the note says where they are.
    expect(
      orders.getByText(
        'Member and account are on each order’s page, for your own securities only.',
      ),
    ).toBeTruthy();

    const executions = within(screen.getByRole('region', { name: 'Executions' }));
    const executionsGrid = within(await executions.findByRole('grid', { name: 'Executions' }));
    const executionCell = executionsGrid
      .getByRole('link', { name: '956500001' })
      .closest('[role="gridcell"]');
    expect(executionCell?.textContent).toMatch(
      /^350 shares at \$98\.86, \$34,601\.00Acme.+ · Offer order 956500001$/,
    );
    // The links in the lines take their cell's place in the arrows: one Tab stop a grid.
    for (const grid of ['Orders', 'Executions']) {
      expect(tabStopsIn(screen.getByRole('grid', { name: grid }))).toHaveLength(1);
    }
  });

  it('leads from the top of the orders straight to the best prices and the executions below them', async () => {
    showDay(
      wholeDay({ securities: [acme({ bids: [], offers: [] })], orders: [order('956500001', '7')] }),
    );
    const jumps = within(await screen.findByRole('navigation', { name: 'Further down this page' }));
    const user = userEvent.setup({ delay: null });
    await user.click(jumps.getByRole('link', { name: 'Best prices' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Best prices' }));
    await user.click(jumps.getByRole('link', { name: 'Executions' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Executions' }));
  });
});
