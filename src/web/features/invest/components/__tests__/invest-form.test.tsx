// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../../../contract/account-views';
import { investmentReceipt } from '../../../../testing/investment';
import { offeringFixture } from '../../../../testing/offering';
import type { Preflight, PreflightCheck } from '../../../../../contract/preflight';
import {
  bff,
  errorAnswer,
  mockPost,
  okAnswer,
  startMockBff,
  type Answer,
} from '../../../../testing/mock-bff';
import {
  descriptionOf,
  fill,
  openReviewAndArm,
  renderWithProviders,
} from '../../../../testing/render';
import { isolate } from '../../../../../contract/bidi';
import { InvestForm, InvestmentResult } from '../invest-form';

const approved = { status: 'approved', date: null };
const accounts = [
  {
    id: 'A1234567',
    name: 'Avery Quinn',
    type: 'individual',
    reviews: { kyc: approved, aml: approved, accreditation: approved, approval: approved },
    loaded: true,
  },
  { id: 'A7654321', name: 'Quinn Family Trust', type: 'entity', loaded: true },
] as unknown as AccountSummary[];

// A unit price below a cent: shown with its digits, while amounts are rounded half-up to cents.
const offering = offeringFixture({
  unitPrice: '0.0125',
  minAmount: '10',
  maxAmount: '5000',
  totalShares: '800000',
  endDate: '2030-01-01',
});

const endpoint = '/api/offerings/7/investments';
const receipt = investmentReceipt({
  offeringName: offering.name,
  accountId: 'A7654321',
  units: '1001',
  unitPrice: '0.0125',
  amount: '12.5125',
  paymentMethod: 'wire',
});

startMockBff();
afterEach(cleanup);

const confirm = () => screen.getByRole('button', { name: 'Confirm investment' });

async function fillAndReview(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText(/Invest from account/), 'A7654321');
  await fill(user, screen.getByLabelText(/^Units/), '1001');
  await user.selectOptions(screen.getByLabelText(/Payment method/), 'wire');
  await openReviewAndArm(
    () => user.click(screen.getByRole('button', { name: 'Review investment' })),
    confirm,
  );
}

/** The form is back as typed, the focus on "Review investment", where the review began. */
async function expectBackToTheFormAsTyped() {
  expect(await screen.findByLabelText(/^Units/)).toHaveProperty('value', '1001');
  await waitFor(() =>
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Review investment' })),
  );
}

/**
 * Invests 1001 units from the trust by wire, reviewed and confirmed, the BFF answering with
 * `answers` in turn: what was sent, and the user to go on with.
 */
async function confirmAnswered(...answers: Answer[]) {
  const sent = mockPost(endpoint, ...answers);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
  await fillAndReview(user);
  await user.click(confirm());
  return { sent, user };
}

