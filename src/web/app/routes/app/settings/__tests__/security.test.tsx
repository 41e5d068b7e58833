// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bff,
  errorAnswer,
  mockPost,
  okAnswer,
  startMockBff,
} from '../../../../../testing/mock-bff';
import {
  descriptionOf,
  fill,
  openReviewAndArm,
  renderWithProviders,
} from '../../../../../testing/render';
import { catchDownloads } from '../../../../../testing/downloads';
import { StepUpDialogHost } from '../../../../../features/identity/components/step-up-dialog';
import SecurityRoute from '../security';

startMockBff();
afterEach(cleanup);

/** My sessions as the notice reads them: this browser, and the sign-ins `waiting` adds. */
/** This browser's session, signed in with the password and the app. */
const thisBrowser = {
  id: '7d7c1a2e-0b6f-4a57-9a55-0b1c2d3e4f50',
  createdAt: '2026-11-27T09:00:00.000Z',
  lastSeenAt: '2026-11-27T12:00:00.000Z',
  ip: '127.0.0.1',
  userAgent: null,
  method: 'password',
  current: true,
  waitingForSecondFactor: false,
  secondFactor: 'totp' as 'totp' | null,
  wrongCodes: 0,
};

const serveSessions = (waiting: { wrongCodes: number }[] = []) =>
  bff.use(
    http.get('/api/me/sessions', () =>
      HttpResponse.json({
        sessions: [
          thisBrowser,
          ...waiting.map((w, i) => ({
            id: `5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1${i}`,
            createdAt: '2026-11-27T11:50:00.000Z',
            lastSeenAt: '2026-11-27T11:53:00.000Z',
            ip: '203.0.113.9',
            userAgent: null,
            method: 'password',
            current: false,
            waitingForSecondFactor: true,
            secondFactor: null,
            ...w,
          })),
        ],
      }),
    ),
  );
beforeEach(() => {
  serveSessions();
  // The page's password section (features/identity/components/change-password, tested there).
  bff.use(http.get('/api/me/password', () => HttpResponse.json({ hasPassword: true })));
});

const app = {
  id: 'f1',
  kind: 'totp',
  label: 'Authenticator app',
  createdAt: '2026-07-01T10:00:00.000Z',
  lastUsedAt: null,
};

/**
 * The investor's second factors, none until a test puts the confirmed app in `factors`, and the
 * authenticator app's setup answered with its secret.
 */
function answerAppSetup() {
  const listed = { factors: [] as (typeof app)[] };
  bff.use(
    http.get('/api/me/second-factors', () =>
      HttpResponse.json({
        factors: listed.factors,
        recoveryCodesLeft: listed.factors.length ? 2 : 0,
        required: false,
      }),
    ),
  );
  mockPost(
    '/api/me/second-factors/totp',
    okAnswer({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrSvg: '<svg/>' }),
  );
  return listed;
}

/** The investor adds the authenticator app on the page, its code accepted at once. */
async function addAppOnThePage() {
  const listed = answerAppSetup();
  bff.use(
    http.post('/api/me/second-factors/totp/confirm', () => {
      listed.factors = [app];
      return HttpResponse.json({ factor: app, recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] });
    }),
  );
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<SecurityRoute />);
  await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
  await fill(user, await screen.findByLabelText(/6-digit code/), '123456');
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  return user;
}

describe('recovery codes without a second factor', () => {
  it('say why they cannot be made yet, beside the button that cannot be used', async () => {
    answerAppSetup();
    renderWithProviders(<SecurityRoute />);
    const make = await screen.findByRole('button', { name: 'Make new recovery codes' });
    expect(make).toHaveProperty('disabled', true);
    const section = screen.getByRole('region', { name: 'Recovery codes' });
    expect(section.textContent).toContain(
      'Recovery codes stand in for a second factor: set one up first to make them.',
    );
  });
});

