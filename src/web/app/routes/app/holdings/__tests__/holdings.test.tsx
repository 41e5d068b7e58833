// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HoldingRow, HoldingsResult } from '../../../../../../contract/holdings';
import { outcomeWordsOf } from '../../../../../../contract/money-requests';
import { preloadDataGrid } from '../../../../../components/data-grid';
import { findGrid, tabStopsIn } from '../../../../../testing/grid';
import { holdingRow } from '../../../../../testing/holdings';
import { moneyRequestView } from '../../../../../testing/money-request';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { onFakeClock, renderWithProviders } from '../../../../../testing/render';
import { withTimeZones } from '../../../../../testing/time-zones';
import { withViewportWidth } from '../../../../../testing/viewport';
import { useHoldings } from '../../../../../features/money/api/get-holdings';
import { Holdings } from '../../../../../features/money/components/holdings-view';
import HoldingsRoute from '../holdings';

startMockBff();
withTimeZones({ viewer: 'America/New_York', platform: 'UTC' });
afterEach(cleanup);

/** Five trades, newest first as the BFF lists them: two offerings, two accounts. */
const five: HoldingRow[] = [
  holdingRow('T905', { amount: '50', units: '4' }),
  holdingRow('T904', { offeringId: '43', offeringName: 'Birch Lane Notes', amount: '900' }),
  holdingRow('T903', { accountId: 'A1040001', amount: '300' }),
  holdingRow('T902', {
    accountId: 'A1040001',
    offeringId: '43',
    offeringName: 'Birch Lane Notes',
    amount: '20',
  }),
  holdingRow('T901', { amount: '125' }),
];

const result = (trades: HoldingRow[]): HoldingsResult => ({
  state: 'available',
  trades,
  byOffering: [
    {
      offeringId: '42',
      offeringName: 'Acme Growth Shares',
      units: '24',
      amount: '475',
      tradeCount: 3,
    },
    {
      offeringId: '43',
      offeringName: 'Birch Lane Notes',
      units: '20',
      amount: '920',
      tradeCount: 2,
    },
  ],
  totalAmount: '1395',
  settledAmount: '0',
  pendingAmount: '1395',
  complete: true,
  uncounted: [],
  cut: false,
  gaps: [],
});

const noReview = { status: null, date: null };
/** The person's accounts as My accounts lists them, an individual one and an IRA. */
const myAccounts = {
  accounts: [
    {
      id: 'A1040000',
      name: 'Avery Quinn',
      type: 'Individual',
      reviews: { kyc: noReview, aml: noReview, accreditation: noReview, approval: noReview },
      loaded: true,
    },
    {
      id: 'A1040001',
      name: 'Avery Quinn Roth IRA',
      type: 'IRA',
      reviews: { kyc: noReview, aml: noReview, accreditation: noReview, approval: noReview },
      loaded: true,
    },
  ],
};

const answer = (trades: HoldingRow[]) =>
  bff.use(
    http.get('/api/holdings', () => HttpResponse.json(result(trades))),
    http.get('/api/accounts', () => HttpResponse.json(myAccounts)),
  );

/** The trades grid once its headers and rows are there, not only its frame (findGrid). */
const findTrades = () => findGrid('Trades');

/** The trade IDs of the rows shown, in their order (each grid row carries its id). */
const shownIds = () =>
  [...screen.getByRole('grid', { name: 'Trades' }).querySelectorAll('[role="row"][data-id]')].map(
    (row) => row.getAttribute('data-id'),
  );

const open = (search = '') =>
  renderWithProviders(<HoldingsRoute />, { path: `/holdings${search}` });

/*
 * The first grid a test file renders costs seconds more than the next ones: the grid library's
 * import, then its styles and code run for the first time. On a busy machine that first test ran
 * past its timeout, and its unfinished steps went on acting on the next test's page (`screen` is
 * the document, shared by both). Paid once here, before any test and under the hooks' longer
 * timeout, each test then measures only its own work.
 */
beforeAll(async () => {
  await preloadDataGrid();
  answer(five);
  open();
  await findTrades();
  cleanup();
  bff.resetHandlers();
});

