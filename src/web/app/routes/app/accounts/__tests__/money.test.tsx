// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustodyAccountResult } from '../../../../../../contract/custody-views';
import { accountView } from '../../../../../testing/account';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { onFakeClock, renderWithProviders } from '../../../../../testing/render';
import { sessionOf } from '../../../../../testing/session';
import AccountMoneyRoute from '../money';
import { approvedCustody, linkedBank } from '../../../../../testing/custody';

startMockBff();
afterEach(cleanup);

const account = accountView({ id: 'A1234567' });
const linked = linkedBank('Mesa Credit Union', '••••0771');
const notOpened: CustodyAccountResult = {
  state: 'unavailable',
  reason: 'not_opened',
  message: 'This account has no custody account yet. Opening an IRA starts one.',
};

function renderMoneyPage(
  custody: CustodyAccountResult,
  bankAnswer: () => Response = () => HttpResponse.json(linked),
  /** Answers of this test's own, ahead of the working portal's below. */
  own: HttpHandler[] = [],
) {
  bff.use(
    ...own,
    http.get('/api/session', () =>
      HttpResponse.json(sessionOf({ role: 'investor', accountIds: [account.id] })),
    ),
    http.get('/api/accounts/A1234567', () => HttpResponse.json({ account })),
    http.get('/api/accounts/A1234567/custody-account', () => HttpResponse.json(custody)),
    http.get('/api/accounts/A1234567/linked-bank', () => bankAnswer()),
    http.get('/api/accounts/A1234567/timeline', () =>
      HttpResponse.json({ accountId: account.id, entries: [], gaps: [] }),
    ),
    http.get('/api/accounts/A1234567/money-requests', () =>
      HttpResponse.json({ requests: [], total: 0, offset: 0, limit: 20 }),
    ),
    http.get('/api/holdings', () =>
      HttpResponse.json({ state: 'unavailable', reason: 'permission', message: 'Not now.' }),
    ),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/accounts/:accountId/money" element={<AccountMoneyRoute />} />
    </Routes>,
    { path: '/accounts/A1234567/money' },
  );
}

describe('the way down a long money page', () => {
  it('leads from the top straight to the requests sent from the portal, focusing its heading', async () => {
    const user = userEvent.setup();
    renderMoneyPage(approvedCustody('A1234567', 'CR100001'));
    const nav = await screen.findByRole('navigation', { name: 'Further down this page' });
    const heading = await screen.findByRole('heading', { name: 'Requests sent from the portal' });
    await user.click(within(nav).getByRole('link', { name: 'Requests sent from the portal' }));
    expect(document.activeElement).toBe(heading);
    expect(within(nav).getByRole('link', { name: 'Timeline' }).getAttribute('href')).toBe(
      '#section-timeline',
    );
  });
});