describe('an investor adds an authenticator app', () => {
  it('lands on the one-time recovery codes, and sees the new app named once', async () => {
    await addAppOnThePage();

    const heading = await screen.findByRole('heading', { name: 'Your recovery codes' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const list = await screen.findByRole('list', { name: 'Second factors' });
    await waitFor(() => expect(list.textContent).toContain('Authenticator app'));
    expect(list.textContent).not.toContain('Authenticator app (Authenticator app)');
    // Focus stays on the codes once the list of factors has caught up.
    expect(document.activeElement).toBe(heading);
    expect(within(list).getByRole('button', { name: 'Remove Authenticator app' })).toBeTruthy();
  });

  it('is taken to the steps as they appear, told a refused code on its field, and taken on to the list once the codes are saved', async () => {
    const listed = answerAppSetup();
    const mismatch = 'The code does not match. Check the app shows this portal, then try again.';
    let tries = 0;
    bff.use(
      http.post('/api/me/second-factors/totp/confirm', () => {
        tries += 1;
        if (tries === 1) {
          return errorAnswer(400, {
            code: 'bad_request',
            message: mismatch,
            submitted: 'no',
            fields: [{ field: 'code', message: mismatch }],
          });
        }
        listed.factors = [app];
        return HttpResponse.json({ factor: app, recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecurityRoute />);
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    // The pressed button went: the first words of the next step have the focus.
    const scan = await screen.findByText(/^Scan this code with your authenticator app/);
    await waitFor(() => expect(document.activeElement).toBe(scan));

    const code = screen.getByLabelText(/6-digit code/);
    await fill(user, code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(code)).toBe(mismatch);
    expect(document.activeElement).toBe(code);

    await fill(user, code, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Your recovery codes' });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Your second factors' }),
    );
  });

  it('is offered to end the sessions opened with the password alone before it, told how many', async () => {
    // Two other browsers signed in with the password before the app was added.
    const thisOne = { ...thisBrowser, secondFactor: null };
    let others = 2;
    const ended: number[] = [];
    bff.use(
      http.get('/api/me/sessions', () =>
        HttpResponse.json({
          sessions: [
            thisOne,
            ...Array.from({ length: others }, (_, i) => ({
              ...thisOne,
              id: `9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b${i}`,
              current: false,
              secondFactor: null,
            })),
          ],
        }),
      ),
      http.delete('/api/me/sessions', () => {
        ended.push(others);
        const count = others;
        others = 0;
        return HttpResponse.json({ ended: count });
      }),
    );
    const user = await addAppOnThePage();

    const endThem = await screen.findByRole('button', { name: 'End the 2 other sessions' });
    expect(endThem.closest('[role="status"]')!.textContent).toContain(
      '2 other sessions of yours were opened with your password alone, before this factor was added, and stay signed in without it. End them now, and signing in there again asks for your new second factor. This browser stays signed in.',
    );
    // Asked first, as "End every other session" on My sessions asks; Cancel ends none and
    // gives the focus back to the button.
    await user.click(endThem);
    const ask = await screen.findByRole('alertdialog', { name: 'End 2 other sessions?' });
    expect(ask.textContent).toContain(
      'Every place you are signed in except this browser (2 signed in) stops working at its next request: whoever uses it must sign in again. This browser stays signed in.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(endThem));
    expect(ended).toEqual([]);

    await openReviewAndArm(
      () => user.click(endThem),
      () => screen.getByRole('button', { name: 'End 2 sessions' }),
    );
    await user.click(screen.getByRole('button', { name: 'End 2 sessions' }));
    const done = await screen.findByText(
      'Ended 2 other sessions. This browser stays signed in; anywhere else, the next sign-in asks for your new second factor.',
    );
    expect(ended).toEqual([2]);
    // The notice takes the place of the button that had the focus, and takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(done.closest('.MuiAlert-root')));
  });

  it('asks before ending the one other session opened with the password alone, in the singular', async () => {
    const thisOne = { ...thisBrowser, secondFactor: null };
    bff.use(
      http.get('/api/me/sessions', () =>
        HttpResponse.json({
          sessions: [
            thisOne,
            { ...thisOne, id: '9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b0', current: false },
          ],
        }),
      ),
    );
    const user = await addAppOnThePage();
    await user.click(await screen.findByRole('button', { name: 'End the 1 other session' }));
    const ask = await screen.findByRole('alertdialog', { name: 'End 1 other session?' });
    expect(within(ask).getByRole('button', { name: 'End 1 session' })).toBeTruthy();
  });

  it('names a factor with a name of its own by both', async () => {
    bff.use(
      http.get('/api/me/second-factors', () =>
        HttpResponse.json({
          factors: [{ ...app, label: 'Phone' }],
          recoveryCodesLeft: 8,
          required: false,
        }),
      ),
    );
    renderWithProviders(<SecurityRoute />);
    const list = await screen.findByRole('list', { name: 'Second factors' });
    expect(list.textContent).toContain('Phone (Authenticator app)');
  });
});

describe('a person who signed in a while ago adds their first second factor', () => {
  it('is told to sign in again, and the button signs them out on the way back to this page', async () => {
    answerAppSetup();
    const message =
      'To add your first second factor, sign in again: it must be added within 15 minutes of signing in. Nothing was changed.';
    mockPost(
      '/api/me/second-factors/totp',
      errorAnswer(403, { code: 'reauthentication_required', message, submitted: 'no' }),
    );
    let signedOut = 0;
    bff.use(
      http.delete('/api/session', () => {
        signedOut += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<SecurityRoute />, { path: '/settings/security' });
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);

    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(signedOut).toBe(1);
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/settings/security',
    );
  });
});

describe('a sign-in that passed the password and waits for the second factor', () => {
  const factors = () =>
    bff.use(
      http.get('/api/me/second-factors', () =>
        HttpResponse.json({ factors: [app], recoveryCodesLeft: 10, required: false }),
      ),
    );

  it('is told of on Security settings, with the wrong codes and the way to My sessions', async () => {
    factors();
    serveSessions([{ wrongCodes: 3 }, { wrongCodes: 1 }]);
    renderWithProviders(<SecurityRoute />);
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toBe(
      'Someone who has your password tried to sign in (4 wrong second-factor codes). End that sign-in in My sessions and change your password below.',
    );
    expect(within(warning).getByRole('link', { name: 'My sessions' }).getAttribute('href')).toBe(
      '/settings/sessions',
    );
  });

  it('without wrong codes, says one waits, in case it is not the person', async () => {
    factors();
    serveSessions([{ wrongCodes: 0 }]);
    renderWithProviders(<SecurityRoute />);
    const notice = await screen.findByText(/^A sign-in passed/);
    expect(notice.closest('[role="status"]')?.textContent).toBe(
      'A sign-in passed your password and waits for your second factor. If that is not you, end it in My sessions and change your password below.',
    );
  });
});

describe('a person asked to confirm it is them before changing their second factors', () => {
  const stepUpRequired = () =>
    errorAnswer(403, {
      code: 'step_up_required',
      message: 'Confirm it is you with your second factor to continue. Nothing was sent yet.',
      submitted: 'no',
    });
  const openWithFactor = () => {
    bff.use(
      http.get('/api/me/second-factors', () =>
        HttpResponse.json({ factors: [app], recoveryCodesLeft: 10, required: false }),
      ),
    );
    renderWithProviders(
      <>
        <StepUpDialogHost />
        <SecurityRoute />
      </>,
    );
    return userEvent.setup({ delay: null });
  };

  it('cancels it and is back on "Make new recovery codes", not on the page body', async () => {
    mockPost('/api/me/recovery-codes', stepUpRequired());
    const user = openWithFactor();
    const renew = await screen.findByRole('button', { name: 'Make new recovery codes' });
    await askedThenConfirmed(user, renew, 'Make new codes');
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    // Busy while it waits, yet not disabled: a browser takes the focus off a disabled button
    // before the dialog opens, and the dialog then gives it back to the page body.
    expect(renew.getAttribute('aria-disabled')).toBe('true');
    expect(renew).toHaveProperty('disabled', false);
    await user.click(within(stepUp).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(renew));
  });

  it('leaves it with Escape and is back on Remove', async () => {
    bff.use(http.delete('/api/me/second-factors/:factorId', () => stepUpRequired()));
    const user = openWithFactor();
    const remove = await screen.findByRole('button', { name: 'Remove Authenticator app' });
    await askedThenConfirmed(user, remove, 'Remove');
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(remove).toHaveProperty('disabled', false);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(remove));
  });
});

type User = ReturnType<typeof userEvent.setup>;

/**
 * Presses `opener` and cancels the question it asks (nothing is sent, the focus is back on
 * `opener`); returns what the question said.
 */
async function askedThenCancelled(user: User, opener: HTMLElement, title: string) {
  await user.click(opener);
  const ask = await screen.findByRole('alertdialog', { name: title });
  const said = descriptionOf(ask);
  await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));
  return said;
}

/** Presses `opener` and the button `confirm` of the question it asks, once it is armed. */
async function askedThenConfirmed(user: User, opener: HTMLElement, confirm: string) {
  await openReviewAndArm(
    () => user.click(opener),
    () => screen.getByRole('button', { name: confirm }),
  );
  await user.click(screen.getByRole('button', { name: confirm }));
}

describe('a person removing a second factor', () => {
  const phone = { ...app, id: 'f2', kind: 'passkey', label: 'Phone' };
  /** The person's factors as the BFF lists them; a DELETE takes the factor (and with the last, the codes). */
  function serveFactors(factors: (typeof app)[], required = false) {
    const state = { factors: [...factors], codes: 8, deleted: [] as string[] };
    bff.use(
      http.get('/api/me/second-factors', () =>
        HttpResponse.json({ factors: state.factors, recoveryCodesLeft: state.codes, required }),
      ),
      http.delete('/api/me/second-factors/:factorId', ({ params }) => {
        state.deleted.push(String(params.factorId));
        state.factors = state.factors.filter((f) => f.id !== params.factorId);
        if (state.factors.length === 0) state.codes = 0;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithProviders(<SecurityRoute />);
    return { state, user: userEvent.setup({ delay: null }) };
  }

  it('is asked first, told the recovery codes go with the last one, and told it was removed', async () => {
    const { state, user } = serveFactors([app]);
    const remove = await screen.findByRole('button', { name: 'Remove Authenticator app' });
    expect(await askedThenCancelled(user, remove, 'Remove Authenticator app?')).toBe(
      'It is your only second factor. Your 8 unused recovery codes stop working with it, and signing in then asks for your password alone, until you add another passkey or authenticator app.',
    );
    expect(state.deleted).toEqual([]);

    await askedThenConfirmed(user, remove, 'Remove');
    const done = await screen.findByText(/^Removed Authenticator app\./);
    expect(done.closest('.MuiAlert-root')?.textContent).toBe(
      'Removed Authenticator app. You have no second factor now: your recovery codes no longer work, and signing in asks for your password alone. Add a passkey or an authenticator app below.',
    );
    await waitFor(() => expect(document.activeElement).toBe(done.closest('.MuiAlert-root')));
    expect(state.deleted).toEqual(['f1']);
    await screen.findByText('You have no second factor yet. Add one below.');
  });

  it('of two is told which one stays and that the codes keep working', async () => {
    const { state, user } = serveFactors([app, phone]);
    const remove = await screen.findByRole('button', { name: 'Remove Phone (Passkey)' });
    expect(await askedThenCancelled(user, remove, 'Remove Phone (Passkey)?')).toBe(
      'Signing in and confirming it is you then take Authenticator app, or one of your 8 unused recovery codes, which keep working.',
    );
    await askedThenConfirmed(user, remove, 'Remove');
    const done = await screen.findByText(/^Removed Phone/);
    expect(done.textContent).toBe(
      'Removed Phone (Passkey). Your other second factors and your recovery codes still work.',
    );
    expect(state.deleted).toEqual(['f2']);
  });

  it('whose role needs one is told to add another first, and nothing is asked or sent', async () => {
    const { state, user } = serveFactors([app], true);
    await user.click(await screen.findByRole('button', { name: 'Remove Authenticator app' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your role needs a second factor: add a passkey or an authenticator app below before removing Authenticator app.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(state.deleted).toEqual([]);
  });
});

describe('a person making new recovery codes', () => {
  it('is told first that the earlier codes stop working, and again with the new ones', async () => {
    bff.use(
      http.get('/api/me/second-factors', () =>
        HttpResponse.json({ factors: [app], recoveryCodesLeft: 3, required: false }),
      ),
    );
    let made = 0;
    bff.use(
      http.post('/api/me/recovery-codes', () => {
        made += 1;
        return HttpResponse.json({ recoveryCodes: ['1111-2222', '3333-4444'] }, { status: 201 });
      }),
    );
    renderWithProviders(<SecurityRoute />);
    const user = userEvent.setup({ delay: null });
    const renew = await screen.findByRole('button', { name: 'Make new recovery codes' });
    expect(await askedThenCancelled(user, renew, 'Make new recovery codes?')).toBe(
      'Your 3 unused recovery codes stop working as soon as the new ones are made, wherever you keep them. Ten new codes are shown once, on this page, to download, copy or print.',
    );
    expect(made).toBe(0);

    await askedThenConfirmed(user, renew, 'Make new codes');
    const heading = await screen.findByRole('heading', { name: 'Your recovery codes' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Your earlier recovery codes no longer work.')).toBeTruthy();
    expect(made).toBe(1);
  });
});

describe('recovery codes as they are shown', () => {
  const downloads = catchDownloads();

  it('are downloaded as a text file named for the portal and the day, copied, or printed alone', async () => {
    const user = await addAppOnThePage();
    await screen.findByRole('heading', { name: 'Your recovery codes' });

    await user.click(screen.getByRole('button', { name: 'Download (.txt)' }));
    expect(downloads).toEqual([
      expect.stringMatching(/^transact-portal-recovery-codes-\d{4}-\d{2}-\d{2}\.txt$/),
    ]);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    const copied = await navigator.clipboard.readText();
    expect(copied.split('\n')).toEqual(expect.arrayContaining(['aaaa-bbbb', 'cccc-dddd']));
    expect(copied).toMatch(/^Transact Portal recovery codes, made /);
    expect((await screen.findByText(/^Copied the 2 codes/)).getAttribute('role')).toBe('status');

    const printed: (string | undefined)[] = [];
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      printed.push(document.body.dataset.printing);
    });
    try {
      await user.click(screen.getByRole('button', { name: 'Print' }));
    } finally {
      print.mockRestore();
    }
    // While printing, the page is marked so that only the codes are printed (recovery-codes.css).
    expect(printed).toEqual(['recovery-codes']);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body.dataset.printing).toBeUndefined();
  });
});