describe('an investor opening a shared link naming an offering or account not theirs', () => {
  withViewportWidth(1280);

  it('sees the filters the link applies, each named as not theirs, never "All"', async () => {
    answer(five);
    open('?offering=zzz&account=A9999999');
    const offering = await screen.findByRole('combobox', { name: 'Offering' });
    const account = screen.getByRole('combobox', { name: 'Account' });
    expect((offering as HTMLSelectElement).value).toBe('zzz');
    expect((account as HTMLSelectElement).value).toBe('A9999999');
    const description = (select: HTMLElement) =>
      document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description(offering)).toBe(
      'The link names offering “zzz”, which is not one you hold trades in.',
    );
    expect(description(account)).toBe(
      'The link names account “A9999999”, which none of your trades is in.',
    );
    expect(screen.getByText('0 of 5 trades')).toBeTruthy();
    expect(
      screen.getByText(
        'The link names offering “zzz”, which is not one you hold trades in. The link names account “A9999999”, which none of your trades is in. Choose “Show all trades” to list every one of yours.',
      ),
    ).toBeTruthy();
  });
});

describe('an investor narrows their trades (My investments)', () => {
  withViewportWidth(1280);

  it('to one offering and one account, kept in the address, and back to every trade', async () => {
    answer(five);
    const { router } = open();
    await findTrades();
    expect(shownIds()).toEqual(['T905', 'T904', 'T903', 'T902', 'T901']);
    expect(screen.getByText('5 trades')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Offering' }), {
      target: { value: '42' },
    });
    await waitFor(() => expect(shownIds()).toEqual(['T905', 'T903', 'T901']));
    expect(screen.getByText('3 of 5 trades')).toBeTruthy();
    expect(router.state.location.search).toBe('?offering=42');

    // Each account as its pages name it: which one is the IRA is plain.
    const account = screen.getByRole('combobox', { name: 'Account' });
    await waitFor(() =>
      expect(
        within(account).getByRole('option', {
          name: /^\u2068?Avery Quinn Roth IRA\u2069? \(A1040001\)$/,
        }),
      ).toBeTruthy(),
    );
    fireEvent.change(account, { target: { value: 'A1040001' } });
    await waitFor(() => expect(shownIds()).toEqual(['T903']));
    expect(new URLSearchParams(router.state.location.search).get('account')).toBe('A1040001');

    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Show all trades' }));
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    expect(router.state.location.search).toBe('');
  });

  it('to one account: each row names its account, and the totals say they are of all accounts', async () => {
    answer(five);
    const { router } = open('?account=A1040001');
    const grid = await findTrades();
    await waitFor(() => expect(shownIds()).toEqual(['T903', 'T902']));
    // The account column names the account as its pages do, once the list of accounts is read.
    const accountCells = () =>
      [...grid.querySelectorAll('[role="gridcell"][data-field="accountId"]')].map(
        (cell) => cell.textContent,
      );
    await waitFor(() =>
      expect(accountCells()).toEqual([
        '\u2068Avery Quinn Roth IRA\u2069 (A1040001)',
        '\u2068Avery Quinn Roth IRA\u2069 (A1040001)',
      ]),
    );
    // The totals above are of every account (475 + 920): said, with the way to the IRA's own.
    const totals = screen.getByRole('region', { name: 'Totals per offering' });
    const note = within(totals).getByText(/^These totals are of all your accounts/);
    expect(note.textContent).toBe(
      "These totals are of all your accounts; the trades below are narrowed to \u2068Avery Quinn Roth IRA\u2069 (A1040001). Totals of \u2068Avery Quinn Roth IRA\u2069 (A1040001) alone are on that account's money page.",
    );
    expect(within(note).getByRole('link').getAttribute('href')).toBe('/accounts/A1040001/money');

    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Show all trades' }));
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    expect(router.state.location.search).toBe('');
    expect(within(totals).queryByText(/^These totals are of all your accounts/)).toBeNull();
    expect(accountCells()).toEqual([
      '\u2068Avery Quinn\u2069 (A1040000)',
      '\u2068Avery Quinn\u2069 (A1040000)',
      '\u2068Avery Quinn Roth IRA\u2069 (A1040001)',
      '\u2068Avery Quinn Roth IRA\u2069 (A1040001)',
      '\u2068Avery Quinn\u2069 (A1040000)',
    ]);
  });

  it('reads on a trade still waiting for payment how to pay it, and on a paid one nothing more', async () => {
    answer([
      holdingRow('T910', { paymentMethod: 'wire', amount: '110', statusText: 'Created: waiting' }),
      holdingRow('T909', { status: 'funded', paymentMethod: 'wire', statusText: 'Funded' }),
    ]);
    const grid = await (open(), findTrades());
    const statusOf = (tradeId: string) =>
      grid.querySelector(`[role="row"][data-id="${tradeId}"] [data-field="statusText"]`)
        ?.textContent;
    expect(statusOf('T910')).toBe(
      'Created: waitingNext: Send the wire for $110.00 by the instructions the issuer or the platform sends you, with trade ID T910 in its reference (memo) field.',
    );
    expect(statusOf('T909')).toBe('Funded');
  });

  it('on an account’s own page: no account column, and totals that are the account’s', async () => {
    const ira = five.filter((trade) => trade.accountId === 'A1040001');
    answer(ira);
    renderWithProviders(<Holdings accountId="A1040001" />);
    const grid = await findTrades();
    expect(shownIds()).toEqual(['T903', 'T902']);
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Offering', 'Units', 'Amount', 'Status', 'Trade ID']);
    expect(screen.queryByText(/^These totals are of all your accounts/)).toBeNull();
  });

  it('opened from a shared link or a reload, shows the same offering and sort', async () => {
    answer(five);
    // Amount, lowest first: the order differs from the newest-first one the page opens with, so
    // the rows' order shows the link's sort was applied (the header's aria-sort is checked where
    // the sort is chosen by the header, below).
    open('?offering=43&sort=amount.asc');
    await findTrades();
    expect(shownIds()).toEqual(['T902', 'T904']);
    expect(screen.getByRole('combobox', { name: 'Offering' })).toHaveProperty('value', '43');
  });

  it('an offering they hold none of says so, with the way back to every trade', async () => {
    answer(five);
    open('?offering=99');
    expect(
      await screen.findByText(
        'The link names offering “99”, which is not one you hold trades in. Choose “Show all trades” to list every one of yours.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('0 of 5 trades')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show all trades' })).toBeTruthy();
  });

  it('from the totals: an offering’s row leads to its trades, with the focus on how many there are', async () => {
    answer(five);
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    await findTrades();
    const totals = screen.getByRole('table', { name: 'Totals per offering' });
    await user.click(within(totals).getByRole('link', { name: 'Birch Lane Notes: its trades' }));
    await waitFor(() => expect(shownIds()).toEqual(['T904', 'T902']));
    expect(router.state.location.search).toBe('?offering=43');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('2 of 5 trades')));
  });
});

