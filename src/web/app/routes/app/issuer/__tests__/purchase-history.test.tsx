// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  IssuerOfferings,
  OfferingPurchaseHistory,
} from '../../../../../../contract/issuer-workspace';
import type { Purchase } from '../../../../../../contract/purchase-history';
import { AppProvider } from '../../../../provider';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { catchDownloads } from '../../../../../testing/downloads';
import { raiseInProgress } from '../../../../../testing/offering';
import { sessionOf } from '../../../../../testing/session';
import { withTimeZones } from '../../../../../testing/time-zones';
import { onFakeClock } from '../../../../../testing/render';
import PurchaseHistoryRoute from '../purchase-history';

startMockBff();
afterEach(cleanup);
const downloads = catchDownloads();

const purchase = (n: number, accountId: string, accountName: string): Purchase => ({
  tradeId: String(1000 + n),
  accountId,
  accountName,
  offeringId: '5201',
  amount: '100.00',
  shares: '10',
  purchasedAt: `2026-11-0${n}T15:00:00`,
  offeringTotalShares: null,
  targetAmount: null,
  remainingShares: null,
  unreadable: [],
});

/** An offering with one trade by Avery Quinn and two by Jordan Ellis. */
const answer: OfferingPurchaseHistory = {
  offering: null,
  history: {
    offeringId: '5201',
    purchases: [
      purchase(1, 'A1040000', 'Avery Quinn'),
      purchase(2, 'A1040346', 'Jordan Ellis'),
      purchase(3, 'A1040346', 'Jordan Ellis'),
    ],
    totalAmountRaised: null,
    totalShares: null,
    totalSharesPurchased: null,
    totalSharesLeft: null,
    balanceAmount: null,
  },
  skippedRecords: 0,
  // The trades collection's statuses (§4.16): one paid, two still waiting for payment.
  statuses: {
    state: 'read',
    complete: true,
    trades: [
      { tradeId: '1001', status: 'settled', archived: false },
      { tradeId: '1002', status: 'created', archived: false },
      { tradeId: '1003', status: 'funded', archived: false },
    ],
  },
};

/** The history of `answer`, its trades 1001, 1002 and 1003 read with these statuses (§4.16). */
const withStatuses = (...statuses: string[]): OfferingPurchaseHistory => ({
  ...answer,
  statuses: {
    state: 'read',
    complete: true,
    trades: statuses.map((status, i) => ({ tradeId: `${1001 + i}`, status, archived: false })),
  },
});

/** The offerings list as My offerings reads it: it names offering 5201. */
const catalogue: IssuerOfferings = { offerings: [raiseInProgress], skippedRecords: 0 };

