// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { accountView } from '../../../../../testing/account';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { onFakeClock, renderWithProviders } from '../../../../../testing/render';
import { sessionOf } from '../../../../../testing/session';
import DisbursementRoute from '../disbursement';
import { approvedCustody, linkedBank } from '../../../../../testing/custody';

startMockBff();
afterEach(cleanup);

const accountId = 'A1040000';
const custody = approvedCustody(accountId, 'CR100001');
const linked = linkedBank('Prairie National Bank', '••••1592');

/** The page while the custody account's read (§4.15) fails, until `read.answers`. */
function renderWhileTheCustodyAccountCannotBeRead() {
  const read = { answers: false };
  bff.use(
    http.get('/api/session', () => HttpResponse.json(sessionOf({ accountIds: [accountId] }))),
    http.get('/api/config', () =>
      HttpResponse.json({ sandbox: false, singleSignOn: null, platformTimeZone: 'UTC' }),
    ),
    http.get(`/api/accounts/${accountId}`, () =>
      HttpResponse.json({ account: accountView({ id: accountId }) }),
    ),
    http.get(`/api/accounts/${accountId}/custody-account`, () =>
      read.answers
        ? HttpResponse.json(custody)
        : errorAnswer(503, {
            code: 'upstream_unavailable',
            message: 'The service is unavailable right now. Please try again in a moment.',
          }),
    ),
    http.get(`/api/accounts/${accountId}/linked-bank`, () => HttpResponse.json(linked)),
    http.get('/api/approvals', () => HttpResponse.json({ approvals: [] })),
  );
  renderWithProviders(
    <Routes>
      <Route path="/accounts/:accountId/disbursements/new" element={<DisbursementRoute />} />
    </Routes>,
    { path: `/accounts/${accountId}/disbursements/new` },
  );
  return read;
}

describe('a disbursement while the custody account cannot be read', () => {
  it('says so with Try again and still offers the form, which keeps what was typed when the account is read', async () => {
    const read = renderWhileTheCustodyAccountCannotBeRead();
    const user = userEvent.setup({ delay: null });
    await onFakeClock(async () => {
      await screen.findByText('The custody account could not be checked', {}, { timeout: 60_000 });
    });
    const notice = screen
      .getByText('The custody account could not be checked')
      .closest('[role="status"]') as HTMLElement;
    expect(notice.textContent).toContain('You can still send a request');
    const amount = await screen.findByLabelText(/^Amount \(USD\)/, {}, { timeout: 5000 });
    await user.type(amount, '250.00');

    read.answers = true;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.queryByText('The custody account could not be checked')).toBeNull(),
    );
    expect(screen.getByLabelText(/^Amount \(USD\)/)).toHaveProperty('value', '250.00');
    // The button is gone with its notice: the focus is in the form, at its way of sending.
    expect(document.activeElement).toBe(screen.getByRole('radio', { checked: true }));
  });
});