describe('an investor sorts their trades', () => {
  withViewportWidth(1280);

  it('by a column’s header, the sort kept in the address, the grid still one Tab stop', async () => {
    answer(five);
    const user = userEvent.setup({ delay: null });
    const { router } = open();
    const grid = await findTrades();
    const amount = within(grid).getByRole('columnheader', { name: 'Amount' });
    expect(amount.getAttribute('aria-sort')).toBe('none');
    await user.click(amount);
    await waitFor(() => expect(shownIds()).toEqual(['T904', 'T903', 'T901', 'T905', 'T902']));
    expect(amount.getAttribute('aria-sort')).toBe('descending');
    expect(router.state.location.search).toBe('?sort=amount.desc');
    // The links in the rows take their cell's tab index: Tab passes the grid in one step.
    expect(tabStopsIn(grid)).toHaveLength(1);
  });
});

describe('an investor with many trades pages through them', () => {
  withViewportWidth(1280);

  const sixty = Array.from({ length: 60 }, (_, i) => holdingRow(`T${1000 - i}`, {}));

  it('the page kept in the address: a reload comes back to it, and "Older" moves it on', async () => {
    answer(sixty);
    const user = userEvent.setup({ delay: null });
    const { router } = open('?page=2');
    await findTrades();
    const pages = screen.getByRole('navigation', { name: 'Pages of trades' });
    expect(within(pages).getByText('26–50 of 60')).toBeTruthy();
    expect(shownIds()[0]).toBe('T975');

    const older = within(pages).getByRole('button', { name: 'Older' });
    older.focus();
    await user.keyboard('{Enter}');
    expect(await within(pages).findByText('51–60 of 60')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=3');
    // "Older" is disabled on the last page: the focus goes to "Newer", not to the page body.
    expect(older).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(within(pages).getByRole('button', { name: 'Newer' }));
  });
});

describe('an investor sorts their trades on a phone', () => {
  withViewportWidth(375);

  it('from the select above the grid, the sort kept in the address', async () => {
    answer(five);
    const { router } = open();
    await findTrades();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort trades by' }), {
      target: { value: 'amount:asc' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amount.asc'));
    const cells = within(screen.getByRole('grid', { name: 'Trades' })).getAllByRole('gridcell');
    expect(cells[0].textContent).toContain('Trade ID T902');
  });
});

/** Says once the investments' read (the page's own query) has its answer. */
function InvestmentsReadProbe() {
  return useHoldings().data ? <p>probe: investments read</p> : null;
}

describe('an investor looks on My investments for an investment whose outcome is unknown', () => {
  withViewportWidth(1280);

  /** The investor's investments still without a trade, as the BFF answers them. */
  const standing = [
    moneyRequestView({
      reference: 'MR-XAHA4YCZV5',
      accountId: 'A1040001',
      kind: 'investment',
      offeringId: '42',
      offeringName: 'Acme Growth Shares',
      units: '20',
      unitPrice: '2.5',
      amount: '50.00',
      method: 'ach',
      outcome: 'unknown',
      createdAt: '2026-11-29T16:33:00.000Z',
      userEmail: undefined,
    }),
  ];
  /** The BFF's answer listing `standing`, and none settled since. */
  const standingAnswer = {
    requests: standing,
    total: 1,
    offset: 0,
    limit: 100,
    recentlyEnded: [],
  };
  const section = () =>
    screen
      .findByRole('heading', { name: 'Investments without a trade yet' })
      .then((heading) => heading.closest('section, .MuiCard-root, .MuiPaper-root') as HTMLElement);

  it('finds it above the trades, with our reference, its outcome and where to follow it, out of the totals', async () => {
    answer(five);
    bff.use(
      http.get('/api/money-requests', ({ request }) => {
        const query = new URL(request.url).searchParams;
        expect([query.get('kind'), query.get('standing')]).toEqual(['investment', 'true']);
        return HttpResponse.json(standingAnswer);
      }),
    );
    open();
    const card = await section();
    const text = card.textContent ?? '';
    expect(text).toContain(
      'This investment was sent from the portal and is not tied to a trade yet: one still being sent has none, and one of unknown outcome may have become a trade listed below. It is not in the totals below.',
    );
    // The offering's name is isolated (the platform's free text, §2.2), then its number.
    expect(text).toContain('\u2068Acme Growth Shares\u2069 (42)');
    expect(text).toContain('MR-XAHA4YCZV5');
    expect(text).toContain('account A1040001');
    expect(text).toContain('20 units · $50.00 · by ACH');
    expect(text).toContain('Made Nov 29, 2026, 11:33 AM EST');
    expect(text).toContain('Outcome unknown: The request may have reached the platform');
    const follow = within(card).getByRole('link', {
      name: "Follow it on account A1040001's requests and timeline",
    });
    expect(follow.getAttribute('href')).toBe(
      '/accounts/A1040001/money#section-requests-sent-from-the-portal',
    );
    await findTrades();
    // Above the trades, and the totals are the trades' alone.
    const heading = screen.getByRole('heading', { name: 'Investments without a trade yet' });
    const totals = screen.getByRole('heading', { name: 'Totals per offering' });
    expect(heading.compareDocumentPosition(totals) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(/Total of both/).textContent).toBe(
      'Total of both (cancelled trades left out): $1,395.00',
    );
  });

  it('finds an investment a reviewer settled as never arrived where it stood, with what became of it', async () => {
    answer(five);
    const ended = moneyRequestView({
      ...standing[0],
      outcome: 'not_sent',
      settledBy: 'reviewer',
      settledAt: '2026-11-30T15:02:00.000Z',
      message: 'A reviewer found no trace of it at the platform.',
    });
    bff.use(
      http.get('/api/money-requests', () =>
        HttpResponse.json({
          requests: [],
          total: 0,
          offset: 0,
          limit: 100,
          recentlyEnded: [ended],
        }),
      ),
    );
    open();
    const card = await screen
      .findByRole('heading', { name: 'Investments settled in the last 7 days' })
      .then((heading) => heading.closest('.MuiCard-root, .MuiPaper-root') as HTMLElement);
    const text = card.textContent ?? '';
    expect(text).toContain('MR-XAHA4YCZV5');
    expect(text).toContain(`${outcomeWordsOf(ended).label}:`);
    expect(text).toContain('Settled Nov 30, 2026, 10:02 AM EST by a reviewer.');
    expect(
      within(card).getByRole('link', {
        name: "Follow it on account A1040001's requests and timeline",
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Investments without a trade yet' })).toBeNull();
  });

  it('reads on the unknown investment the trade that is probably it, and on that trade that it is probably that investment', async () => {
    answer([
      holdingRow('302952', {
        accountId: 'A1040001',
        units: '20',
        amount: '50',
        probableReference: 'MR-XAHA4YCZV5',
      }),
      ...five,
    ]);
    bff.use(http.get('/api/money-requests', () => HttpResponse.json(standingAnswer)));
    open();
    const card = await section();
    await waitFor(() =>
      expect(card.textContent).toContain(
        'A trade of the same account, offering and units, 302952, appeared at the platform right after: probably this one; a reviewer confirms it.',
      ),
    );
    await findTrades();
    const row = screen
      .getByRole('grid', { name: 'Trades' })
      .querySelector('[role="row"][data-id="302952"]');
    expect(row?.textContent).toContain(
      'Probably our MR-XAHA4YCZV5, whose answer was lost: the same investment, not a second one; a reviewer confirms it.',
    );
    const other = screen
      .getByRole('grid', { name: 'Trades' })
      .querySelector('[role="row"][data-id="T905"]');
    expect(other?.textContent).not.toContain('Probably our');
  });

  it('sees the trades only once that list has come, so it never pushes them down while read', async () => {
    answer(five);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    bff.use(
      http.get('/api/money-requests', async () => {
        await held;
        return HttpResponse.json(standingAnswer);
      }),
    );
    // A probe beside the page shares its read of the investments (the same query), so the test
    // knows when they have come without waiting on a clock.
    renderWithProviders(
      <>
        <HoldingsRoute />
        <InvestmentsReadProbe />
      </>,
      { path: '/holdings' },
    );
    expect(await screen.findByText('probe: investments read')).toBeTruthy();
    expect(screen.getByText('Loading your investments')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Totals per offering' })).toBeNull();
    release();
    const heading = await section();
    const grid = await findTrades();
    expect(heading.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('still sees the trades when the investments without a trade cannot be read, and is told so', async () => {
    answer(five);
    bff.use(
      http.get('/api/money-requests', () =>
        HttpResponse.json(
          { error: { code: 'internal', message: 'The store is not answering.' } },
          { status: 500 },
        ),
      ),
    );
    // A failed read is retried twice, 2 s then 4 s later (query-client retryDelay): on a faked
    // clock the find below moves it past those waits as it polls, whenever each retry's answer
    // comes, rather than waiting them out.
    await onFakeClock(async () => {
      open();
      await findTrades();
      expect(
        await screen.findByText(
          /Investments still being sent or of unknown outcome could not be read right now/,
          {},
          { timeout: 30_000 },
        ),
      ).toBeTruthy();
    });
    expect(shownIds()).toEqual(['T905', 'T904', 'T903', 'T902', 'T901']);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Investments without a trade yet' })).toBeNull();
  });
});
