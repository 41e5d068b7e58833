// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustodyAccountResult } from '../../../../../../contract/custody-views';
import { accountView } from '../../../../../testing/account';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../../testing/render';
import { sessionOf } from '../../../../../testing/session';
import AccountMoneyRoute from '../money';
import { linkedBank } from '../../../../../testing/custody';

startMockBff();
afterEach(cleanup);

const account = accountView({ id: 'A1234567' });
const linked = linkedBank('Mesa Credit Union', '••••0771');
const notOpened: CustodyAccountResult = {
  state: 'unavailable',
  reason: 'not_opened',
  message: 'This account has no custody account yet. Opening an IRA starts one.',
};

function renderMoneyPage(custody: CustodyAccountResult) {
  bff.use(
    http.get('/api/session', () =>
      HttpResponse.json(sessionOf({ role: 'investor', accountIds: [account.id] })),
    ),
    http.get('/api/accounts/A1234567', () => HttpResponse.json({ account })),
    http.get('/api/accounts/A1234567/custody-account', () => HttpResponse.json(custody)),
    http.get('/api/accounts/A1234567/linked-bank', () => HttpResponse.json(linked)),
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
