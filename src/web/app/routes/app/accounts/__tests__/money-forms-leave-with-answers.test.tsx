// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountView, mainStreet } from '../../../../../testing/account';
import { answerAccountReads, renderAccountPage } from '../../../../../testing/account-pages';
import { notOpenedCustody } from '../../../../../testing/custody';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { fill, onFakeClock } from '../../../../../testing/render';

startMockBff();
afterEach(cleanup);

const accountId = 'A1042422';
const elsewhere = <Route path="/holdings" element={<h1>My investments</h1>} />;

/** A move away from the page (the menu's "My investments"), held by the page's question. */
async function leaveIsAsked(router: ReturnType<typeof renderAccountPage>['router']) {
  // React Router holds navigations once the page's blocker is in place, a render later.
  await act(async () => {});
  await act(() => router.navigate('/holdings'));
  return screen.findByRole('alertdialog', { name: 'Leave without sending your request?' });
}

/** Answers the question: "Leave", armed a moment after it appears (on the fake clock). */
async function leaveAnyway(router: ReturnType<typeof renderAccountPage>['router']) {
  await onFakeClock(async () => {
    const ask = await leaveIsAsked(router);
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(within(ask).getByRole('button', { name: 'Leave and drop what I typed' }));
  });
}

describe('leaving a money form with answers typed and not sent', () => {
  it('the IRA wizard half-way asks first; staying keeps the step and every answer, leaving goes', async () => {
    answerAccountReads(accountId, {
      profile: () =>
        HttpResponse.json({ account: accountView({ id: accountId, address: mainStreet }) }),
      custody: () => HttpResponse.json(notOpenedCustody),
    });
    bff.use(
      http.get(`/api/accounts/${accountId}/money-requests`, () =>
        HttpResponse.json({ requests: [], total: 0, offset: 0, limit: 200 }),
      ),
    );
    const { router } = renderAccountPage(`/accounts/${accountId}/ira`, elsewhere);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByLabelText('Married', { exact: true }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Step 2 of 4');
    await user.click(screen.getByLabelText('No appointment now'));

    const ask = await leaveIsAsked(router);
    expect(ask.textContent).toContain(
      'What you typed for the IRA request is not sent yet, and the portal keeps no copy of it',
    );
    await user.click(within(ask).getByRole('button', { name: 'Stay and finish the request' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/accounts/${accountId}/ira`);
    expect(screen.getByText('Step 2 of 4')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('No appointment now').checked).toBe(true);

    await leaveAnyway(router);
    expect(await screen.findByRole('heading', { name: 'My investments' })).toBeTruthy();
  });

  it('the disbursement form asks once wire details are typed, and not for an amount alone', async () => {
    answerAccountReads(accountId, { others: () => HttpResponse.json({}) });
    const { router } = renderAccountPage(`/accounts/${accountId}/disbursements/new`, elsewhere);
    const user = userEvent.setup({ delay: null });
    await fill(
      user,
      await screen.findByLabelText(/Amount \(USD\)/, {}, { timeout: 5_000 }),
      '1250',
    );
    await user.click(screen.getByLabelText('Domestic wire (U.S. bank)'));
    await fill(user, await screen.findByLabelText(/^Routing number/), '021000021');

    const ask = await leaveIsAsked(router);
    expect(ask.textContent).toContain(
      "What you typed for this disbursement (the wire's bank details) is not sent yet",
    );
    await user.click(within(ask).getByRole('button', { name: 'Stay and finish the request' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>(/^Routing number/).value).toBe('021000021');

    // Back to ACH: an amount alone is quickly typed again, and leaving is not held.
    await user.click(screen.getByLabelText('ACH transfer', { exact: false }));
    await act(() => router.navigate('/holdings'));
    expect(await screen.findByRole('heading', { name: 'My investments' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
