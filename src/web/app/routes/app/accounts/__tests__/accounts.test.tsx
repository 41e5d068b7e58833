// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountList } from '../../../../../../contract/account-views';
import { explainReview } from '../../../../../lib/review-status';
import { accountView } from '../../../../../testing/account';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { onFakeClockInEachTest, renderWithProviders } from '../../../../../testing/render';
import AccountsRoute from '../accounts';

startMockBff();
afterEach(cleanup);

/*
 * A 503 is read again twice, a second and two seconds apart: the clock is faked so the test
 * waits for none of it.
 */
onFakeClockInEachTest();

const noReview = { status: null, date: null };
const list: AccountList = {
  accounts: [
    {
      id: 'A1040000',
      name: 'Avery Quinn',
      type: 'individual',
      reviews: {
        kyc: { status: 'approved', date: null },
        aml: noReview,
        accreditation: noReview,
        approval: noReview,
      },
      loaded: true,
    },
    // The platform did not answer for this one when the list was read.
    {
      id: 'A1040001',
      name: null,
      type: null,
      reviews: { kyc: noReview, aml: noReview, accreditation: noReview, approval: noReview },
      loaded: false,
      error: {
        code: 'upstream_unavailable',
        message: 'The service is unavailable right now. Please try again in a moment.',
        submitted: 'no',
        requestId: 'req-list-7',
      },
    },
  ],
};

describe('My accounts', () => {
  it("names each account's type as its own page does (Individual), not by its code", async () => {
    bff.use(http.get('/api/accounts', () => HttpResponse.json(list)));
    renderWithProviders(<AccountsRoute />, { path: '/accounts' });
    const heading = await screen.findByRole('heading', { name: 'Avery Quinn' });
    expect(heading.nextElementSibling?.textContent).toBe('Account A1040000 · Individual');
  });
});

describe('My accounts with an account that could not be loaded', () => {
  it('reads just that account again on Try again, and shows it once it answers', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const asked = { list: 0, account: 0, other: 0 };
    bff.use(
      http.get('/api/accounts', () => {
        asked.list += 1;
        return HttpResponse.json(list);
      }),
      http.get('/api/accounts/:accountId', ({ params }) => {
        if (params.accountId !== 'A1040001') {
          asked.other += 1;
          return HttpResponse.json({ account: accountView() });
        }
        asked.account += 1;
        // The first Try again still finds the platform down (its two reads again included).
        if (asked.account <= 3) {
          return errorAnswer(503, {
            code: 'upstream_unavailable',
            message: 'The platform is not answering. Nothing was submitted.',
            submitted: 'no',
          });
        }
        return HttpResponse.json({
          account: accountView({
            id: 'A1040001',
            name: 'Quinn Family Trust',
            type: 'entity',
            reviews: { ...accountView().reviews, aml: { status: 'approved', date: null } },
          }),
        });
      }),
    );
    renderWithProviders(<AccountsRoute />, { path: '/accounts' });

    const unloaded = (await screen.findByRole('heading', { name: 'Account A1040001' })).closest(
      'li',
    )!;
    // Why, with the support id, as every error is shown.
    const why = within(unloaded).getByRole('alert');
    expect(within(why).getByText('The details of this account could not be loaded')).toBeTruthy();
    expect(why.textContent).toContain(
      'The service is unavailable right now. Please try again in a moment. If this keeps happening, contact support and give them this reference: req-list-7.',
    );
    await user.click(
      within(unloaded).getByRole('button', { name: 'Try again to load account A1040001' }),
    );
    // Still down: said on this card, with Try again again; the other account is untouched.
    const again = await within(unloaded).findByText(
      'Account A1040001 could not be loaded again',
      {},
      { timeout: 10_000 },
    );
    expect(again.closest('[role="alert"]')?.textContent).toContain(
      'The platform is not answering. Nothing was submitted.',
    );
    expect(screen.getByRole('heading', { name: 'Avery Quinn' })).toBeTruthy();

    await user.click(within(unloaded).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Quinn Family Trust' })).toBeTruthy();
    const recovered = screen.getByRole('heading', { name: 'Quinn Family Trust' }).closest('li')!;
    // Its reviews as the account's own read gives them.
    const aml = `Anti-money-laundering (AML): ${explainReview('aml', 'approved').label}`;
    expect(within(recovered).getByText(aml)).toBeTruthy();
    expect(within(recovered).queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(within(recovered).getByRole('link').getAttribute('href')).toBe('/accounts/A1040001');
    // Only that account was read again: the list once, no other account.
    expect(asked).toEqual({ list: 1, account: 4, other: 0 });
  });
});
