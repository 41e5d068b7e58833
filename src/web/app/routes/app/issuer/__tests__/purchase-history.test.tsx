// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
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
import { raiseInProgress } from '../../../../../testing/offering';
import { sessionOf } from '../../../../../testing/session';
import PurchaseHistoryRoute from '../purchase-history';

startMockBff();
afterEach(cleanup);

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
};

/** The offerings list as My offerings reads it: it names offering 5201. */
const catalogue: IssuerOfferings = { offerings: [raiseInProgress], skippedRecords: 0 };

function renderPage(
  history: OfferingPurchaseHistory | (() => Response),
  role: 'issuer_staff' | 'compliance' = 'issuer_staff',
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
    { initialEntries: ['/issuer/offerings/5201'] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
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
    const computed = await screen.findByText(/Computed exactly from 3 trades/);
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
      'the difference may be the trades that could not. The platform reports:',
    );
    expect(mismatch.textContent).toContain(
      'Amount raised: reported $400.00, trades add up to $300.00',
    );
  });

  it('reads no such words when every trade could be read', async () => {
    renderPage(answer);
    await screen.findByText(/Computed exactly from 3 trades/);
    expect(screen.queryByText(/could not be read/)).toBeNull();
  });
});

describe('the purchase history page names its offering', () => {
  it('by the name the offerings list gives it when only the purchase history cannot be read', async () => {
    renderPage(() =>
      HttpResponse.json(
        {
          error: {
            code: 'upstream_unavailable',
            message: 'The service is unavailable right now.',
            requestId: 'req-ph-1',
          },
        },
        { status: 503 },
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aspen Ridge Growth Fund I' }),
    ).toBeTruthy();
    expect(screen.queryByText(/Offering 5201/)).toBeNull();
    // The failure stays with the purchase history, said as such.
    expect((await screen.findByRole('alert')).textContent).toMatch(/purchase history/i);
  });

  it("with its issuer for a reviewer, who reads every issuer's offerings", async () => {
    renderPage({ ...answer, offering: raiseInProgress }, 'compliance');
    await screen.findByRole('heading', { level: 1, name: 'Aspen Ridge Growth Fund I' });
    expect(screen.getByText(/^An offering of issuer 1101\./)).toBeTruthy();
  });
});
