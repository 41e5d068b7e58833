// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { revealItem } from '../../../features/compliance/components/reveal-field';
import { DisbursementForm } from '../../../features/custody/components/disbursement-form';
import { StepUpDialogHost } from '../../../features/identity/components/step-up-dialog';
import { bff, errorAnswer, mockPost, startMockBff } from '../../../testing/mock-bff';
import { openDisbursementReview, sendRequest } from '../../../testing/disbursement';
import { descriptionOf, fill, renderWithProviders } from '../../../testing/render';

/*
 * Step-up inside a money form: the BFF asks for a fresh second factor, the signed-in layout's
 * dialog asks for it over the review, and the form reads what became of the request.
 */

startMockBff();
afterEach(cleanup);

const stepUpRequired = () =>
  errorAnswer(403, {
    code: 'step_up_required',
    message: 'Confirm it is you with your second factor to continue. Nothing was sent yet.',
    submitted: 'no',
  });

/** The signed-in person has an authenticator app (and these many recovery codes). */
function withAuthenticatorApp(recoveryCodesLeft = 0) {
  bff.use(
    http.get('/api/me/second-factors', () =>
      HttpResponse.json({
        factors: [
          {
            id: 'f1',
            kind: 'totp',
            label: 'Authenticator app',
            createdAt: '2026-07-01T10:00:00.000Z',
            lastUsedAt: null,
          },
        ],
        recoveryCodesLeft,
        required: false,
      }),
    ),
  );
}

async function sendDisbursement(recoveryCodesLeft = 0) {
  withAuthenticatorApp(recoveryCodesLeft);
  const sent = mockPost('/api/accounts/A1234567/disbursements', stepUpRequired());
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <>
      <StepUpDialogHost />
      <DisbursementForm accountId="A1234567" />
    </>,
  );
  await fill(user, screen.getByLabelText(/Amount \(USD\)/), '3');
  await openDisbursementReview(user);
  await user.click(sendRequest());
  const stepUp = await screen.findByRole('dialog', { name: 'Confirm it is you' });
  return { user, stepUp, sent };
}

describe('an investor asked for their second factor before money moves', () => {
  it('cancels it and reads a neutral "Cancelled — nothing was sent", no blame and no reference', async () => {
    const { user, stepUp, sent } = await sendDisbursement();
    await user.click(within(stepUp).getByRole('button', { name: 'Cancel' }));

    const review = await screen.findByRole('dialog', { name: 'Review your disbursement request' });
    const notice = await within(review).findByRole('status');
    expect(within(notice).getByText('Cancelled — nothing was sent')).toBeTruthy();
    expect(notice.textContent).not.toMatch(/Not submitted|correct it|Reference|req-test-1/);
    // The BFF's own sentence is not repeated under it.
    expect(notice.textContent).not.toContain('Nothing was sent yet');
    expect(within(review).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(notice));
    // The way on: the same request, when they are ready.
    expect(within(review).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  it('has the focus in the code field as its methods show, so a code typed at once goes in', async () => {
    const { stepUp } = await sendDisbursement();
    const code = await within(stepUp).findByLabelText(/Authenticator code/);
    await waitFor(() => expect(document.activeElement).toBe(code));
    // Why it is asked is read with the title as the focus enters the dialog.
    expect(descriptionOf(stepUp)).toBe(
      'Confirm it is you with your second factor to continue. Nothing was sent yet.',
    );
  });

  it('types a wrong code and is put back in the code field to type the next one', async () => {
    const verify = mockPost(
      '/api/session/second-factor',
      errorAnswer(400, {
        code: 'bad_request',
        message: 'The code is not correct.',
        fields: [
          { field: 'code', message: 'The code is not correct. Check the time on your device.' },
        ],
        submitted: 'no',
      }),
    );
    const { user, stepUp } = await sendDisbursement();
    const code = await within(stepUp).findByLabelText(/Authenticator code/);
    // A label short enough to fit a phone's dialog whole; what to type is its description.
    expect((code as HTMLInputElement).labels?.[0]?.textContent?.replace(/\W*$/, '')).toBe(
      'Authenticator code',
    );
    expect(descriptionOf(code)).toBe('The 6 digits your authenticator app shows now');
    await fill(user, code, '123456');
    await user.click(within(stepUp).getByRole('button', { name: 'Verify code' }));

    expect((await within(stepUp).findByRole('alert')).textContent).toMatch(/not correct/);
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    // Told on the field it is about: its description, read out with it.
    expect(descriptionOf(code)).toBe('The code is not correct. Check the time on your device.');
    expect(within(stepUp).getAllByText(/not correct/)).toHaveLength(1);
    expect(verify).toHaveLength(1);
  });

  it('confirms with a recovery code, is told how many are left, and the request goes on once read', async () => {
    mockPost(
      '/api/session/second-factor',
      HttpResponse.json({
        verified: true,
        freshUntil: '2026-11-29T18:00:00.000Z',
        recoveryCodesLeft: 1,
      }),
    );
    const { user, stepUp, sent } = await sendDisbursement(2);
    await user.click(
      await within(stepUp).findByRole('button', { name: 'Use a recovery code instead' }),
    );
    await fill(user, within(stepUp).getByLabelText(/Recovery code/), 'aaaa-bbbb-cccc-dddd');
    await user.click(within(stepUp).getByRole('button', { name: 'Verify code' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const told = await within(dialog).findByRole('status');
    expect(told.textContent).toBe(
      'You confirmed it is you with a recovery codeIt cannot be used again: you have 1 recovery code left. If you have lost your passkey or authenticator app, add a new one in Security settings (in the menu under your name) and make new recovery codes there.',
    );
    await waitFor(() => expect(document.activeElement).toBe(told));
    // The request waits on this page: Security settings is named in words, not a way off it.
    expect(within(dialog).queryByRole('button', { name: /Security settings/ })).toBeNull();
    // Not sent again before the person has read it.
    expect(sent).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm it is you' })).toBeNull(),
    );
  });
});

describe('a reviewer asked for their second factor before the value is shown', () => {
  it('cancels it and reads a neutral "Cancelled — nothing was sent", no support id, back on Reveal', async () => {
    withAuthenticatorApp();
    const sent = mockPost('/api/personal-data/reveal', stepUpRequired());
    const user = userEvent.setup({ delay: null });
    const [label, value] = revealItem({
      objectType: 'account',
      objectId: 'A1040000',
      field: 'taxId',
      masked: '•••-••-6789',
      taxIdKind: 'ssn',
    });
    renderWithProviders(
      <>
        <StepUpDialogHost />
        <p>
          {label}: {value}
        </p>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Reveal Tax ID' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reveal Tax ID' }));
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Case 4411: identity check');
    const reveal = dialog.getByRole('button', { name: 'Reveal' });
    await user.click(reveal);
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    // Busy while it waits, yet not disabled: a browser takes the focus off a disabled button, and
    // the step-up dialog then gives it back to the Reveal dialog's box.
    expect(reveal.textContent).toBe('Revealing…');
    expect(reveal.getAttribute('aria-disabled')).toBe('true');
    expect(reveal).toHaveProperty('disabled', false);
    await user.click(within(stepUp).getByRole('button', { name: 'Cancel' }));

    const notice = await dialog.findByRole('status');
    expect(within(notice).getByText('Cancelled — nothing was sent')).toBeTruthy();
    expect(notice.textContent).not.toMatch(/support|could not be revealed/);
    expect(dialog.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(reveal));
    expect(reveal.textContent).toBe('Reveal');
    expect(sent).toHaveLength(1);
  });
});
