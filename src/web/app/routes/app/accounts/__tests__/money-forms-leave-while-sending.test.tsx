// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerAccountReads, renderAccountPage } from '../../../../../testing/account-pages';
import { depositReceipt, disbursementReceipt } from '../../../../../testing/custody';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { openDisbursementReview, sendRequest } from '../../../../../testing/disbursement';
import {
  fill,
  onFakeClock,
  openReviewAndArm,
  renderWithProviders,
} from '../../../../../testing/render';
import { DepositForm } from '../../../../../features/money/components/deposit-form';

startMockBff();
afterEach(cleanup);

const accountId = 'A1040000';

/** An answer held back until `answer()` is called: the request stays on its way meanwhile. */
function heldAnswer(body: Record<string, unknown>) {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const respond = async () => {
    await answered;
    return HttpResponse.json(body, { status: 201 });
  };
  return { respond, answer: () => answer() };
}

/** The account's reads, each answered as a working portal does. */
const withAccount = () => answerAccountReads(accountId, { others: () => HttpResponse.json({}) });

/** Leaves the page (the leave-while-sending question answered "Leave this page"), then comes back. */
async function leaveAndComeBack(
  user: ReturnType<typeof userEvent.setup>,
  router: ReturnType<typeof renderWithProviders>['router'],
) {
  // React Router holds navigations once the page's blocker is in place, a render later.
  await act(async () => {});
  // Leaving is armed a moment after the question appears (on the fake clock).
  let dialog: HTMLElement | undefined;
  await onFakeClock(async () => {
    await act(() => router.navigate('/elsewhere'));
    dialog = await screen.findByRole('alertdialog', {
      name: 'Leave while your request is being sent?',
    });
    act(() => vi.advanceTimersByTime(500));
  });
  if (!dialog) throw new Error('no dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Leave this page' }));
  await screen.findByRole('heading', { name: 'Elsewhere' });
  await act(() => router.navigate(-1));
}

describe('leaving a money form while its request is being sent, and coming back', () => {
  it('the disbursement page shows the request on its way, then its receipt, not a blank form', async () => {
    withAccount();
    const held = heldAnswer(disbursementReceipt({ accountId }));
    bff.use(http.post(`/api/accounts/${accountId}/disbursements`, held.respond));
    const { router } = renderAccountPage(
      `/accounts/${accountId}/disbursements/new`,
      <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />,
    );
    const user = userEvent.setup({ delay: null });
    await fill(
      user,
      await screen.findByLabelText(/Amount \(USD\)/, {}, { timeout: 5_000 }),
      '12.12',
    );
    await openDisbursementReview(user);
    await user.click(sendRequest());
    await screen.findByText(/Do not close this page until the answer comes/);

    await leaveAndComeBack(user, router);

    const onItsWay = await screen.findByRole('status', {}, { timeout: 5_000 });
    expect(onItsWay.textContent).toContain('Your disbursement request is being sent');
    expect(onItsWay.textContent).toContain('A disbursement of $12.12 (ACH transfer');
    expect(onItsWay.textContent).toContain('Do not send it again');
    expect(within(onItsWay).getByRole('link').getAttribute('href')).toBe(
      `/accounts/${accountId}/money`,
    );
    expect(screen.queryByRole('button', { name: 'Review request' })).toBeNull();

    // Its answer comes: the receipt takes its place, and stays until another is asked for.
    held.answer();
    expect(await screen.findByText('Disbursement requested')).toBeTruthy();
    expect(screen.getByText('MR-GJHQCG16X3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Make another disbursement' }));
    expect(await screen.findByRole('button', { name: 'Review request' })).toBeTruthy();
    expect(screen.queryByText('Disbursement requested')).toBeNull();
  });

  it('the deposit form shows the deposit on its way, then its receipt, not a blank form', async () => {
    withAccount();
    const held = heldAnswer(depositReceipt({ accountId, bankName: 'Prairie National Bank' }));
    bff.use(http.post(`/api/accounts/${accountId}/deposits`, held.respond));
    const { router } = renderWithProviders(
      <Routes>
        <Route path="/accounts/:accountId/money" element={<DepositForm accountId={accountId} />} />
        <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
      </Routes>,
      { path: `/accounts/${accountId}/money` },
    );
    const user = userEvent.setup({ delay: null });
    await fill(user, await screen.findByLabelText(/Deposit amount \(USD\)/), '250.75');
    const send = () =>
      within(screen.getByRole('dialog', { name: 'Review your deposit' })).getByRole('button', {
        name: 'Request deposit',
      });
    await openReviewAndArm(
      () => user.click(screen.getByRole('button', { name: 'Review deposit' })),
      send,
    );
    await user.click(send());
    await screen.findByText(/Do not close this page until the answer comes/);

    await leaveAndComeBack(user, router);

    const onItsWay = await screen.findByRole('status');
    expect(onItsWay.textContent).toContain('Your deposit is being sent');
    expect(onItsWay.textContent).toContain('A deposit of $250.75');
    expect(onItsWay.textContent).toContain('Do not send it again');
    expect(screen.queryByRole('button', { name: 'Review deposit' })).toBeNull();

    held.answer();
    expect(await screen.findByText('Deposit requested')).toBeTruthy();
    expect(screen.getByText('MR-7K2Q9D4XPA')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Make another deposit' }));
    expect(await screen.findByRole('button', { name: 'Review deposit' })).toBeTruthy();
  });
});