describe('the deposit panel of an account with no custody account (§4.16: a deposit goes into it)', () => {
  it('says so before anything is typed, with the way to get one, and offers no form', async () => {
    renderMoneyPage(notOpened);
    expect(
      await screen.findByText('No custody account to deposit into', {}, { timeout: 5000 }),
    ).toBeTruthy();
    const alert = screen.getByText('No custody account to deposit into').closest('[role="alert"]');
    expect(alert?.textContent).toContain(
      'A deposit goes into the custody account of this account, and it has none yet, so no deposit can be made.',
    );
    expect(screen.getByRole('link', { name: 'Opening an IRA' }).getAttribute('href')).toBe(
      '/accounts/A1234567/ira',
    );
    expect(screen.queryByLabelText(/Deposit amount/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review deposit' })).toBeNull();
  });
});

describe('the money page while the linked bank cannot be read', () => {
  it('says so once, in the bank section with its support id and Try again; the deposit section says why it cannot deposit and points there', async () => {
    const bank = { answers: false };
    renderMoneyPage(approvedCustody('A1234567', 'CR100001'), () =>
      bank.answers
        ? HttpResponse.json(linked)
        : errorAnswer(503, {
            code: 'upstream_unavailable',
            message: 'The service is unavailable right now. Please try again in a moment.',
            submitted: 'no',
            requestId: 'req-bank-1',
          }),
    );
    await onFakeClock(async () => {
      await screen.findByText('No deposit for now', {}, { timeout: 30_000 });
    });
    const bankSection = screen.getByRole('region', { name: 'Bank account for ACH' });
    const depositSection = screen.getByRole('region', { name: 'Deposit into the custody account' });

    // Told once, where it belongs.
    expect(screen.getAllByText(/could not be loaded/)).toHaveLength(1);
    expect(screen.getAllByText('req-bank-1')).toHaveLength(1);
    const failure = within(bankSection).getByRole('alert');
    expect(failure.textContent).toContain('The linked bank account could not be loaded');
    expect(failure.textContent).toContain(
      'If this keeps happening, contact support and give them this reference: req-bank-1.',
    );
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeTruthy();

    // The deposit section keeps its own reason, and the way to the notice.
    expect(within(depositSection).queryByRole('alert')).toBeNull();
    expect(within(depositSection).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(depositSection.textContent).toContain(
      'A deposit comes from the bank account linked to this account, which could not be read, so no deposit can be made until it is.',
    );
    expect(
      within(depositSection)
        .getByRole('link', { name: 'Bank account for ACH' })
        .getAttribute('href'),
    ).toBe('/accounts/A1234567/money#section-bank-account-for-ach');
    expect(screen.queryByLabelText(/Deposit amount/)).toBeNull();

    // One Try again serves both sections: the bank read, then the deposit form from it.
    bank.answers = true;
    await userEvent
      .setup({ delay: null })
      .click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/Deposit amount/)).toBeTruthy();
    expect(screen.queryByText('No deposit for now')).toBeNull();
    expect(within(bankSection).getAllByText(/Mesa Credit Union/).length).toBeGreaterThan(0);
  });
});

describe("the money page while the account's investments cannot be read", () => {
  it('says so once, in the timeline, whose Try again reads the investments again too', async () => {
    const gap = 'Investments could not be read right now.';
    const trades = { answer: false };
    const holdingsReads = { count: 0 };
    renderMoneyPage(approvedCustody('A1234567', 'CR100001'), undefined, [
      http.get('/api/accounts/A1234567/timeline', ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('retry') === 'trades' && trades.answer
            ? { accountId: account.id, entries: [], gaps: [] }
            : {
                accountId: account.id,
                entries: [],
                gaps: [gap],
                unread: [{ part: 'trades', gap }],
              },
        ),
      ),
      http.get('/api/holdings', () => {
        holdingsReads.count += 1;
        return trades.answer
          ? HttpResponse.json({
              state: 'unavailable',
              reason: 'permission',
              message: 'The investments are read again.',
            })
          : errorAnswer(503, {
              code: 'upstream_unavailable',
              message: 'The service is unavailable right now. Please try again in a moment.',
              submitted: 'no',
              requestId: 'req-trades-1',
            });
      }),
    ]);
    // The investments' own read is tried again before it gives up (three reads): once it has,
    // its failure is not told a second time.
    await onFakeClock(async () => {
      const timeline = await screen.findByRole('region', { name: 'Timeline' }, { timeout: 5000 });
      await within(timeline).findByText(gap, {}, { timeout: 5000 });
      await waitFor(() => expect(holdingsReads.count).toBe(3), { timeout: 60_000 });
      await act(() => vi.advanceTimersByTimeAsync(1_000));
    });
    expect(screen.getAllByText(gap)).toHaveLength(1);
    expect(screen.queryByText(/investments of this account could not be loaded/)).toBeNull();
    expect(screen.queryByText(/req-trades-1/)).toBeNull();

    trades.answer = true;
    await userEvent.setup({ delay: null }).click(
      within(screen.getByText(gap).closest('[role="status"]') as HTMLElement).getByRole('button', {
        name: 'Try again',
      }),
    );
    expect(await screen.findByText('The investments are read again.')).toBeTruthy();
    expect(screen.queryByText(gap)).toBeNull();
  });
});