describe('an investor invests in an offering (§4.3 createTrade)', () => {
  it('is told what each field needs, on the field, and focus goes to the first one in error', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    await fill(user, screen.getByLabelText(/^Units/), '2.5');
    await user.click(screen.getByRole('button', { name: 'Review investment' }));

    const account = screen.getByLabelText(/Invest from account/);
    await waitFor(() =>
      expect(descriptionOf(account)).toBe(
        'Invest from account is required: choose one of your accounts',
      ),
    );
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(screen.getByLabelText(/^Units/))).toBe(
      'Units must be a whole number, such as 10',
    );
    expect(document.activeElement).toBe(account);
    expect(screen.queryByRole('heading', { name: 'Review your investment' })).toBeNull();
  });

  it('is not told a field is required for tabbing through it: only once it is changed, or Review is pressed', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    const account = screen.getByLabelText(/Invest from account/);
    const units = screen.getByLabelText(/^Units/);
    account.focus();
    await user.tab();
    expect(document.activeElement).toBe(units);
    await user.tab();
    expect(account.getAttribute('aria-invalid')).toBe('false');
    expect(descriptionOf(account)).toBe('');
    expect(units.getAttribute('aria-invalid')).not.toBe('true');

    // A negative number is whole: the rule it breaks is the offering's least, in units.
    await fill(user, units, '-3');
    await user.tab();
    await waitFor(() =>
      expect(descriptionOf(units)).toBe(
        "Units must be at least 800: this offering's minimum investment is $10.00",
      ),
    );
    expect(account.getAttribute('aria-invalid')).toBe('false');
  });

  it('reviews exactly what is sent, sends it once with an Idempotency-Key, and lands on the receipt', async () => {
    const sent = mockPost(endpoint, okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    await fill(user, screen.getByLabelText(/^Units/), '1001');
    // 1001 × $0.0125 = $12.5125: half-up to cents is $12.51, never a float's rounding.
    expect(screen.getByTestId('invest-amount').textContent).toBe(
      'Amount: $12.51 (1,001 × $0.0125)',
    );
    // Units that break a rule point to the field, not ask for units already typed.
    await user.clear(screen.getByLabelText(/^Units/));
    await user.type(screen.getByLabelText(/^Units/), '1.5');
    expect(screen.getByTestId('invest-amount').textContent).toBe(
      'Amount: none yet, see Units for what they need',
    );
    await user.clear(screen.getByLabelText(/^Units/));
    await fillAndReview(user);

    const review = screen.getByRole('region', { name: 'Review your investment' });
    expect(document.activeElement).toBe(
      within(review).getByRole('heading', { name: 'Review your investment' }),
    );
    const shown = within(review)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(shown).toEqual([
      'Aspen Ridge Growth Fund I',
      `${isolate('Quinn Family Trust')} (A7654321)`,
      '1,001',
      '$0.0125',
      '$12.51',
      expect.stringMatching(/wire/i),
    ]);
    expect(sent).toHaveLength(0);

    await user.dblClick(confirm());
    const result = await screen.findByRole('status');
    expect(within(result).getByText('Investment submitted')).toBeTruthy();
    expect(within(result).getByText('T-000123')).toBeTruthy();
    // Our reference, as the timeline and the fund moves show it, and the status in their words.
    expect(within(result).getByText('MR-7K2Q9ZX4AB')).toBeTruthy();
    expect(within(result).getByText('Created: waiting for payment and approval')).toBeTruthy();
    expect(document.activeElement).toBe(result);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ accountId: 'A7654321', units: '1001', paymentMethod: 'wire' });
    expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0].csrf).toBe('1');
  });

  it('while the investment is on its way, is told so in words, with focus on them, not on the page body', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let calls = 0;
    bff.use(
      http.post(endpoint, async () => {
        calls += 1;
        await answered;
        return HttpResponse.json(receipt, { status: 201 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    await fillAndReview(user);
    confirm().focus();
    await user.keyboard('{Enter}');

    const review = screen.getByRole('region', { name: 'Review your investment' });
    const sending = await within(review).findByText(
      'Submitting the investment… Do not close this page until the answer comes.',
    );
    expect(sending.getAttribute('aria-live')).toBe('polite');
    expect(confirm()).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(sending);
    // Enter again while it is on its way sends nothing more.
    await user.keyboard('{Enter}');

    answer();
    const result = await screen.findByRole('status');
    expect(within(result).getByText('Investment submitted')).toBeTruthy();
    expect(document.activeElement).toBe(result);
    expect(calls).toBe(1);
  });

  it('after a refusal for the moment nothing was submitted: "Try again" resends with the same key', async () => {
    const why = 'The service is unavailable right now.';
    const next = 'Nothing in your request needs to change: send it again in a moment.';
    const { sent, user } = await confirmAnswered(
      errorAnswer(503, {
        code: 'upstream_unavailable',
        message: `${why} ${next}`,
        submitted: 'no',
        nextStep: next,
      }),
      okAnswer(receipt),
    );

    const refusal = await screen.findByRole('alert');
    // The BFF's sentence pair, why and what to do, said once: no "send it again" of the form's own.
    expect(refusal.textContent).toBe(`Not submitted${why} ${next}`);
    // Nothing to settle and no one to ask: no reference to quote.
    expect(refusal.textContent).not.toContain('req-test-1');
    expect(document.activeElement).toBe(refusal);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Investment submitted')).toBeTruthy();
    expect(sent.map((r) => r.idempotencyKey)).toEqual([
      sent[0].idempotencyKey,
      sent[0].idempotencyKey,
    ]);
  });

  it('"Edit" goes back to the form as typed, with focus on "Review investment" where the review began', async () => {
    const sent = mockPost(endpoint, okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    await fillAndReview(user);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await expectBackToTheFormAsTyped();
    expect(sent).toHaveLength(0);
  });

  it('a double click on "Review investment" shows the review, and it stays: its second click, on "Edit" now under the pointer, does not go back', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    await user.selectOptions(screen.getByLabelText(/Invest from account/), 'A7654321');
    await fill(user, screen.getByLabelText(/^Units/), '1001');
    await user.click(screen.getByRole('button', { name: 'Review investment' }));
    const edit = await screen.findByRole('button', { name: 'Edit' });
    // The click that completes the double click lands where "Review investment" was.
    fireEvent.click(edit, { detail: 2 });
    expect(screen.getByRole('region', { name: 'Review your investment' })).toBeTruthy();
    // A click of its own on "Edit" goes back, as ever.
    fireEvent.click(edit, { detail: 1 });
    await expectBackToTheFormAsTyped();
  });

  it('refused for what it asks: "Change the request" goes back to the form, as typed', async () => {
    const { sent, user } = await confirmAnswered(
      errorAnswer(422, {
        code: 'upstream_rejected',
        message:
          'The platform refused it; nothing was changed. It did not accept transactionType: Not allowed for this offering.',
        submitted: 'no',
        refusal: 'request',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Change what it names and send it again.');
    expect(alert.textContent).not.toMatch(/Nothing was sent/);
    expect(screen.queryByRole('button', { name: /Confirm investment|Try again/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change the request' }));
    await expectBackToTheFormAsTyped();
    expect(sent).toHaveLength(1);
  });

  it('a platform refusal that names the units puts its message on the units field', async () => {
    const message = 'Requested units exceed remaining shares (1000)';
    await confirmAnswered(
      errorAnswer(422, {
        code: 'upstream_rejected',
        message: `The platform refused it; nothing was changed. It did not accept units: ${message}.`,
        submitted: 'no',
        refusal: 'request',
        fields: [{ field: 'units', message }],
      }),
    );
    const units = await screen.findByLabelText(/^Units/);
    await waitFor(() => expect(document.activeElement).toBe(units));
    expect(descriptionOf(units)).toContain(message);
    expect(units).toHaveProperty('value', '1001');
  });

  it('refused because the offering is closed for now: wait or ask support, never "Change the request"', async () => {
    const { sent, user } = await confirmAnswered(
      errorAnswer(409, {
        code: 'conflict',
        message: 'This offering is not open for investment now. Nothing was submitted.',
        submitted: 'no',
        refusal: 'state',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('not open for investment now');
    expect(alert.textContent).toContain('nothing in your request needs to change');
    expect(alert.textContent).not.toMatch(/correct it|try again/i);
    expect(
      screen.queryByRole('button', { name: /Change the request|Confirm investment|Try again/ }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText(/^Units/)).toHaveProperty('value', '1001');
    expect(sent).toHaveLength(1);
  });

  it("refused by the BFF itself, it reads the BFF's sentence pair, why and what to do, and nothing more", async () => {
    const why = 'This offering is closed to new investments.';
    const next =
      'Choose another offering, or come back once this one accepts investments: changing the units would not help.';
    await confirmAnswered(
      errorAnswer(409, {
        code: 'conflict',
        message: `${why} ${next}`,
        submitted: 'no',
        refusal: 'state',
        nextStep: next,
        reference: 'MR-Q8ZV1K3N7D',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`Not submitted${why} ${next} Our reference: MR-Q8ZV1K3N7D.`);
  });

  it('after a dropped connection it is not known: no retry button, where to check, and the same key if sent again', async () => {
    const { sent, user } = await confirmAnswered('dropped', okAnswer(receipt));

    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('We do not know whether this was submitted');
    // The review no longer says that nothing is submitted: it was sent, and may have been.
    expect(screen.queryByText(/Nothing is submitted/)).toBeNull();
    // Where the request is listed whatever became of it: the chosen account's requests.
    expect(
      within(warning)
        .getByRole('link', { name: 'requests and timeline of this account' })
        .getAttribute('href'),
    ).toBe('/accounts/A7654321/money');
    expect(screen.queryByRole('button', { name: /Confirm investment|Try again/ })).toBeNull();

    // No "Edit" into a sending form: "Close". The form then shows the same request; reviewed
    // again unchanged, it goes with the same key, so the BFF can tell it is the same one.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await openReviewAndArm(
      () => user.click(screen.getByRole('button', { name: 'Review investment' })),
      confirm,
    );
    await user.click(confirm());
    expect(await screen.findByText('Investment submitted')).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
  });

  it('after a lost answer the register holds: one instruction, not to send it again, and our reference alone', async () => {
    await confirmAnswered(
      errorAnswer(504, {
        code: 'upstream_timeout',
        message:
          'The service did not answer in time. It may or may not have reached the platform. Do not send it again. A reviewer checks it with the platform and settles it; if it stays unknown, contact support and quote our reference. Our reference: MR-7K2Q9ZX4AB.',
        submitted: 'unknown',
        reference: 'MR-7K2Q9ZX4AB',
      }),
    );

    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('Do not send it again');
    // Nothing contradicts it: no invitation to check and try again.
    expect(warning.textContent).not.toMatch(/before trying again|try again/i);
    // One reference to quote, ours; the request id stays in the logs.
    expect(warning.textContent?.match(/MR-7K2Q9ZX4AB/g)).toHaveLength(1);
    expect(warning.textContent).not.toMatch(/req-test-1|Reference: [^M]/);
    expect(
      within(warning)
        .getByRole('link', { name: 'requests and timeline of this account' })
        .getAttribute('href'),
    ).toBe('/accounts/A7654321/money');
    expect(screen.queryByRole('button', { name: /Confirm investment|Try again/ })).toBeNull();
  });

  describe('an account the checks block (its AML review not approved)', () => {
    const refusal =
      'Account A7654321 cannot invest. Not approved: Anti-money-laundering (AML). This cannot be changed here: contact support to find out why and what you can provide to be reviewed again.';
    const check = (rule: PreflightCheck['rule'], outcome: PreflightCheck['outcome']) => ({
      rule,
      outcome,
      title: rule === 'aml' ? 'Anti-money-laundering (AML)' : rule,
      detail:
        outcome === 'block'
          ? 'Not approved: this account cannot invest. Contact support to find out why and what you can provide to be reviewed again.'
          : 'Approved.',
    });
    const preflight = (accountId: string, aml: PreflightCheck['outcome']): Preflight => ({
      accountId,
      offeringId: '7',
      canInvest: aml !== 'block',
      checks: [
        check('account_approval', 'pass'),
        check('kyc', 'pass'),
        check('aml', aml),
        check('offering_status', 'pass'),
        check('units_left', 'pass'),
      ],
      unitPrice: '0.0125',
      minimumUnits: '800',
      maximumUnits: '100000',
      remainingUnits: '100000',
      achAvailable: null,
      achBank: null,
    });
    const preflights = {
      A1234567: preflight('A1234567', 'pass'),
      A7654321: preflight('A7654321', 'block'),
    };

    it('is marked in the list, tells the block as soon as it is chosen, and Review refuses it', async () => {
      const sent = mockPost(endpoint, okAnswer(receipt));
      const user = userEvent.setup({ delay: null });
      renderWithProviders(
        <InvestForm offering={offering} accounts={accounts} preflights={preflights} />,
      );
      const account = screen.getByLabelText(/Invest from account/);
      expect(
        within(account)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Choose an account',
        `${isolate('Avery Quinn')} (A1234567)`,
        `${isolate('Quinn Family Trust')} (A7654321): cannot invest`,
      ]);
      await user.selectOptions(account, 'A7654321');
      expect(descriptionOf(account)).toBe(refusal);
      await fill(user, screen.getByLabelText(/^Units/), '1001');
      await user.click(screen.getByRole('button', { name: 'Review investment' }));
      await waitFor(() => expect(account.getAttribute('aria-invalid')).toBe('true'));
      expect(descriptionOf(account)).toBe(refusal);
      expect(screen.queryByRole('heading', { name: 'Review your investment' })).toBeNull();

      // Another account passes its checks and goes on to the review.
      await user.selectOptions(account, 'A1234567');
      await openReviewAndArm(
        () => user.click(screen.getByRole('button', { name: 'Review investment' })),
        confirm,
      );
      expect(sent).toHaveLength(0);
    });

    it('refused by the BFF, the review closes and the account field says why and whom to ask, not "try again"', async () => {
      const sent = mockPost(
        endpoint,
        errorAnswer(409, {
          code: 'conflict',
          message: `${refusal} Nothing was submitted.`,
          submitted: 'no',
          fields: [{ field: 'accountId', message: refusal }],
        }),
      );
      const user = userEvent.setup({ delay: null });
      // The checks had not loaded yet: the BFF applies them all the same.
      renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
      await fillAndReview(user);
      await user.click(confirm());
      const account = await screen.findByLabelText(/Invest from account/);
      await waitFor(() => expect(descriptionOf(account)).toBe(refusal));
      expect(screen.queryByRole('heading', { name: 'Review your investment' })).toBeNull();
      expect(screen.queryByText(/correct it and try again/)).toBeNull();
      expect(sent).toHaveLength(1);
    });
  });

  describe('paying by ACH, which comes from the linked bank', () => {
    const rule =
      'ACH needs a bank account linked to this account, and none is linked. Pay by wire or check, or link a bank account on the Money and timeline page first.';
    const preflightOf = (accountId: string, achBank: string | null): Preflight => ({
      accountId,
      offeringId: '7',
      canInvest: true,
      checks: [],
      unitPrice: '0.0125',
      minimumUnits: '800',
      maximumUnits: '100000',
      remainingUnits: '100000',
      achAvailable: achBank !== null,
      achBank,
    });
    const preflights = {
      A1234567: preflightOf('A1234567', 'Prairie National Bank ••••1592'),
      A7654321: preflightOf('A7654321', null),
    };
    const paymentChoices = () =>
      within(screen.getByLabelText(/Payment method/))
        .getAllByRole('option')
        .map((o) => [o.textContent, (o as HTMLOptionElement).disabled]);

    it('is not offered from an account with no linked bank, which starts on wire and says why', async () => {
      const user = userEvent.setup({ delay: null });
      renderWithProviders(
        <InvestForm offering={offering} accounts={accounts} preflights={preflights} />,
      );
      const payment = screen.getByLabelText(/Payment method/);
      await user.selectOptions(screen.getByLabelText(/Invest from account/), 'A1234567');
      expect((payment as HTMLSelectElement).value).toBe('ach');
      expect(descriptionOf(payment)).toBe(
        'Paid from Prairie National Bank ••••1592, the bank account linked to this account.',
      );

      await user.selectOptions(screen.getByLabelText(/Invest from account/), 'A7654321');
      expect(paymentChoices()).toEqual([
        ['ACH bank transfer: no bank account linked', true],
        ['Wire transfer', false],
        ['Check', false],
      ]);
      await waitFor(() => expect((payment as HTMLSelectElement).value).toBe('wire'));
      expect(descriptionOf(payment)).toContain('ACH is not available: no bank account is linked');
      expect(screen.getByRole('link', { name: 'Money and timeline' }).getAttribute('href')).toBe(
        '/accounts/A7654321/money',
      );
    });

    it('chosen, then an account with no bank: Review refuses it on the payment method and sends nothing', async () => {
      const sent = mockPost(endpoint, okAnswer(receipt));
      const user = userEvent.setup({ delay: null });
      renderWithProviders(
        <InvestForm offering={offering} accounts={accounts} preflights={preflights} />,
      );
      const payment = screen.getByLabelText(/Payment method/);
      await user.selectOptions(screen.getByLabelText(/Invest from account/), 'A1234567');
      await user.selectOptions(payment, 'ach');
      await user.selectOptions(screen.getByLabelText(/Invest from account/), 'A7654321');
      // The person's own choice stays, and is refused with the rule.
      expect((payment as HTMLSelectElement).value).toBe('ach');
      await fill(user, screen.getByLabelText(/^Units/), '1001');
      await user.click(screen.getByRole('button', { name: 'Review investment' }));
      await waitFor(() => expect(payment.getAttribute('aria-invalid')).toBe('true'));
      expect(descriptionOf(payment)).toBe(rule);
      expect(document.activeElement).toBe(payment);
      expect(screen.queryByRole('heading', { name: 'Review your investment' })).toBeNull();
      expect(sent).toHaveLength(0);
    });

    it('refused by the BFF (the checks had not loaded), the payment method says why', async () => {
      mockPost(
        endpoint,
        errorAnswer(409, {
          code: 'conflict',
          message: `${rule} Nothing was submitted.`,
          submitted: 'no',
          refusal: 'state',
          fields: [{ field: 'paymentMethod', message: rule }],
        }),
      );
      const user = userEvent.setup({ delay: null });
      renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
      await user.selectOptions(screen.getByLabelText(/Invest from account/), 'A7654321');
      await fill(user, screen.getByLabelText(/^Units/), '1001');
      await openReviewAndArm(
        () => user.click(screen.getByRole('button', { name: 'Review investment' })),
        confirm,
      );
      await user.click(confirm());
      const payment = await screen.findByLabelText(/Payment method/);
      await waitFor(() => expect(descriptionOf(payment)).toBe(rule));
    });
  });

  describe('the receipt says what to do next to pay', () => {
    it.each([
      [
        'wire',
        `Send the wire for $12.51 by the instructions that the issuer of ${offering.name}, or the platform on its behalf, sends you. This portal is not given wire instructions and is not told when they are sent: if none have reached you, contact support and quote trade ID T-000123 and our reference MR-7K2Q9ZX4AB. The trade is then approved by a registered representative and a principal.`,
        "Put trade ID T-000123 and our reference MR-7K2Q9ZX4AB in the wire's reference (memo) field, so the payment is matched to this trade.",
      ],
      [
        'check',
        `Send the check for $12.51 by the instructions that the issuer of ${offering.name}, or the platform on its behalf, sends you. This portal is not given check instructions and is not told when they are sent: if none have reached you, contact support and quote trade ID T-000123 and our reference MR-7K2Q9ZX4AB. The trade is then approved by a registered representative and a principal.`,
        "Put trade ID T-000123 and our reference MR-7K2Q9ZX4AB on the check's memo line, so the payment is matched to this trade.",
      ],
    ] as const)(
      'by %s: who sends the instructions, and the reference to quote on the payment',
      (method, next, quote) => {
        renderWithProviders(
          <InvestmentResult
            receipt={{ ...receipt, paymentMethod: method, achBank: null }}
            accounts={accounts}
          />,
        );
        const result = screen.getByRole('status');
        expect(terms(result)['Next step']).toBe(next);
        expect(terms(result)['Quote on the payment']).toBe(quote);
        // The account as the review named it: its name, then its id.
        expect(terms(result)['Account']).toBe(`${isolate('Quinn Family Trust')} (A7654321)`);
        expect(terms(result)['Paid from']).toBeUndefined();
        expect(terms(result)['Where to follow it']).toBe(
          "The trade's status, and how to pay it until it is paid, are on My investments and on the account's timeline (links below).",
        );
        expect(
          within(result).getByRole('link', { name: 'My investments' }).getAttribute('href'),
        ).toBe('/holdings');
        expect(
          within(result)
            .getByRole('link', { name: "See it on the account's timeline" })
            .getAttribute('href'),
        ).toBe('/accounts/A7654321/money#section-timeline');
      },
    );

    it('by ACH: names the linked bank it is paid from', () => {
      renderWithProviders(
        <InvestmentResult
          receipt={{ ...receipt, paymentMethod: 'ach', achBank: 'Prairie National Bank ••••1592' }}
        />,
      );
      const result = screen.getByRole('status');
      expect(terms(result)['Paid from']).toBe('Prairie National Bank ••••1592');
      expect(terms(result)['Next step']).toBe(
        'Payment is by ACH from Prairie National Bank ••••1592, the bank account linked to this account: keep $12.51 available there. The trade is then approved by a registered representative and a principal.',
      );
    });

    it('priced by the platform at another amount than reviewed: says so, and asks for its amount', () => {
      renderWithProviders(
        <InvestmentResult
          receipt={{
            ...receipt,
            units: '76',
            unitPrice: '0.3333',
            amount: '190.00',
            quotedAmount: '25.3308',
            paymentMethod: 'wire',
            achBank: null,
          }}
        />,
      );
      const result = screen.getByRole('status');
      expect(terms(result)['Amount']).toBe('$190.00');
      expect(terms(result)['Priced by the platform']).toBe(
        'The platform priced this trade at $190.00, not the $25.33 shown before sending. $190.00 is the amount of the trade.',
      );
      expect(terms(result)['Next step']).toMatch(/^Send the wire for \$190\.00 /);
    });

    it('priced as reviewed: no word about pricing', () => {
      renderWithProviders(
        <InvestmentResult receipt={{ ...receipt, paymentMethod: 'wire', quotedAmount: null }} />,
      );
      expect(terms(screen.getByRole('status'))['Priced by the platform']).toBeUndefined();
    });
  });
});

const terms = (element: HTMLElement) =>
  Object.fromEntries(
    within(element)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