function renderPage(
  history: OfferingPurchaseHistory | (() => Response),
  role: 'issuer_staff' | 'compliance' = 'issuer_staff',
  entry = '/issuer/offerings/5201',
) {
  bff.use(
    http.get('/api/session', () =>
      HttpResponse.json(sessionOf({ role, issuerIds: role === 'issuer_staff' ? ['1101'] : [] })),
    ),
    http.get('/api/offerings/5201/purchase-history', () =>
      typeof history === 'function' ? history() : HttpResponse.json(history),
    ),
    http.get('/api/issuer/offerings', () => HttpResponse.json(catalogue)),
  );
  const router = createMemoryRouter(
    [{ path: '/issuer/offerings/:offeringId', element: <PurchaseHistoryRoute /> }],
    { initialEntries: [entry] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('an issuer counts the trades of an offering', () => {
  it('reads one investor account and one trade in the singular, more in the plural', async () => {
    renderPage(answer);
    expect(await screen.findByText('3 trades by 2 investor accounts')).toBeTruthy();
    expect(screen.getByText(/Computed exactly from 3 trades/)).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Find an investor' }), 'a1040000');
    expect(await screen.findByText('1 of 3 trades, 1 investor account')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export 1 matching trade (CSV)' })).toBeTruthy();
  });

  it('reads an offering of a single trade in the singular', async () => {
    renderPage({
      ...answer,
      history: { ...answer.history, purchases: [purchase(1, 'A1040000', 'Avery Quinn')] },
    });
    expect(await screen.findByText('1 trade by 1 investor account')).toBeTruthy();
    expect(screen.getByText(/Computed exactly from 1 trade\b/)).toBeTruthy();
  });
});

describe('an issuer reads the raise of an offering with a trade the platform sent unreadable', () => {
  it('reads beside the figures that one trade is left out of them, and what the difference may be', async () => {
    renderPage({
      ...answer,
      history: {
        ...answer.history,
        // §2.3: the platform's own summary counts the trade the portal could not read.
        totalAmountRaised: '400.00',
        totalSharesPurchased: '40',
      },
      skippedRecords: 1,
    });
    const computed = await screen.findByText(/Computed from the 3 trades listed/);
    const notice = screen.getByText(
      '1 more trade the platform sent could not be read: it is left out of these figures and of the chart below.',
    );
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(
      computed.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const mismatch = screen.getByRole('alert');
    expect(mismatch.textContent).toContain(
      "The platform's summary does not match the trades that could be read",
    );
    expect(mismatch.textContent).toContain(
      'the difference may be the trades that could not be read. The platform reports:',
    );
    expect(mismatch.textContent).toContain(
      'Amount of every trade, paid or not: reported $400.00, trades add up to $300.00',
    );
  });

  it('exports the trade it could not read as a row saying so: the sheet is not short unsaid', async () => {
    const files: Blob[] = [];
    // After catchDownloads' own stand-in (its beforeEach), which its afterEach puts back.
    URL.createObjectURL = (file: Blob | MediaSource) => {
      files.push(file as Blob);
      return 'blob:portal-test';
    };
    renderPage({ ...answer, skippedRecords: 1 });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(downloads).toEqual(['purchase-history-5201.csv']);
    // jsdom's Blob has no text(): read as a browser reads a file.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(files[0]);
    });
    const lines = text.trim().split(/\r?\n/);
    // The header, the three trades read, and the one not read.
    expect(lines).toHaveLength(5);
    expect(lines[4]).toMatch(/^,,,,,,,"The platform sent a trade of this offering in a form/);
  });

  it('exports the trades in the order the grid shows them, sorted as the address says', async () => {
    const files: Blob[] = [];
    URL.createObjectURL = (file: Blob | MediaSource) => {
      files.push(file as Blob);
      return 'blob:portal-test';
    };
    renderPage(answer, 'issuer_staff', '/issuer/offerings/5201?sort=tradeId.asc');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(files[0]);
    });
    // Oldest id first, as sorted, not newest first as the trades came.
    const ids = text
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(ids).toEqual(['1001', '1002', '1003']);
  });

  it('reads no such words when every trade could be read', async () => {
    renderPage(answer);
    await screen.findByText(/Computed exactly from 3 trades/);
    expect(screen.queryByText(/could not be read/)).toBeNull();
  });
});

describe('an issuer reads the raise of an offering whose target is zero', () => {
  it('reads no target set: no negative balance to raise, and no mismatch made by the portal', async () => {
    renderPage({
      ...answer,
      // Zero, as "no target" may arrive as a decimal string (§2.2), in the offering and in the
      // trades' own snapshot (§2.3); the platform's balance is its own figure.
      offering: { ...raiseInProgress, targetAmount: '0.000000' },
      history: {
        ...answer.history,
        purchases: answer.history.purchases.map((p) => ({ ...p, targetAmount: '0' })),
        balanceAmount: '3985140.00',
      },
    });
    await screen.findByText('3 trades by 2 investor accounts');
    expect(card('Balance to raise')).toBe(
      'Balance to raiseNot knownThe offering has no target set, or none the portal could read',
    );
    expect(screen.queryByText(/-\$/)).toBeNull();
    expect(screen.queryByText(/does not match/)).toBeNull();
    expect(screen.queryByText(/against a target of/)).toBeNull();
  });
});

/** The headline card labelled `label`: its figure and its note. */
function card(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.parentElement!.textContent!;
}

describe('an issuer tells paid trades from those still waiting for payment', () => {
  it('reads "Amount raised" as the settled trades and the rest as committed, as My investments splits them', async () => {
    renderPage(answer);
    await screen.findByText('3 trades by 2 investor accounts');
    expect(card('Amount raised')).toBe('Amount raised$100.00Settled trades only: 1 trade');
    expect(card('Committed, not yet settled')).toBe(
      'Committed, not yet settled$200.00Waiting for payment or approval: 2 trades',
    );
  });

  it('leaves a cancelled trade out of both figures and says so', async () => {
    renderPage(withStatuses('settled', 'canceled', 'created'));
    await screen.findByText('3 trades by 2 investor accounts');
    expect(card('Amount raised')).toContain('$100.00');
    expect(card('Committed, not yet settled')).toContain('$100.00');
    expect(
      screen.getByText(/Cancelled trades are counted nowhere: 1 trade, \$100\.00\./),
    ).toBeTruthy();
  });

  it('leaves a trade being reversed (UNWIND PENDING, real-world notes §4.3) out of both figures and says so', async () => {
    renderPage(withStatuses('settled', 'unwind pending', 'created'));
    await screen.findByText('3 trades by 2 investor accounts');
    expect(card('Amount raised')).toContain('$100.00');
    expect(card('Committed, not yet settled')).toContain('$100.00');
    const reversing = screen.getByText(
      /Trades being reversed are counted nowhere: 1 trade, \$100\.00\./,
    );
    // The offering page counts from the platform's remaining shares: the two figures may differ
    // by these trades, and the page says so.
    expect(reversing.textContent).toContain(
      'The offering page\'s "sold or committed", counted from the shares the platform lists as remaining, may still include them.',
    );
  });

  it('counts a trade being reversed in no investor’s total, and says so under the totals', async () => {
    renderPage(withStatuses('settled', 'unwind pending', 'created'));
    await screen.findByText('3 trades by 2 investor accounts');
    // On the narrow test screen, a card an account: each names its amount and its trades.
    const totals = screen.getByRole('list', { name: 'Totals by investor account' });
    const amounts = within(totals)
      .getAllByRole('listitem')
      .map((card) => /\$[\d,.]+ · .* · \d+ trades?/.exec(card.textContent ?? '')?.[0]);
    expect(amounts).toEqual(['$100.00 · 10 shares · 1 trade', '$100.00 · 10 shares · 1 trade']);
    expect(
      screen.getByText(
        'The totals by investor count settled and waiting trades, as Amount raised and Committed do: 1 trade being reversed or of no known status is listed below but in no total.',
      ),
    ).toBeTruthy();
  });

  it('reads each trade’s status in the grid and narrows the list to one status', async () => {
    const router = renderPage(answer);
    const grid = await screen.findByRole('grid', { name: 'Trades' });
    expect(grid.textContent).toContain('Settled: the units are in the account');
    expect(grid.textContent).toContain('Created: waiting for payment and approval');
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Status' }),
      'Waiting for payment or approval',
    );
    expect(await screen.findByText('2 of 3 trades, 1 investor account')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=waiting');
    expect(screen.getByRole('button', { name: 'Export 2 matching trades (CSV)' })).toBeTruthy();
  });

  it('is told, not guessed, when no status could be read', async () => {
    renderPage({
      ...answer,
      statuses: {
        state: 'unavailable',
        message:
          'The trades’ statuses cannot be read: the platform key is not permitted to read trades.',
      },
    });
    await screen.findByText('3 trades by 2 investor accounts');
    expect(screen.queryByText('Amount raised', { selector: 'dt' })).toBeNull();
    expect(card('Amount bought, paid or not')).toContain('$300.00');
    expect(card('Committed, not yet settled')).toContain('Not known');
    expect(screen.getByText(/the platform key is not permitted to read trades/)).toBeTruthy();
    expect(screen.queryByText(/Computed exactly/)).toBeNull();
  });

  it('offers Try again on statuses not read just now, and shows the split once they are read', async () => {
    let reads = 0;
    renderPage(() => {
      reads += 1;
      return HttpResponse.json(
        reads === 1
          ? {
              ...answer,
              statuses: {
                state: 'unavailable',
                message: 'The platform did not give the trades’ statuses just now.',
              },
            }
          : answer,
      );
    });
    await screen.findByText('3 trades by 2 investor accounts');
    expect(card('Committed, not yet settled')).toContain('Not known');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Amount raised', { selector: 'dt' })).toBeTruthy();
    expect(reads).toBe(2);
    expect(screen.queryByText(/statuses just now/)).toBeNull();
  });

  it('offers no Try again where an administrator must act first', async () => {
    renderPage({
      ...answer,
      statuses: {
        state: 'unavailable',
        lasting: true,
        message:
          'The trades’ statuses cannot be read: the platform key is not permitted to read trades. An administrator can grant the permission.',
      },
    });
    await screen.findByText(/An administrator can grant the permission/);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('reads nothing raised and nothing committed on an offering without trades, even when no status could be read', async () => {
    renderPage({
      ...answer,
      history: { ...answer.history, purchases: [] },
      statuses: {
        state: 'unavailable',
        message: 'The platform did not give the trades’ statuses just now.',
      },
    });
    expect(await screen.findByText('Amount raised')).toBeTruthy();
    expect(screen.getByText('Committed, not yet settled')).toBeTruthy();
    expect(screen.queryByText('Amount bought, paid or not')).toBeNull();
    expect(screen.queryByText('Statuses could not be read')).toBeNull();
    expect(screen.queryByText(/every trade is added/)).toBeNull();
    // A heading within the Trades section, under its h2, not a second h2 beside it.
    const trades = screen.getByRole('region', { name: 'Trades' });
    expect(within(trades).getByRole('heading', { name: 'No trades yet' }).tagName).toBe('H3');
  });

  it('names the trades the collection gave no status for, in neither figure', async () => {
    renderPage({
      ...answer,
      statuses: {
        state: 'read',
        complete: true,
        trades: [{ tradeId: '1001', status: 'settled', archived: false }],
      },
    });
    await screen.findByText('3 trades by 2 investor accounts');
    expect(card('Committed, not yet settled')).toContain('$0.00');
    expect(
      screen.getByText(
        /2 trades \(\$200\.00\) have no status the portal could read: they are in neither Amount raised nor Committed/,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Computed exactly/)).toBeNull();
  });
});

describe('an issuer searches the trades from a later page', () => {
  it('goes back to the first page of the matches, keeping the sort, all in the address', async () => {
    const router = renderPage(
      answer,
      'issuer_staff',
      '/issuer/offerings/5201?sort=amount.desc&page=3',
    );
    await screen.findByText('3 trades by 2 investor accounts');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Find an investor' }), 'quinn');
    expect(await screen.findByText('1 of 3 trades, 1 investor account')).toBeTruthy();
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('page')).toBeNull();
    expect(search.get('sort')).toBe('amount.desc');
    expect(search.get('q')).toBe('quinn');
  });

  it('is told that the search found no investor, not that no trade has a status it did not choose', async () => {
    renderPage(answer, 'issuer_staff', '/issuer/offerings/5201?q=nobody');
    expect(await screen.findByText('0 of 3 trades, 0 investor accounts')).toBeTruthy();
    expect(screen.getByText('No investor’s name or account ID contains that text.')).toBeTruthy();
    expect(screen.queryByText(/has this status/)).toBeNull();
  });

  it('comes back to the same search and status from the address (a reload, a shared link)', async () => {
    renderPage(answer, 'issuer_staff', '/issuer/offerings/5201?q=ellis&status=waiting');
    expect(await screen.findByText('2 of 3 trades, 1 investor account')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Find an investor' }).value).toBe(
      'ellis',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' }).value).toBe(
      'waiting',
    );
  });
});

describe('an issuer reads the raise when part of one trade could not be read', () => {
  const offering: NonNullable<OfferingPurchaseHistory['offering']> = {
    id: '5201',
    issuerId: '12',
    name: 'Aspen Ridge Growth Fund I',
    type: 'Equity',
    status: 'open',
    unitPrice: '10',
    minAmount: '100',
    targetAmount: '10000',
    maxAmount: '20000',
    totalShares: '1000',
    // The platform's own figure: it may count trades this page cannot read.
    remainingShares: '960',
    startDate: null,
    endDate: null,
    description: '',
    stampingText: '',
    createdAt: null,
  };
  const [first, second, third] = answer.history.purchases;

  it('counts what could be read, takes shares sold and left from the offering, and names what is left out of which figure', async () => {
    renderPage({
      ...answer,
      offering,
      history: {
        ...answer.history,
        purchases: [
          first,
          // §2.3's totalAmount unreadable: its shares are still known.
          { ...second, amount: null, unreadable: ['amount'] },
          { ...third, accountId: null, accountName: null, unreadable: ['investor'] },
        ],
      },
    });
    await screen.findByText(/Computed from the 3 trades listed/);
    expect(screen.queryByText(/Computed exactly/)).toBeNull();
    expect(card('Shares sold')).toBe(
      'Shares sold40Of 1,000: the offering’s own figure, as My offerings shows it',
    );
    expect(card('Shares left')).toBe(
      'Shares left960The offering’s own figure, as My offerings shows it',
    );
    // The trade without its investor still adds its amount (it waits for payment).
    expect(card('Amount raised')).toContain('$100.00');
    expect(card('Committed, not yet settled')).toContain('$100.00');
    expect(
      screen.getByText(
        'Trade 1002: its amount could not be read, so its amount is in neither Amount raised nor Committed. The rest of it is counted.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Trade 1003: its investor could not be read, so it is in no investor’s total. The rest of it is counted.',
      ),
    ).toBeTruthy();
  });
});

describe('an issuer in Los Angeles reads the raise by day', () => {
  withTimeZones({ viewer: 'America/Los_Angeles', platform: 'UTC' });

  it('dates the chart’s days in the zone the trades are listed in, and names it', async () => {
    const [first, second, third] = answer.history.purchases;
    renderPage({
      ...answer,
      history: {
        ...answer.history,
        purchases: [
          // 6:50 AM UTC on Nov 28 is 10:50 PM on Nov 27 in Los Angeles: listed under Nov 27.
          { ...first, purchasedAt: '2026-11-28T06:50:00' },
          { ...second, purchasedAt: '2026-11-28T15:00:00' },
          { ...third, purchasedAt: '2026-11-28T16:00:00' },
        ],
      },
      statuses: {
        state: 'read',
        complete: true,
        trades: ['1001', '1002', '1003'].map((tradeId) => ({
          tradeId,
          status: 'settled',
          archived: false,
        })),
      },
    });
    const heading = await screen.findByText(
      'Day (America/Los_Angeles)',
      { selector: 'th' },
      { timeout: 10_000 },
    );
    const table = heading.closest('table')!;
    const days = [...table.querySelectorAll('tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(days).toEqual([
      ['Nov 27, 2026', '$100.00', '$100.00'],
      ['Nov 28, 2026', '$200.00', '$300.00'],
    ]);
    expect(
      screen.getByText(
        /Days are in your time zone \(America\/Los_Angeles\), as the trades are listed below\./,
      ),
    ).toBeTruthy();
  });
});

describe('the purchase history page names its offering', () => {
  /** A purchase history the platform did not give (§4.9 failed): 503, as the BFF answers it. */
  const historyDown = (requestId: string) => () =>
    HttpResponse.json(
      {
        error: {
          code: 'upstream_unavailable',
          message: 'The service is unavailable right now.',
          requestId,
        },
      },
      { status: 503 },
    );

  it('by the name the offerings list gives it when only the purchase history cannot be read', async () => {
    // The query client retries a failed read twice, a second or two apart: the clock moves.
    await onFakeClock(async () => {
      renderPage(historyDown('req-ph-1'));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Aspen Ridge Growth Fund I' }),
      ).toBeTruthy();
      expect(screen.queryByText(/Offering 5201/)).toBeNull();
      // The failure stays with the purchase history, said as such.
      expect((await screen.findByRole('alert')).textContent).toMatch(/purchase history/i);
    });
  });

  it('with its own figures from the offerings list while the purchase history cannot be read', async () => {
    await onFakeClock(async () => {
      renderPage(historyDown('req-ph-2'));
      const figures = await screen.findByRole('region', { name: 'The offering’s own figures' });
      expect(figures.textContent).toContain('411,252 of 811,252');
      expect(figures.textContent).toContain('$8,112,520.00');
      expect((await screen.findByRole('alert')).textContent).toMatch(/purchase history/i);
    });
  });

  it('with a way back to the offerings list narrowed to the issuer it was opened from', async () => {
    renderPage(
      { ...answer, offering: raiseInProgress },
      'compliance',
      '/issuer/offerings/5201?issuer=1101',
    );
    await screen.findByRole('heading', { level: 1, name: 'Aspen Ridge Growth Fund I' });
    const trail = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(trail).getByRole('link', { name: 'Issuer offerings' }).getAttribute('href')).toBe(
      '/issuer/offerings?issuer=1101',
    );
  });

  it("with its issuer for a reviewer, who reads every issuer's offerings", async () => {
    renderPage({ ...answer, offering: raiseInProgress }, 'compliance');
    await screen.findByRole('heading', { level: 1, name: 'Aspen Ridge Growth Fund I' });
    expect(screen.getByText(/^An offering of issuer 1101\./)).toBeTruthy();
  });
});
