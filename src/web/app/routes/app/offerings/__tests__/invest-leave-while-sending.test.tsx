// @vitest-environment jsdom
import { act, cleanup, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { investmentReceipt } from '../../../../../testing/investment';
import {
  answerInvestReads,
  approvedAccount,
  confirmInvestment,
  renderInvestPage,
} from '../../../../../testing/invest-page';
import { offeringFixture } from '../../../../../testing/offering';
import { onFakeClock } from '../../../../../testing/render';

startMockBff();
afterEach(cleanup);

const account = approvedAccount;
const offering = offeringFixture();
const receipt = investmentReceipt({ offeringName: offering.name, accountId: account.id });

/** The invest page, whose investment is answered only once `answer()` is called. */
function renderWhileTheInvestmentIsHeld() {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  answerInvestReads([account]);
  bff.use(
    http.post('/api/offerings/7/investments', async () => {
      await answered;
      return HttpResponse.json(receipt, { status: 201 });
    }),
  );
  const { router } = renderInvestPage(
    <Route path="/offerings/:offeringId" element={<h1>The offering</h1>} />,
  );
  return { router, answer };
}

describe('leaving the invest page while the investment is being sent', () => {
  it('is asked about first, and coming back shows the investment on its way, then its receipt', async () => {
    const { router, answer } = renderWhileTheInvestmentIsHeld();
    const user = userEvent.setup({ delay: null });
    await confirmInvestment(user, '20');
    await screen.findByText(/Do not close this page until the answer comes/);
    // React Router holds navigations once the page's blocker is in place, a render later: the
    // effects of the render that shows the words are let run first.
    await act(async () => {});

    // Closing or reloading the tab gets the browser's own question.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    // The browser's Back (a navigation within the portal) is held and asked about; leaving
    // anyway is armed a moment after the question appears (on the fake clock).
    let dialog: HTMLElement | undefined;
    await onFakeClock(async () => {
      await act(() => router.navigate('/offerings/7'));
      dialog = await screen.findByRole('alertdialog', {
        name: 'Leave while your request is being sent?',
      });
      act(() => vi.advanceTimersByTime(500));
    });
    if (!dialog) throw new Error('no dialog');
    expect(dialog.textContent).toContain('Leaving does not stop it');
    expect(router.state.location.pathname).toBe('/offerings/7/invest');
    await user.click(within(dialog).getByRole('button', { name: 'Leave this page' }));
    await screen.findByRole('heading', { name: 'The offering' });

    // Back on the invest page, the investment on its way is shown, not a blank form.
    await act(() => router.navigate(-1));
    const onItsWay = await screen.findByRole('status');
    expect(onItsWay.textContent).toContain('Your investment is being sent');
    expect(onItsWay.textContent).toContain('20 units from account A1234567');
    expect(onItsWay.textContent).toContain('Do not send it again');
    expect(screen.queryByRole('button', { name: 'Review investment' })).toBeNull();

    // Its answer comes: the receipt takes its place.
    answer();
    expect(await screen.findByText('Investment submitted')).toBeTruthy();
  });

  it('offers to stay on the page in the words its question uses, and staying keeps the page and shows the receipt', async () => {
    const { router, answer } = renderWhileTheInvestmentIsHeld();
    const user = userEvent.setup({ delay: null });
    await confirmInvestment(user, '20');
    await screen.findByText(/Do not close this page until the answer comes/);
    await act(async () => {});

    await act(() => router.navigate('/offerings/7'));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Leave while your request is being sent?',
    });
    expect(dialog.textContent).toContain('Stay on this page to see its answer here');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitForElementToBeRemoved(dialog);
    expect(router.state.location.pathname).toBe('/offerings/7/invest');

    answer();
    expect(await screen.findByText('Investment submitted')).toBeTruthy();
  });
});
