// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { OfferingPurchaseHistory } from '../../../../../../contract/issuer-workspace';
import type { Purchase } from '../../../../../../contract/purchase-history';
import { AppProvider } from '../../../../provider';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
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

function renderPage(history: OfferingPurchaseHistory) {
  bff.use(
    http.get('/api/session', () =>
      HttpResponse.json(sessionOf({ role: 'issuer_staff', issuerIds: ['12'] })),
    ),
    http.get('/api/offerings/5201/purchase-history', () => HttpResponse.json(history)),
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
