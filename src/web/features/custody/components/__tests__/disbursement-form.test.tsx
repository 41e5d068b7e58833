// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustodyAccountResult } from '../../../../../contract/custody-views';
import { disbursementTypeLabels } from '../../../../../contract/disbursements';
import { DisbursementAnswer, DisbursementForm } from '../disbursement-form';
import { DisbursementReadiness } from '../disbursement-readiness';
import { http } from 'msw';
import { bff, errorAnswer, mockPost, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import { descriptionOf, fill, onFakeClock, renderWithProviders } from '../../../../testing/render';
import { approvalView } from '../../../../testing/approval';
import {
  disbursementReview,
  openDisbursementReview,
  sendRequest,
} from '../../../../testing/disbursement';
import { noBalanceSentence } from '../../../../testing/custody';

function wrap(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label, { exact: false });

describe('an investor fills in a disbursement (§4.5)', () => {
  it('switching from domestic to international wire leaves the routing number and its error behind', async () => {
    wrap(<DisbursementForm accountId="A1234567" />);
    fireEvent.click(screen.getByLabelText('Domestic wire (U.S. bank)'));
    const routing = field('Routing number');
    fireEvent.change(routing, { target: { value: '12345' } });
    fireEvent.blur(routing);
    await screen.findByText('Routing number must be 9 digits');

    fireEvent.click(screen.getByLabelText('International wire'));
    const swift = await waitFor(() => field('SWIFT/BIC code'));
    expect(swift).toHaveProperty('value', '');
    expect(screen.queryByText('Routing number must be 9 digits')).toBeNull();
    expect(swift.getAttribute('aria-invalid')).not.toBe('true');

    // Back to domestic: what was typed for it is still there.
    fireEvent.change(swift, { target: { value: 'DEUTDEFF' } });
    fireEvent.click(screen.getByLabelText('Domestic wire (U.S. bank)'));
    await waitFor(() => expect(field('Routing number')).toHaveProperty('value', '12345'));
    fireEvent.click(screen.getByLabelText('International wire'));
    await waitFor(() => expect(field('SWIFT/BIC code')).toHaveProperty('value', 'DEUTDEFF'));
  });

  it('a double click on "Review request" opens the review, and its second click, on the backdrop, leaves it open', async () => {
    wrap(<DisbursementForm accountId="A1234567" />);
    fireEvent.change(field('Amount (USD)'), { target: { value: '42' } });
    await onFakeClock(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Review request' }), { detail: 1 });
      const dialog = await screen.findByRole('dialog');
      // The dialog's container is what a click beside the dialog lands on (MUI's backdrop click).
      const beside = dialog.parentElement!;
      fireEvent.mouseDown(beside);
      fireEvent.click(beside, { detail: 2 });
      // Longer than a closing dialog's fade: it has not begun to close.
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByRole('dialog')).toBe(dialog);
      // A click of its own beside the dialog closes it, as ever.
      fireEvent.mouseDown(beside);
      fireEvent.click(beside, { detail: 1 });
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('on review, the investor sees the SWIFT code and account number they typed in full', async () => {
    wrap(<DisbursementForm accountId="A1234567" />);
    fireEvent.click(screen.getByLabelText('International wire'));
    fireEvent.change(field('Amount (USD)'), { target: { value: '250' } });
    fireEvent.change(await waitFor(() => field('SWIFT/BIC code')), {
      target: { value: 'DEUTDEFF500' },
    });
    fireEvent.change(field('IBAN or account number'), {
      target: { value: 'DE89370400440532013000' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Review request' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('DEUTDEFF500')).toBeTruthy();
    expect(within(dialog).getByText('DE89370400440532013000')).toBeTruthy();
    expect(within(dialog).queryByText(/••••/)).toBeNull();
  });
});

const custody = (restricted: boolean, status = 'approved'): CustodyAccountResult => ({
  state: 'available',
  custodyAccount: {
    accountId: 'A1234567',
    requestId: 'R1',
    status,
    relationship: null,
    restricted,
    restrictedReason: restricted ? 'Pending documentation' : null,
    principalReviewBy: null,
    approvedAt: null,
    notes: null,
    createdAt: null,
    updatedAt: null,
  },
});

describe('an investor opens the disbursement page', () => {
  it('of an account with no custody account: told why, and no form is offered', () => {
    wrap(
      <DisbursementReadiness
        accountId="A1234567"
        result={{ state: 'unavailable', reason: 'not_opened', message: 'none' }}
      >
        <form aria-label="disbursement form" />
      </DisbursementReadiness>,
    );
    expect(screen.getByText('No custody account to send money from')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'disbursement form' })).toBeNull();
  });

  it('of a restricted custody account: warned with the reason before the form', () => {
    wrap(
      <DisbursementReadiness accountId="A1234567" result={custody(true)}>
        <form aria-label="disbursement form" />
      </DisbursementReadiness>,
    );
    expect(screen.getByText('This custody account is restricted')).toBeTruthy();
    expect(screen.getByText(/Pending documentation/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'disbursement form' })).toBeTruthy();
  });

  it('of a custody account the platform has not approved yet: warned, with its status, before the form', () => {
    wrap(
      <DisbursementReadiness accountId="A1234567" result={custody(false, 'pending')}>
        <form aria-label="disbursement form" />
      </DisbursementReadiness>,
    );
    expect(screen.getByText('This custody account is not approved yet')).toBeTruthy();
    expect(
      screen.getByText(/The platform lists it as Pending\. A disbursement request may be refused/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: "account's page" }).getAttribute('href')).toBe(
      '/accounts/A1234567',
    );
    expect(screen.queryByText('This custody account is restricted')).toBeNull();
    expect(screen.getByRole('form', { name: 'disbursement form' })).toBeTruthy();
  });

  it('of an open, unrestricted custody account: the form alone', () => {
    wrap(
      <DisbursementReadiness accountId="A1234567" result={custody(false)}>
        <form aria-label="disbursement form" />
      </DisbursementReadiness>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('form', { name: 'disbursement form' })).toBeTruthy();
  });
});

startMockBff();

const endpoint = '/api/accounts/A1234567/disbursements';
const receipt = (type: string, amount: string, bankAccountIdMasked: string | null = null) => ({
  requestId: 'FMR-20260717-001',
  reference: 'MR-3H8W2PQ7LC',
  accountId: 'A1234567',
  amount,
  type,
  bankIdMasked: null,
  bankAccountIdMasked,
  additionalDetails: null,
  status: 'pending',
  createdAt: '2026-07-17T16:09:00',
});

async function review(user: ReturnType<typeof userEvent.setup>) {
  await openDisbursementReview(user);
  const dialog = disbursementReview();
  // Focus moved into the review, not left on the page body.
  expect(dialog.contains(document.activeElement)).toBe(true);
  return dialog;
}

/**
 * Sends `amount` by ACH from the form, the BFF answering `answer`: what was sent, the review it
 * answers in, and the amount's field.
 */
async function sendAnswered(amount: string, answer: Response) {
  const sent = mockPost(endpoint, answer);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<DisbursementForm accountId="A1234567" />);
  const field = screen.getByLabelText(/Amount \(USD\)/);
  await fill(user, field, amount);
  const dialog = await review(user);
  await user.click(sendRequest());
  return { sent, user, dialog, amount: field };
}

const terms = (dialog: HTMLElement) =>
  Object.fromEntries(
    within(dialog)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('an investor sends a disbursement through the BFF (§4.5)', () => {
  it('by ACH: the amount is checked, a refusal is "not submitted", and the retry reuses the key', async () => {
    const sent = mockPost(
      endpoint,
      errorAnswer(429, {
        code: 'rate_limited',
        message: 'Too many requests from this account; wait a minute.',
        submitted: 'no',
      }),
      okAnswer({ ...receipt('ach', '125.5'), bankName: 'Prairie National Bank ••••1592' }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DisbursementForm accountId="A1234567" />);
    const amount = screen.getByLabelText(/Amount \(USD\)/);
    await fill(user, amount, '12,50');
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    await waitFor(() => expect(descriptionOf(amount)).toMatch(/^Amount must be/));
    expect(document.activeElement).toBe(amount);

    await user.clear(amount);
    await fill(user, amount, '125.50');
    const dialog = await review(user);
    expect(terms(dialog)).toMatchObject({
      'From account': 'A1234567',
      Amount: '$125.50',
    });

    await user.click(sendRequest());
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toContain('Not submitted');
    // Refused for the moment: nothing in the request is to be corrected.
    expect(refusal.textContent).toContain(
      'Nothing was sent, and nothing in your request needs to change: send it again in a moment.',
    );
    expect(refusal.textContent).not.toContain('correct it');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    const result = await screen.findByRole('status');
    expect(result.textContent).toContain('Disbursement requested');
    // The platform's request id, as the account's requests list names it, and our reference.
    expect(result.textContent).toContain('Request IDFMR-20260717-001Our referenceMR-3H8W2PQ7LC');
    expect(result.textContent).toContain('$125.50');
    // Where the money goes, as the review said it.
    expect(result.textContent).toContain('To bankPrairie National Bank ••••1592');
    // Where it stands in the one name the requests list and the timeline use, and what comes next.
    expect(result.textContent).toContain(
      "StatusWaiting for the platform's approvalNext stepApproval decision at the next daily batch, 4:00 PM Mountain Time. Next batch: Jul 17, 2026, 10:00 PM UTC (4:00 PM Mountain Time).",
    );
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(sent.map((request) => request.body)).toEqual([
      { type: 'ach', amount: '125.5' },
      { type: 'ach', amount: '125.5' },
    ]);
    expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
  });

  it('held because of the day’s total: the answer says so in the BFF’s words', () => {
    const why =
      "With the earlier disbursements of the last 24 hours ($955.00) this one brings the total to $1,954.00, above $1,000.00: it waits for a second person's approval.";
    renderWithProviders(
      <DisbursementAnswer answer={{ pendingApproval: approvalView({ amount: '999' }), why }} />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Waiting for approval: nothing sent yet');
    expect(status.textContent).toContain(`${why} Follow it on Held disbursements`);
    expect(status.textContent).not.toContain('Disbursements this large');
  });

  it('held, says which request it is: its method, where the wire goes (masked) and when it was made', () => {
    renderWithProviders(
      <DisbursementAnswer
        answer={{
          pendingApproval: approvalView({
            type: 'wire_international',
            destination: {
              bankId: 'DEUTDEFF',
              bankAccountIdMasked: '••••3000',
              additionalDetails: null,
            },
          }),
        }}
      />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('MethodInternational wire');
    expect(status.textContent).toContain('Bank account••••3000');
    expect(status.textContent).toMatch(/RequestedJul 17, 2026/);
  });

  it('by domestic wire: the routing checksum is checked; above the threshold it waits for approval', async () => {
    const sent = mockPost(
      endpoint,
      okAnswer(
        {
          pendingApproval: approvalView({ type: 'wire_domestic' }),
        },
        202,
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DisbursementForm accountId="A1234567" />);
    await user.click(screen.getByLabelText('Domestic wire (U.S. bank)'));
    await fill(user, screen.getByLabelText(/Amount \(USD\)/), '25000');
    const routing = await screen.findByLabelText(/Routing number/);
    await fill(user, routing, '123456789');
    await fill(user, screen.getByLabelText(/^Account number/), '000123456789');
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    await waitFor(() =>
      expect(descriptionOf(routing)).toBe(
        'Routing number fails the ABA checksum — check for a typo',
      ),
    );

    await user.clear(routing);
    await fill(user, routing, '021000021');
    const dialog = await review(user);
    expect(terms(dialog)).toMatchObject({
      Amount: '$25,000.00',
      'Routing number': '021000021',
      'Account number': '000123456789',
      'Additional details': 'None',
    });
    await user.click(sendRequest());

    expect(await screen.findByText('Waiting for approval: nothing sent yet')).toBeTruthy();
    // The panel takes the focus from the review that went, as a receipt does.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
    // The reference the register and the approvals page give it, not an approval id.
    expect(screen.getByText('MR-NKAV7J3Q04')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'Follow it on Held disbursements or on the requests and timeline of this account.',
    );
    // The approvals page opened on this request, not the whole list.
    expect(screen.getByRole('link', { name: 'Held disbursements' }).getAttribute('href')).toBe(
      '/approvals?reference=MR-NKAV7J3Q04',
    );
    expect(screen.queryByText('AP-9')).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({
      type: 'wire_domestic',
      amount: '25000',
      bankId: '021000021',
      bankAccountId: '000123456789',
      additionalDetails: '',
    });
  });

  it('by international wire: a lost answer is "we do not know", with our reference and where to check', async () => {
    const sent = mockPost(
      endpoint,
      errorAnswer(504, {
        code: 'upstream_timeout',
        message:
          'The platform did not answer in time; it may or may not have been submitted. Our reference: MR-7K2M9Q4X1B.',
        submitted: 'unknown',
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DisbursementForm accountId="A1234567" />);
    await user.click(screen.getByLabelText('International wire'));
    await fill(user, screen.getByLabelText(/Amount \(USD\)/), '1000.01');
    await fill(user, await screen.findByLabelText(/SWIFT\/BIC code/), 'deutdeff');
    await fill(
      user,
      screen.getByLabelText(/IBAN or account number/),
      'DE89 3704 0044 0532 0130 00',
    );
    const dialog = await review(user);
    expect(terms(dialog)).toMatchObject({
      Amount: '$1,000.01',
      'SWIFT/BIC code': 'DEUTDEFF',
      'IBAN or account number': 'DE89370400440532013000',
    });
    await user.click(sendRequest());

    const warning = await within(dialog).findByRole('alert');
    expect(warning.textContent).toContain('We do not know whether this was submitted');
    expect(warning.textContent).toContain('Our reference: MR-7K2M9Q4X1B');
    expect(
      within(warning)
        .getByRole('link', { name: 'requests and timeline of this account' })
        .getAttribute('href'),
    ).toBe('/accounts/A1234567/money');
    expect(within(dialog).queryByRole('button', { name: /Send request|Try again/ })).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      type: 'wire_international',
      amount: '1000.01',
      bankId: 'DEUTDEFF',
      bankAccountId: 'DE89370400440532013000',
    });
  });
});

/**
 * A primary pointer's press or release at (330, y). jsdom has no PointerEvent: a MouseEvent of
 * that type carries the button and the place, which is what the form reads.
 */
const press = (target: Element, type: 'pointerdown' | 'pointerup', y: number) =>
  fireEvent(target, new MouseEvent(type, { bubbles: true, button: 0, clientX: 330, clientY: y }));

/** The form with the limits the page gives it; what it sends, a user, and the amount's field. */
function showWithLimits(limits: { ceiling?: string; approvalAbove?: string }) {
  const sent = mockPost(endpoint, okAnswer(receipt('ach', '1')));
  renderWithProviders(<DisbursementForm accountId="A1234567" {...limits} />);
  const user = userEvent.setup({ delay: null });
  return { sent, user, amount: screen.getByLabelText(/Amount \(USD\)/) };
}

describe('the limits and choices the form knows before review', () => {
  it("refuses above the configured ceiling at review, in the BFF's words, with focus on the amount", async () => {
    const { sent, user, amount } = showWithLimits({ ceiling: '100000' });
    expect(descriptionOf(amount)).toBe(
      'Dollars and whole cents, up to $100,000.00 per request, such as 1250.50',
    );
    await fill(user, amount, '100000.01');
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    await waitFor(() =>
      expect(descriptionOf(amount)).toBe(
        'Amount cannot be more than $100,000.00 per request; split larger transfers or contact support',
      ),
    );
    expect(document.activeElement).toBe(amount);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.clear(amount);
    await fill(user, amount, '100000');
    await review(user);
    expect(sent).toHaveLength(0);
  });

  /** Back from the review `dialog` to the form, `typed` in the amount instead, and reviewed again. */
  async function editAndReview(
    user: ReturnType<typeof userEvent.setup>,
    dialog: HTMLElement,
    amount: HTMLElement,
    typed: string,
  ) {
    await user.click(within(dialog).getByRole('button', { name: 'Back to edit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.clear(amount);
    await fill(user, amount, typed);
    return review(user);
  }

  it('says by the amount and on review that amounts above the approval threshold wait for a second person', async () => {
    const { sent, user, amount } = showWithLimits({ approvalAbove: '1000' });
    expect(descriptionOf(amount)).toBe(
      "Dollars and whole cents, such as 1250.50. Amounts above $1,000.00, by themselves or with this account's other disbursements of the last 24 hours, wait for a second person's approval before anything is sent.",
    );
    await fill(user, amount, '5000');
    let dialog = await review(user);
    expect(terms(dialog).Approval).toBe(
      "Disbursements above $1,000.00 wait for a second person's approval. Nothing is sent until then.",
    );
    // At the threshold itself nothing waits, and the review does not say it does.
    dialog = await editAndReview(user, dialog, amount, '1000');
    // Once the account's disbursements of the day are read (none).
    await waitFor(() => expect(terms(dialog).Approval).toBeUndefined());
    expect(sent).toHaveLength(0);
  });

  /** The account's disbursements of the last 24 hours, as the BFF answers the review's read. */
  const earlierDisbursements = (answer: Response) =>
    bff.use(http.get('/api/accounts/A1234567/disbursements/approval-total', () => answer.clone()));

  it("says on review that one under the threshold will wait because of the day's total, in the words its answer gives", async () => {
    earlierDisbursements(okAnswer({ earlier: '955', heldSignIn: false }, 200));
    const { sent, user, amount } = showWithLimits({ approvalAbove: '1000' });
    await fill(user, amount, '999');
    let dialog = await review(user);
    // The receipt's `why` for the same request (the BFF's answer, as the held answer shows it).
    await waitFor(() =>
      expect(terms(dialog).Approval).toBe(
        "With the earlier disbursements of the last 24 hours ($955.00) this one brings the total to $1,954.00, above $1,000.00: it waits for a second person's approval. Nothing is sent until then.",
      ),
    );
    // Within the total, nothing waits and the review says nothing of it.
    dialog = await editAndReview(user, dialog, amount, '45');
    await waitFor(() => expect(within(dialog).queryByText(/Checking this account/)).toBeNull());
    expect(terms(dialog).Approval).toBeUndefined();
    expect(sent).toHaveLength(0);
  });

  it('says on review that one from a sign-in an administrator holds will wait, whatever its amount and with no limit set', async () => {
    earlierDisbursements(okAnswer({ earlier: '0', heldSignIn: true }, 200));
    const { sent, user, amount } = showWithLimits({});
    await fill(user, amount, '40');
    const dialog = await review(user);
    await waitFor(() =>
      expect(terms(dialog).Approval).toBe(
        "An administrator set up or changed this sign-in, or linked this account to it, in the last 30 days, or chose the password it signs in with: its disbursements wait for a second person's approval, whatever their amount. Nothing is sent until then.",
      ),
    );
    expect(sent).toHaveLength(0);
  });

  it('says on review when the day’s total could not be read, and what decides', async () => {
    earlierDisbursements(
      errorAnswer(503, { code: 'store_unavailable', message: 'Please try again in a moment.' }),
    );
    const { user, amount } = showWithLimits({ approvalAbove: '1000' });
    await fill(user, amount, '999');
    const dialog = await review(user);
    await waitFor(() =>
      expect(terms(dialog).Approval).toBe(
        "This account's disbursements of the last 24 hours could not be read just now, so whether this one waits is told when it is sent. Amounts above $1,000.00, by themselves or with this account's other disbursements of the last 24 hours, wait for a second person's approval before anything is sent.",
      ),
    );
  });

  /**
   * `typed` in the amount, then "Review request" pressed at (330, 640), inside the button where it
   * is when pressed; pressing it leaves the amount (the button takes the focus), not yet released.
   */
  async function pressReviewAfterTyping(typed: string) {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DisbursementForm accountId="A1234567" ceiling="100000" />);
    const amount = screen.getByLabelText(/Amount \(USD\)/);
    await fill(user, amount, typed);
    const button = screen.getByRole('button', { name: 'Review request' });
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 264, y: 623, width: 140, height: 36 }),
    );
    press(button, 'pointerdown', 640);
    button.focus();
    return { amount, button, form: button.closest('form')! };
  }

  it('refused as too large when "Review request" is pressed, the amount takes the focus even though its message moved the button down before the release', async () => {
    const { amount, form } = await pressReviewAfterTyping('100000.01');
    // Leaving the amount shows its message (two lines under the field), which moves the button
    // down: the release, where the button was, lands on the form.
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    press(form, 'pointerup', 640);
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(descriptionOf(amount)).toBe(
      'Amount cannot be more than $100,000.00 per request; split larger transfers or contact support',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the amount takes the focus too when its message moved the button up and the release lands below the form', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DisbursementForm accountId="A1234567" ceiling="100000" />);
    const amount = screen.getByLabelText(/Amount \(USD\)/);
    await fill(user, amount, '0.001');
    const button = screen.getByRole('button', { name: 'Review request' });
    // A two-line hint gave way to a one-line refusal: the form got shorter, and where the button
    // was is now the page below it.
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 264, y: 623, width: 140, height: 36 }),
    );
    press(button, 'pointerdown', 640);
    button.focus();
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    press(document.body, 'pointerup', 640);
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(descriptionOf(amount)).toBe('Amount can have at most 2 decimal places (whole cents)');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a press on "Review request" released away from where the button was is taken back, as usual', async () => {
    const { button, form } = await pressReviewAfterTyping('12.50');
    const submitted = vi.spyOn(form, 'requestSubmit');
    press(form, 'pointerup', 400);
    expect(submitted).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('with no bank linked, ACH cannot be chosen and says why; a wire is the choice', async () => {
    renderWithProviders(
      <DisbursementForm
        accountId="A1234567"
        linkedBank={{ state: 'none', message: 'No bank account is linked.' }}
      />,
    );
    const ach = screen.getByLabelText(disbursementTypeLabels.ach);
    expect(ach).toHaveProperty('disabled', true);
    expect(screen.getByLabelText(disbursementTypeLabels.wire_domestic)).toHaveProperty(
      'checked',
      true,
    );
    const notice = screen.getByText(/ACH is not available: no bank account is linked/);
    expect(
      within(notice).getByRole('link', { name: 'Money and timeline' }).getAttribute('href'),
    ).toBe('/accounts/A1234567/money');
  });

  it('says by the amount that the platform reports no custody balance, and where to follow the money', () => {
    renderWithProviders(<DisbursementForm accountId="A1234567" />);
    const amount = screen.getByLabelText(/Amount \(USD\)/);
    const { sentence, links } = noBalanceSentence(document.body);
    // Next to the amount: the first thing after its field.
    expect(amount.closest('.MuiFormControl-root')?.nextElementSibling).toBe(sentence);
    expect(links).toEqual([
      ['Fund moves', '/accounts/A1234567/fund-moves'],
      ['Money and timeline', '/accounts/A1234567/money'],
    ]);
  });

  it('with a bank linked, the form and the ACH review name the bank the money goes to', async () => {
    mockPost(endpoint, okAnswer(receipt('ach', '15')));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <DisbursementForm
        accountId="A1234567"
        linkedBank={{
          state: 'linked',
          bank: {
            bankName: 'First Bank',
            holderName: null,
            accountType: null,
            accountNumberMasked: '••••6789',
            routingNumberMasked: null,
          },
        }}
      />,
    );
    // As the deposit form names the bank it pulls from.
    expect(
      screen.getByText(
        'ACH transfers go to First Bank ••••6789, the bank account linked to this account; no bank details are needed.',
      ),
    ).toBeTruthy();
    await fill(user, screen.getByLabelText(/Amount \(USD\)/), '15');
    const dialog = await review(user);
    expect(terms(dialog)).toMatchObject({ 'To bank': 'First Bank ••••6789' });
  });

  it('a refusal of the request itself offers "Change the request", never the same request again', async () => {
    const { sent, user, dialog } = await sendAnswered(
      '15',
      errorAnswer(422, {
        code: 'upstream_rejected',
        message:
          'The platform refused it; nothing was changed. It did not accept bankAccountId: Not a valid account.',
        submitted: 'no',
        refusal: 'request',
      }),
    );
    const alert = await within(dialog).findByRole('alert');
    // It reached the platform: never "nothing was sent".
    expect(alert.textContent).toContain('Refused by the platform');
    expect(alert.textContent).toContain('Change what it names and send it again.');
    expect(alert.textContent).not.toMatch(/Nothing was sent|Not submitted/);
    expect(within(dialog).queryByRole('button', { name: /Try again|Send request/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Change the request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText(/Amount \(USD\)/)).toHaveProperty('value', '15');
    expect(sent).toHaveLength(1);
  });

  it('a platform refusal that names a field closes the review onto that field', async () => {
    const message = 'Must be a positive number';
    const { amount } = await sendAnswered(
      '15',
      errorAnswer(422, {
        code: 'upstream_rejected',
        message: `The platform refused it; nothing was changed. It did not accept amount: ${message}.`,
        submitted: 'no',
        refusal: 'request',
        fields: [{ field: 'amount', message }],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(descriptionOf(amount)).toContain(message);
    expect(amount).toHaveProperty('value', '15');
  });

  it('a refusal for a state outside the request says to wait or ask support, not to change it or send it again', async () => {
    const { sent, user, dialog } = await sendAnswered(
      '15',
      errorAnswer(422, {
        code: 'upstream_rejected',
        message:
          'The platform refused it; nothing was changed. Its reason: a fund move for this trade is already in process.',
        submitted: 'no',
        refusal: 'state',
        reference: 'MR-ABCDEFGH12',
      }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('already in process');
    expect(alert.textContent).toContain(
      'Nothing in your request is known to be wrong, so sending it again now would be refused the same way: contact support and quote our reference.',
    );
    expect(alert.textContent).toContain('Our reference: MR-ABCDEFGH12.');
    expect(alert.textContent).not.toMatch(/correct it|try again|Nothing was sent/i);
    expect(
      within(dialog).queryByRole('button', { name: /Change the request|Try again|Send request/ }),
    ).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByLabelText(/Amount \(USD\)/)).toHaveProperty('value', '15');
    expect(sent).toHaveLength(1);
  });

  it('a permission the portal lacks at the platform: refused there, nothing to change, and Try again stays', async () => {
    const { dialog } = await sendAnswered(
      '15',
      errorAnswer(502, {
        code: 'upstream_permission',
        message:
          'The platform refused it; nothing was changed. The portal is not permitted to do this at the moment.',
        submitted: 'no',
        reference: 'MR-ABCDEFGH34',
      }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Refused by the platform');
    expect(alert.textContent).toContain(
      'Nothing in your request needs to change: an administrator can grant the portal the permission.',
    );
    expect(alert.textContent).not.toMatch(/Nothing was (sent|submitted)|correct it/);
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('a platform refusal of unknown cause neither blames the request nor invites sending it again', async () => {
    const { dialog } = await sendAnswered(
      '15',
      errorAnswer(422, {
        code: 'upstream_rejected',
        message:
          'The platform refused it; nothing was changed. It named nothing in the request that it could not accept.',
        submitted: 'no',
      }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('If you cannot see what in the request to change');
    expect(
      within(dialog).queryByRole('button', { name: /Change the request|Try again|Send request/ }),
    ).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeTruthy();
  });
});

describe('a refusal the BFF puts on a field', () => {
  it('closes the review and moves focus to the refused field, not back to "Review request"', async () => {
    const message =
      'Amount cannot be more than $5,000.00 per request; split larger transfers or contact support';
    const { amount } = await sendAnswered(
      '5000.01',
      errorAnswer(400, {
        code: 'bad_request',
        message,
        submitted: 'no',
        fields: [{ field: 'amount', message }],
      }),
    );
    await waitFor(() => expect(descriptionOf(amount)).toBe(message));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(amount);
  });
});
