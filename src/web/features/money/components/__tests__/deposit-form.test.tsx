// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { LinkedBankResult } from '../../../../../contract/cash';
import { bff, errorAnswer, mockPost, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import {
  descriptionOf,
  fill,
  onFakeClock,
  openReviewAndArm,
  renderWithProviders,
} from '../../../../testing/render';
import { approvedCustody, depositReceipt } from '../../../../testing/custody';
import { moneyRequestView } from '../../../../testing/money-request';
import { withFrameSizes } from '../../../../testing/frame-sizes';
import { withTimeZones } from '../../../../testing/time-zones';
import { DepositForm } from '../deposit-form';

startMockBff();
afterEach(cleanup);

const endpoint = '/api/accounts/A1234567/deposits';
const linked: LinkedBankResult = {
  state: 'linked',
  bank: {
    bankName: 'First Bank',
    holderName: 'Ada Investor',
    accountType: 'CHECKING',
    accountNumberMasked: '••••6789',
    routingNumberMasked: '••••0021',
  },
};

/** A deposit of the register into the form's account. */
const depositOfAccount = (overrides: Parameters<typeof moneyRequestView>[0]) =>
  moneyRequestView({ accountId: 'A1234567', kind: 'deposit', ...overrides });

function withBank(result: LinkedBankResult) {
  bff.use(http.get('/api/accounts/A1234567/linked-bank', () => HttpResponse.json(result)));
}

const send = () =>
  within(screen.getByRole('dialog', { name: 'Review your deposit' })).getByRole('button', {
    name: 'Request deposit',
  });

async function review(
  user: ReturnType<typeof userEvent.setup>,
  open = () => user.click(screen.getByRole('button', { name: 'Review deposit' })),
) {
  await openReviewAndArm(open, send);
  return screen.getByRole('dialog', { name: 'Review your deposit' });
}

const terms = (dialog: HTMLElement) =>
  Object.fromEntries(
    within(dialog)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('an investor deposits from the linked bank (fundCustodyAccount, §4.16)', () => {
  it.each([
    ['a fraction of a cent', '0.001', 'Amount can have at most 2 decimal places (whole cents)'],
    ['half a cent', '0.005', 'Amount can have at most 2 decimal places (whole cents)'],
    [
      'more than the ceiling',
      '100000.01',
      'Amount cannot be more than $100,000.00 per request; split larger transfers or contact support',
    ],
  ])('refuses %s on the field, with focus on it, and sends nothing', async (_, typed, message) => {
    withBank(linked);
    const sent = mockPost(endpoint, okAnswer({}));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepositForm accountId="A1234567" />);
    const amount = await screen.findByLabelText(/Deposit amount \(USD\)/);
    expect(descriptionOf(amount)).toBe(
      'Dollars and whole cents, up to $100,000.00, from First Bank ••••6789.',
    );
    await fill(user, amount, typed);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(descriptionOf(amount)).toBe(message));
    expect(document.activeElement).toBe(amount);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('is reviewed with amount and bank before it is sent, once, under one key', async () => {
    withBank(linked);
    const sent = mockPost(endpoint, okAnswer(depositReceipt()));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepositForm accountId="A1234567" />);
    await fill(user, await screen.findByLabelText(/Deposit amount \(USD\)/), '250.75');
    // Enter in the amount opens the review; it sends nothing.
    const dialog = await review(user, () => user.keyboard('{Enter}'));
    expect(sent).toHaveLength(0);
    expect(terms(dialog)).toMatchObject({
      Amount: '$250.75',
      'From bank': 'First Bank ••••6789',
      Into: 'A1234567',
      Description: 'None',
    });
    await user.click(send());

    const result = await screen.findByRole('status');
    expect(result.textContent).toContain('Deposit requested');
    expect(result.textContent).toContain('CFM42');
    // Our reference, as the account's requests and timeline list the deposit.
    expect(result.textContent).toContain('Our referenceMR-7K2Q9D4XPA');
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ amount: '250.75' });
    expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // Another deposit starts from an empty form, with focus on its first field rather than
    // dropped to the page body with the button that went away.
    await user.click(screen.getByRole('button', { name: 'Make another deposit' }));
    const amount = screen.getByLabelText(/Deposit amount \(USD\)/);
    expect(amount).toHaveProperty('value', '');
    await waitFor(() => expect(document.activeElement).toBe(amount));
  });

  it('after the deposit was sent, a failed re-read of the linked bank leaves its receipt standing, never "nothing was changed"', async () => {
    // The bank answers first; the re-read the deposit makes stale finds the portal's database
    // stopped (503, tried again by the query client on the fake clock).
    let bankReads = 0;
    bff.use(
      http.get('/api/accounts/A1234567/linked-bank', () =>
        ++bankReads === 1
          ? HttpResponse.json(linked)
          : errorAnswer(503, {
              code: 'store_unavailable',
              message:
                "The portal's database is not answering right now. Nothing was changed. Please try again in a moment.",
              submitted: 'no',
            }),
      ),
      http.get('/api/accounts/A1234567/*', () => HttpResponse.json({})),
    );
    mockPost(endpoint, okAnswer(depositReceipt()));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepositForm accountId="A1234567" />);
    await fill(user, await screen.findByLabelText(/Deposit amount \(USD\)/), '250.75');
    await review(user);
    await onFakeClock(async () => {
      await user.click(send());
      await screen.findByText('Deposit requested', {}, { timeout: 20_000 });
      // The first read, then the re-read and the query client's two tries again, all refused.
      await waitFor(() => expect(bankReads).toBe(4), { timeout: 20_000 });
    });
    // The receipt stands in the form's place: the bank's read is told by its own section.
    expect(screen.getByText('Deposit requested')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Nothing was changed|Please try again/);
    expect(screen.getByText('MR-7K2Q9D4XPA')).toBeTruthy();
  });

  it('while it is on its way, says so in words in the review, with focus on them', async () => {
    withBank(linked);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    bff.use(
      http.post(endpoint, async () => {
        await answered;
        return errorAnswer(503, {
          code: 'upstream_unavailable',
          message:
            'The service could not be reached. Nothing in your request needs to change: send it again in a moment.',
          submitted: 'no',
          nextStep: 'Nothing in your request needs to change: send it again in a moment.',
        });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepositForm accountId="A1234567" />);
    await fill(user, await screen.findByLabelText(/Deposit amount \(USD\)/), '250.75');
    const dialog = await review(user, () => user.keyboard('{Enter}'));
    send().focus();
    await user.keyboard('{Enter}');
    const sending = await within(dialog).findByText(
      'Sending the deposit… Do not close this page until the answer comes.',
    );
    expect(document.activeElement).toBe(sending);
    answer();
    await waitFor(() => expect(within(dialog).queryByText(/Do not close this page/)).toBeNull());
  });

  it('after a lost answer says the outcome is unknown, with the reference, and offers no resend', async () => {
    withBank(linked);
    const sent = mockPost(
      endpoint,
      errorAnswer(504, {
        code: 'upstream_timeout',
        // As the BFF words it on a money route: the register's reference ends the message.
        message:
          'The platform did not answer in time; it may or may not have been submitted. Our reference: MR-7K2Q9D4XPA.',
        submitted: 'unknown',
        requestId: 'req-deposit-7',
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepositForm accountId="A1234567" />);
    await fill(user, await screen.findByLabelText(/Deposit amount \(USD\)/), '10');
    const dialog = await review(user);
    const lead = 'Check the details below. Nothing is sent until you choose Request deposit.';
    expect(within(dialog).getByText(lead)).toBeTruthy();
    await user.click(send());

    const warning = await within(dialog).findByRole('alert');
    // Once sent, "nothing is sent until…" is no longer true: the outcome speaks instead.
    expect(within(dialog).queryByText(lead)).toBeNull();
    expect(warning.textContent).toContain('We do not know whether this was submitted');
    expect(warning.textContent).toContain('MR-7K2Q9D4XPA');
    expect(
      within(warning)
        .getByRole('link', { name: 'requests and timeline of this account' })
        .getAttribute('href'),
    ).toBe('/accounts/A1234567/money');
    expect(within(dialog).queryByRole('button', { name: /Request deposit|Try again/ })).toBeNull();
    // No way back into an edit: the alert says where to follow it, and the dialog closes.
    expect(within(dialog).queryByRole('button', { name: 'Back to edit' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it('after a lost deposit the form names it and sends another only as a confirmed additional deposit', async () => {
    withBank(linked);
    const lost = depositOfAccount({
      reference: 'MR-QWWWHH63TG',
      amount: '71',
      createdAt: '2026-11-28T12:10:00.000Z',
    });
    let reads = 0;
    bff.use(
      http.get('/api/accounts/A1234567/money-requests', ({ request }) => {
        const params = new URL(request.url).searchParams;
        expect(params.get('kind')).toBe('deposit');
        if (params.get('recent') === 'true') {
          return HttpResponse.json({ requests: [], total: 0, offset: 0, limit: 20 });
        }
        expect(params.get('unsettled')).toBe('true');
        reads += 1;
        // Before the deposit none stands; once its answer was lost, it does.
        const requests = reads === 1 ? [] : [lost];
        return HttpResponse.json({ requests, total: requests.length, offset: 0, limit: 20 });
      }),
    );
    const sent = mockPost(
      endpoint,
      errorAnswer(504, {
        code: 'upstream_timeout',
        message:
          'The service did not answer in time. It may or may not have reached the platform. Do not send it again. We check with the platform and settle it; if it stays unknown, contact support and quote our reference. Our reference: MR-QWWWHH63TG.',
        submitted: 'unknown',
        reference: 'MR-QWWWHH63TG',
      }),
      okAnswer(
        depositReceipt({
          referenceNumber: 'FM-2',
          reference: 'MR-AAAAAAAAAA',
          amount: '71.01',
          createdAt: '2026-11-28T12:12:00',
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepositForm accountId="A1234567" />);
    const amount = await screen.findByLabelText(/Deposit amount \(USD\)/);
    await fill(user, amount, '71.00');
    const dialog = await review(user);
    await user.click(send());
    await within(dialog).findByRole('alert');
    expect(within(dialog).queryByRole('button', { name: 'Back to edit' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    const notice = await screen.findByRole('region', {
      name: 'An earlier deposit of this account may have gone through',
    });
    expect(notice.textContent).toContain(
      'MR-QWWWHH63TG (made Nov 28, 2026, 12:10 PM UTC, $71.00): outcome unknown.',
    );
    expect(notice.textContent).toContain('We check with the platform and settle it');
    await user.clear(amount);
    await fill(user, amount, '71.01');
    await user.click(screen.getByRole('button', { name: 'Review deposit' }));
    const box = within(notice).getByRole('checkbox', {
      name: 'Send this as an additional deposit: MR-QWWWHH63TG may have gone through',
    });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toHaveLength(1);

    await user.click(box);
    const again = await review(user);
    expect(terms(again)['Sent as']).toBe(
      'An additional deposit: MR-QWWWHH63TG may have gone through',
    );
    await user.click(send());
    expect(await screen.findByText('Deposit requested')).toBeTruthy();
    expect(sent[1].body).toEqual({ amount: '71.01', additionalTo: ['MR-QWWWHH63TG'] });
  });

  it('is warned at Review of the same deposit made moments ago, and sends it only as a confirmed additional one', async () => {
    withBank(linked);
    const earlier = depositOfAccount({
      reference: 'MR-WWDTZCF1G5',
      amount: '250.00',
      outcome: 'created',
      upstreamId: 'CFM70000118',
      createdAt: '2026-11-29T17:03:00.000Z',
    });
    bff.use(
      http.get('/api/accounts/A1234567/money-requests', ({ request }) => {
        const recent = new URL(request.url).searchParams.get('recent') === 'true';
        const requests = recent ? [earlier] : [];
        return HttpResponse.json({ requests, total: requests.length, offset: 0, limit: 20 });
      }),
    );
    const sent = mockPost(
      endpoint,
      okAnswer(depositReceipt({ referenceNumber: 'FM-3', reference: 'MR-AAAAAAAAAB' })),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepositForm accountId="A1234567" />);
    const amount = await screen.findByLabelText(/Deposit amount \(USD\)/);
    // Another amount is another deposit: reviewed at once.
    await fill(user, amount, '250.01');
    await review(user);
    await user.click(screen.getByRole('button', { name: 'Back to edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.clear(amount);
    await fill(user, amount, '250');
    await user.click(await screen.findByRole('button', { name: 'Review deposit' }));
    const notice = await screen.findByRole('region', {
      name: 'You sent the same deposit moments ago',
    });
    expect(notice.textContent).toContain(
      'You sent the same deposit at 5:03 PM UTC (MR-WWDTZCF1G5, $250.00), created as fund move CFM70000118.',
    );
    const box = within(notice).getByRole('checkbox', {
      name: 'Send this as an additional deposit besides MR-WWDTZCF1G5',
    });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(box);
    const dialog = await review(user, async () => {
      await user.click(await screen.findByRole('button', { name: 'Review deposit' }));
    });
    expect(terms(dialog)['Sent as']).toBe('An additional deposit besides MR-WWDTZCF1G5');
    await user.click(send());
    expect(await screen.findByText('Deposit requested')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ amount: '250', additionalTo: ['MR-WWDTZCF1G5'] });
  });

  it('after a lost answer, the same deposit reviewed again is no second one: no warning, sent under the same key', async () => {
    withBank(linked);
    const arrived = depositOfAccount({
      reference: 'MR-QWWWHH63TG',
      amount: '72.00',
      outcome: 'created',
      upstreamId: 'FM-9',
      createdAt: '2026-11-28T12:10:00.000Z',
    });
    const sent = mockPost(
      endpoint,
      errorAnswer(504, {
        code: 'upstream_timeout',
        message: 'The service did not answer in time. Our reference: MR-QWWWHH63TG.',
        submitted: 'unknown',
        reference: 'MR-QWWWHH63TG',
      }),
      okAnswer(depositReceipt({ referenceNumber: 'FM-9', reference: 'MR-QWWWHH63TG' })),
    );
    bff.use(
      http.get('/api/accounts/A1234567/money-requests', ({ request }) => {
        // The lost one did arrive: once sent, it is among the recent ones.
        const recent = new URL(request.url).searchParams.get('recent') === 'true';
        const requests = recent && sent.length > 0 ? [arrived] : [];
        return HttpResponse.json({ requests, total: requests.length, offset: 0, limit: 20 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepositForm accountId="A1234567" />);
    const amount = await screen.findByLabelText(/Deposit amount \(USD\)/);
    await fill(user, amount, '72.00');
    const dialog = await review(user);
    await user.click(send());
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await review(user, async () => {
      await user.click(await screen.findByRole('button', { name: 'Review deposit' }));
    });
    expect(screen.queryByRole('region', { name: /moments ago/ })).toBeNull();
    await user.click(send());
    expect(await screen.findByText('Deposit requested')).toBeTruthy();
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
    expect(sent[1].body).toEqual({ amount: '72' });
  });

  it('with no bank linked offers no form and says why', async () => {
    withBank({ state: 'none', message: 'No bank account is linked.' });
    renderWithProviders(<DepositForm accountId="A1234567" />);
    expect(await screen.findByText(/A deposit comes from the bank account linked/)).toBeTruthy();
    expect(screen.queryByLabelText(/Deposit amount/)).toBeNull();
  });

  it('into a custody account not approved yet: warned with its status, and the form stays', async () => {
    withBank(linked);
    const pending = approvedCustody('A1234567', 'R1');
    if (pending.state === 'available') pending.custodyAccount.status = 'pending';
    renderWithProviders(<DepositForm accountId="A1234567" custody={pending} />);
    expect(await screen.findByText('This custody account is not approved yet')).toBeTruthy();
    expect(
      screen.getByText(/The platform lists it as Pending\. A deposit request may be refused/),
    ).toBeTruthy();
    expect(await screen.findByLabelText(/Deposit amount \(USD\)/)).toBeTruthy();
  });

  it('into an approved, unrestricted custody account: no warning', async () => {
    withBank(linked);
    renderWithProviders(
      <DepositForm accountId="A1234567" custody={approvedCustody('A1234567', 'R1')} />,
    );
    expect(await screen.findByLabelText(/Deposit amount \(USD\)/)).toBeTruthy();
    expect(screen.queryByText('This custody account is not approved yet')).toBeNull();
    expect(screen.queryByText('This custody account is restricted')).toBeNull();
  });
});

describe('the review of a deposit, read with the keyboard', () => {
  const frames = withFrameSizes();

  it('is no Tab stop while it fits, and a named scrollable one once it overflows', async () => {
    withBank(linked);
    mockPost(endpoint, okAnswer(depositReceipt()));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepositForm accountId="A1234567" />);
    await fill(user, await screen.findByLabelText(/Deposit amount \(USD\)/), '25.00');
    frames.resize(500, 552);
    const dialog = await review(user);
    // Everything fits: the first Tab stop is a button, not a frame that scrolls nothing.
    expect(within(dialog).queryByRole('region')).toBeNull();
    const content = dialog.querySelector('.MuiDialogContent-root')!;
    expect(content.hasAttribute('tabindex')).toBe(false);

    act(() => frames.resize(700, 552));
    const body = within(dialog).getByRole('region', { name: 'Review your deposit (scrollable)' });
    expect(body).toBe(content);
    expect(body.getAttribute('tabindex')).toBe('0');
  });
});

describe('the receipt of a deposit, read in New York', () => {
  withTimeZones({ viewer: 'America/New_York', platform: 'UTC' });

  it('says when the next approval batch decides it as the timeline does: local time, then Mountain Time', async () => {
    withBank(linked);
    // Made at 16:09 UTC on Jul 17 (10:09 AM in Denver): that day's 4:00 PM batch decides it.
    mockPost(endpoint, okAnswer(depositReceipt({ createdAt: '2026-07-17T16:09:00' })));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DepositForm accountId="A1234567" />);
    await fill(user, await screen.findByLabelText(/Deposit amount \(USD\)/), '25.00');
    await review(user);
    await user.click(send());
    const result = await screen.findByRole('status');
    expect(result.textContent).toContain(
      "StatusWaiting for the platform's approvalNext stepApproval decision at the next daily batch, 4:00 PM Mountain Time. Next batch: Jul 17, 2026, 6:00 PM EDT (4:00 PM Mountain Time).",
    );
  });
});
