// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answerAccountReads,
  noticeAfterRetries,
  renderAccountPage,
} from '../../../../../testing/account-pages';
import { approvedCustody, linkedBank } from '../../../../../testing/custody';
import { errorAnswer, mockPost, startMockBff } from '../../../../../testing/mock-bff';
import {
  disbursementReview,
  openDisbursementReview,
  sendRequest,
} from '../../../../../testing/disbursement';
import { fill, onFakeClock } from '../../../../../testing/render';

startMockBff();
afterEach(cleanup);

const accountId = 'A1040173';
const custody = approvedCustody(accountId, 'CR100002');
const linked = linkedBank('Prairie National Bank', '••••1592');

/** The page while the linked-bank read (getExternalAccount) fails, until `bank.answers`. */
function renderWhileTheBankCannotBeRead(
  failure: () => Response = () =>
    errorAnswer(503, {
      code: 'upstream_unavailable',
      message: 'The service is unavailable right now. Please try again in a moment.',
    }),
) {
  const bank = { answers: false, reads: 0 };
  answerAccountReads(accountId, {
    custody: () => HttpResponse.json(custody),
    linkedBank: () => {
      bank.reads += 1;
      return bank.answers ? HttpResponse.json(linked) : failure();
    },
  });
  renderAccountPage(`/accounts/${accountId}/disbursements/new`);
  return bank;
}

/** How long the test waits on the fake clock for the failed reads' retries (fake ms). */
const FAKE_WAIT_MS = 60_000;

describe('a disbursement while the linked bank cannot be read', () => {
  it('says the bank could not be checked, with Try again, and does not offer ACH to a bank that may not exist', async () => {
    const bank = renderWhileTheBankCannotBeRead();
    const user = userEvent.setup({ delay: null });
    const notice = await noticeAfterRetries(
      'The linked bank account could not be checked',
      FAKE_WAIT_MS,
    );
    expect(notice.textContent).toContain('ACH cannot be offered until it can');
    const ach = screen.getByRole('radio', { name: 'ACH transfer to your linked bank account' });
    expect(ach).toHaveProperty('disabled', true);
    expect(ach).toHaveProperty('checked', false);
    expect(screen.queryByText(/ACH transfers go to/)).toBeNull();

    // Read again once it answers: the bank is known and ACH is offered to it.
    bank.answers = true;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.queryByText('The linked bank account could not be checked')).toBeNull(),
    );
    const achNow = screen.getByRole('radio', { name: 'ACH transfer to your linked bank account' });
    expect(achNow).toHaveProperty('disabled', false);
    await user.click(achNow);
    expect(screen.getByText(/ACH transfers go to Prairie National Bank/)).toBeTruthy();
  });

  it('keeps keyboard focus on Try again while the bank is checked and fails again, then on the ACH choice it offers; asks to try again once', async () => {
    const bank = renderWhileTheBankCannotBeRead();
    const user = userEvent.setup({ delay: null });
    const noticeNow = () =>
      screen
        .getByText('The linked bank account could not be checked')
        .closest('[role="status"]') as HTMLElement;
    await onFakeClock(async () => {
      await screen.findByText(
        'The linked bank account could not be checked',
        {},
        { timeout: FAKE_WAIT_MS },
      );
    });
    expect(noticeNow().textContent?.match(/try again in a moment/gi)).toHaveLength(1);

    const readsBefore = bank.reads;
    await onFakeClock(async () => {
      await user.click(within(noticeNow()).getByRole('button', { name: 'Try again' }));
      expect(document.activeElement?.textContent).toBe('Checking…');
      // A disabled button loses focus in a browser (jsdom keeps it): marked busy, not disabled.
      expect(document.activeElement).toHaveProperty('disabled', false);
      expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
      await within(noticeNow()).findByRole(
        'button',
        { name: 'Try again' },
        { timeout: FAKE_WAIT_MS },
      );
    });
    expect(bank.reads).toBeGreaterThan(readsBefore);
    expect(document.activeElement).toBe(
      within(noticeNow()).getByRole('button', { name: 'Try again' }),
    );

    bank.answers = true;
    await user.click(within(noticeNow()).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.queryByText('The linked bank account could not be checked')).toBeNull(),
    );
    expect(document.activeElement).toBe(
      screen.getByRole('radio', { name: 'ACH transfer to your linked bank account' }),
    );
  });

  it('keeps the review and its "Not submitted" answer with our reference while the reads the send made stale fail again', async () => {
    const bank = renderWhileTheBankCannotBeRead();
    const sent = mockPost(
      `/api/accounts/${accountId}/disbursements`,
      errorAnswer(503, {
        code: 'upstream_unavailable',
        message: 'The service is unavailable right now. Please try again in a moment.',
        submitted: 'no',
        reference: 'MR-NV3XM0Z4QA',
      }),
    );
    const user = userEvent.setup({ delay: null });
    await onFakeClock(async () => {
      await screen.findByLabelText(/Amount \(USD\)/, {}, { timeout: FAKE_WAIT_MS });
    });
    await user.click(screen.getByRole('radio', { name: 'Domestic wire (U.S. bank)' }));
    await fill(user, screen.getByLabelText(/Amount \(USD\)/), '9.91');
    await fill(user, screen.getByLabelText(/Routing number/), '102000021');
    await fill(user, screen.getByLabelText(/^Account number/), '123456789');
    await openDisbursementReview(user);
    const readsBefore = bank.reads;
    await onFakeClock(async () => {
      await user.click(sendRequest());
      const answer = await within(disbursementReview()).findByRole(
        'alert',
        {},
        { timeout: FAKE_WAIT_MS },
      );
      expect(answer.textContent).toContain('Not submitted');
      // The send made the linked bank be read again, and that read failed (retries included).
      await screen.findByText(
        (_, element) => element?.tagName === 'BODY' && bank.reads >= readsBefore + 3,
        {},
        { timeout: FAKE_WAIT_MS },
      );
    });
    expect(sent).toHaveLength(1);
    const answer = within(disbursementReview()).getByRole('alert');
    expect(answer.textContent).toContain('Not submitted');
    expect(answer.textContent).toContain('Our reference: MR-NV3XM0Z4QA');
    expect(within(disbursementReview()).getByText('$9.91')).toBeTruthy();
    // Closed, the form still holds what was typed.
    await user.click(within(disbursementReview()).getByRole('button', { name: 'Back to edit' }));
    expect(screen.getByLabelText(/Amount \(USD\)/)).toHaveProperty('value', '9.91');
    expect(screen.getByLabelText(/Routing number/)).toHaveProperty('value', '102000021');
  });
});

describe('a disbursement while the platform refuses the linked-bank read for good', () => {
  it('says the bank could not be checked and why, without a Try again that would be refused alike', async () => {
    const bank = renderWhileTheBankCannotBeRead(() =>
      errorAnswer(422, {
        code: 'upstream_rejected',
        message:
          'The platform refused the request. It named nothing in the request that it could not accept.',
        submitted: 'no',
      }),
    );
    const title = await screen.findByText(
      'The linked bank account could not be checked',
      {},
      { timeout: 10_000 },
    );
    const notice = title.closest('[role="status"]') as HTMLElement;
    expect(notice.textContent).toContain('The platform refused the request.');
    expect(within(notice).queryByRole('button', { name: 'Try again' })).toBeNull();
    // ACH is still not offered to a bank that may not exist; wire is.
    expect(screen.getByRole('radio', { name: /ACH/ })).toHaveProperty('disabled', true);
    // A refusal is not read again behind the person's back either.
    expect(bank.reads).toBe(1);
  });
});
