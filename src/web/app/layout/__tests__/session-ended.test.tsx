// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useQuery } from '@tanstack/react-query';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../../../contract/session';
import { DisbursementForm } from '../../../features/custody/components/disbursement-form';
import { useSession } from '../../../features/auth/api/get-session';
import { announceSignedIn } from '../../../features/auth/lib/sign-in-window';
import { api } from '../../../lib/api-client';
import {
  bff,
  errorAnswer,
  mockPost,
  mockRoute,
  okAnswer,
  startMockBff,
} from '../../../testing/mock-bff';
import { marketHoursAnswer, regularDay, regularWeek } from '../../../testing/market-hours';
import {
  descriptionOf,
  fill,
  onFakeDate,
  openReviewAndArm,
  renderWithProviders,
} from '../../../testing/render';
import { sessionOf } from '../../../testing/session';
import { withViewportWidth } from '../../../testing/viewport';
import SecurityHoursRoute from '../../routes/app/market-hours/security-hours';
import { AppLayout } from '../app-layout';

/*
 * A session that ends while a person fills in a form (idle expiry, ended from My sessions, an
 * admin disabling them): the BFF answers 401 before anything reaches the platform. The person
 * signs in again over the page and finds what they typed; anyone else finds none of it.
 */

startMockBff();
withViewportWidth(375);
afterEach(cleanup);

const FORM = '/accounts/A1234567/disbursements/new';
const avery = sessionOf({ id: 'u1', email: 'avery@demo.test', name: 'Avery Quinn' });
const jordan = sessionOf({ id: 'u2', email: 'jordan@demo.test', name: 'Jordan Ellis' });

/** The BFF's answer to a request without a live session: a write says it was not sent. */
const sessionEndedAnswer = (write = true) =>
  errorAnswer(401, {
    code: 'unauthenticated',
    message: write
      ? 'Your session had ended, so this was not sent or saved.'
      : 'Your session has ended. Please sign in again.',
    submitted: 'no',
  });

/** The BFF's session: who `GET /api/session` says is signed in, and who a sign-in signs in. */
function mockSessions(
  signsIn: Session,
  first: Session = avery,
  singleSignOn: { label: string } | null = null,
) {
  const state: { current: Session | null } = { current: first };
  const signIns: unknown[] = [];
  bff.use(
    http.get('/api/session', () => HttpResponse.json(state.current ?? { signedIn: false })),
    http.post('/api/session', async ({ request }) => {
      signIns.push(await request.json());
      state.current = signsIn;
      return HttpResponse.json(signsIn);
    }),
    http.get('/api/config', () =>
      HttpResponse.json({ sandbox: false, singleSignOn, platformTimeZone: 'UTC' }),
    ),
  );
  return { state, signIns };
}

/** A page that reads something of the account, to see reads wait for the person and go on. */
function AccountName() {
  // As the route's loader would have it: the session is known before the page reads anything.
  const signedIn = Boolean(useSession().data);
  const name = useQuery({
    enabled: signedIn,
    queryKey: ['account-name'],
    queryFn: ({ signal }) => api.get<{ name: string }>('/api/account-name', { signal }),
  });
  return <p>{name.data ? `Account: ${name.data.name}` : 'Loading the account'}</p>;
}

function renderPortal(path = FORM) {
  return renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={FORM} element={<DisbursementForm accountId="A1234567" />} />
        <Route path="/offerings" element={<h1>Offerings</h1>} />
        <Route path="/accounts/A1234567" element={<AccountName />} />
      </Route>
      <Route path="/sign-in" element={<h1>Sign in</h1>} />
    </Routes>,
    { path },
  );
}

const typed = {
  amount: '512.34',
  routing: '102000021',
  account: '123456789',
  details: 'FFC Vic, typed before the session ended',
};

/** Fills in a domestic wire and sends it; the BFF finds the session ended. */
async function sendWireAfterSessionEnded(
  signsIn: Session,
  singleSignOn: { label: string } | null = null,
) {
  const sessions = mockSessions(signsIn, avery, singleSignOn);
  const sent = mockPost(
    '/api/accounts/A1234567/disbursements',
    sessionEndedAnswer(),
    okAnswer({
      disbursement: {
        type: 'wire_domestic',
        amount: typed.amount,
        status: 'submitted',
        transactionId: 'T-1',
        reference: 'MR-7K2Q9D1X4B',
      },
    }),
  );
  const user = userEvent.setup({ delay: null });
  const rendered = renderPortal();
  await screen.findByRole('button', { name: /Avery Quinn/ });
  await user.click(screen.getByLabelText('Domestic wire (U.S. bank)'));
  await fill(user, screen.getByLabelText(/Amount \(USD\)/), typed.amount);
  await fill(user, await screen.findByLabelText(/Routing number/), typed.routing);
  await fill(user, screen.getByLabelText(/^Account number/), typed.account);
  await fill(user, screen.getByLabelText(/Additional details/), typed.details);
  const send = (name = 'Send request') =>
    within(screen.getByRole('dialog', { name: 'Review your disbursement request' })).getByRole(
      'button',
      { name },
    );
  await openReviewAndArm(
    () => user.click(screen.getByRole('button', { name: 'Review request' })),
    send,
  );
  // Meanwhile the session is ended from another device.
  sessions.state.current = null;
  await user.click(send());
  const signInAgain = await screen.findByRole('dialog', { name: 'Your session has ended' });
  return { ...rendered, user, sent, sessions, signInAgain, send };
}

/**
 * The single sign-on button of the sign-in form over the page, once the portal's configuration
 * that names the provider has been read (the form shows it only then).
 */
const continueWithNorthwind = (dialog: HTMLElement) =>
  within(dialog).findByRole('button', { name: 'Continue with Northwind ID' });

async function signInAgainIn(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  email?: string,
) {
  const emailField = within(dialog).getByLabelText(/^Email/);
  // The dialog has settled, its focus in the password.
  await waitFor(() =>
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Password/)),
  );
  if (email) {
    await user.clear(emailField);
    await fill(user, emailField, email);
  }
  await fill(user, within(dialog).getByLabelText(/^Password/), 'demo-password-2026');
  await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
}

describe('a session that ends while a disbursement is filled in', () => {
  it('says nothing was sent, and the same person signing in again finds what they typed and sends it', async () => {
    const { user, sent, sessions, signInAgain, send, router } =
      await sendWireAfterSessionEnded(avery);

    expect(signInAgain.textContent).toContain('Nothing was sent or saved');
    expect(within(signInAgain).getByLabelText(/^Email/)).toHaveProperty('value', avery.user.email);
    // The email is known: the keyboard starts in the password.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(signInAgain).getByLabelText(/^Password/)),
    );
    // Still on the form's page: no trip to the sign-in page and back, which lost everything.
    expect(router.state.location.pathname).toBe(FORM);

    await signInAgainIn(user, signInAgain);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull(),
    );
    expect(sessions.signIns).toEqual([{ email: avery.user.email, password: 'demo-password-2026' }]);
    // The review is still open over the form, with what was typed, to send again.
    const review = screen.getByRole('dialog', { name: 'Review your disbursement request' });
    expect(review.textContent).toContain(typed.routing);
    expect(review.textContent).toContain(typed.account);
    expect(review.textContent).toContain(typed.details);
    expect(screen.getByLabelText(/Amount \(USD\)/)).toHaveProperty('value', typed.amount);
    // Signed in again: the form no longer asks them to sign in first.
    expect(review.textContent).toContain(
      'Not submitted' + 'You are signed in again: nothing was sent; send it now.',
    );
    expect(review.textContent).not.toMatch(/once you are signed in again|session had ended/);
    await user.click(send('Try again'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual(sent[0]!.body);
    expect(sent[1]!.body).toMatchObject({
      amount: typed.amount,
      bankId: typed.routing,
      bankAccountId: typed.account,
      additionalDetails: typed.details,
    });
    // The draft of a money request is personal data: it lived in memory only.
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it.each([
    ['someone else', jordan],
    // An admin changed their role, which ended their sessions: the page may not be theirs now.
    ['the same person in another role', sessionOf({ ...avery.user, role: 'compliance' })],
  ])(
    '%s signing in over the page finds nothing of it: a clean start on their own home page',
    async (_who, other) => {
      const { user, sent, signInAgain, router } = await sendWireAfterSessionEnded(other);

      await signInAgainIn(user, signInAgain, other.user.email);
      await waitFor(() => expect(router.state.location.pathname).toBe('/offerings'));
      await screen.findByRole('heading', { name: 'Offerings' });
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByRole('button', { name: new RegExp(other.user.name) })).toBeTruthy();
      const page = document.body.textContent ?? '';
      for (const value of Object.values(typed)) expect(page).not.toContain(value);
      expect(document.querySelector(`input[value="${typed.account}"]`)).toBeNull();
      // Going back to the form shows it empty.
      await router.navigate(FORM);
      const amount = await screen.findByLabelText(/Amount \(USD\)/);
      expect(amount).toHaveProperty('value', '');
      expect(sent).toHaveLength(1);
    },
  );

  it('a person with an authenticator app gives the code as on the sign-in page, and finds the wire as typed', async () => {
    const { user, sent, sessions, signInAgain, send } = await sendWireAfterSessionEnded(avery);
    const codes: unknown[] = [];
    bff.use(
      // The password is right; the session opens once the code is proved.
      http.post('/api/session', () =>
        HttpResponse.json({ secondFactor: { step: 'verify', methods: ['totp'] } }),
      ),
      http.post('/api/session/second-factor', async ({ request }) => {
        codes.push(await request.json());
        sessions.state.current = avery;
        return HttpResponse.json({ verified: true, freshUntil: '2099-01-01T00:00:00.000Z' });
      }),
    );
    await signInAgainIn(user, signInAgain);
    const code = await within(signInAgain).findByLabelText(/Authenticator code/);
    await fill(user, code, '123456');
    await user.click(within(signInAgain).getByRole('button', { name: 'Verify code' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull(),
    );
    expect(codes).toHaveLength(1);
    const review = screen.getByRole('dialog', { name: 'Review your disbursement request' });
    expect(review.textContent).toContain(typed.account);
    await user.click(send('Try again'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual(sent[0]!.body);
  });

  it('"Sign in as someone else" clears the page and goes to the sign-in page', async () => {
    const { user, signInAgain, router } = await sendWireAfterSessionEnded(avery);

    await user.click(within(signInAgain).getByRole('button', { name: 'Sign in as someone else' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('?reason=expired');
    const page = document.body.textContent ?? '';
    for (const value of Object.values(typed)) expect(page).not.toContain(value);
  });
});

describe('a person who signs in with single sign-on', () => {
  const northwind = { label: 'Northwind ID' };
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('signs in again in a window of its own; this page, with the wire as typed, carries on once they have', async () => {
    const opened: string[] = [];
    vi.spyOn(window, 'open').mockImplementation((url) => {
      opened.push(String(url));
      return {} as Window;
    });
    const { user, sent, sessions, signInAgain, send, router } = await sendWireAfterSessionEnded(
      avery,
      northwind,
    );
    await user.click(await continueWithNorthwind(signInAgain));
    // The identity provider in a second window, coming back to the page that says it is done.
    expect(opened).toEqual(['/auth/oidc/start?returnTo=%2Fsigned-in-window']);
    expect(signInAgain.textContent).toContain('Single sign-on opened in a window of its own.');
    expect(router.state.location.pathname).toBe(FORM);

    // Coming back to this window before signing in there changes nothing.
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Your session has ended' })));
    expect(router.state.location.pathname).toBe(FORM);

    // Signed in there: the window says so, and this page goes on as after the form.
    sessions.state.current = avery;
    announceSignedIn();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull(),
    );
    const review = screen.getByRole('dialog', { name: 'Review your disbursement request' });
    expect(review.textContent).toContain(typed.account);
    expect(review.textContent).toContain(typed.details);
    await user.click(send('Try again'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual(sent[0]!.body);
  });

  it('someone else signed in in that window: a clean start, none of the page', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
    const { user, sessions, signInAgain, router } = await sendWireAfterSessionEnded(
      avery,
      northwind,
    );
    await user.click(await continueWithNorthwind(signInAgain));
    sessions.state.current = jordan;
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/offerings'));
    const page = document.body.textContent ?? '';
    for (const value of Object.values(typed)) expect(page).not.toContain(value);
  });

  it('a browser that blocks the window is told so, and the page stays', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user, signInAgain, router } = await sendWireAfterSessionEnded(avery, northwind);
    await user.click(await continueWithNorthwind(signInAgain));
    expect(signInAgain.textContent).toContain(
      "Your browser did not open single sign-on's window. Allow pop-up windows for this site",
    );
    expect(router.state.location.pathname).toBe(FORM);
    expect(screen.getByLabelText(/Amount \(USD\)/)).toHaveProperty('value', typed.amount);
  });
});

describe('a session that ends while a page is open and nobody clicks', () => {
  const NOW = '2026-11-30T15:00:00.000Z';

  /** The BFF's session: live until `ends`, then ended for `why`; counts the times it is asked. */
  function sessionUntil(session: Session, why: 'idle' | 'revoked', ends: () => boolean) {
    const asked = { count: 0 };
    bff.use(
      http.get('/api/session', () => {
        asked.count += 1;
        return HttpResponse.json(
          ends() ? { signedIn: false, ended: true, sessionEnded: why } : session,
        );
      }),
      http.get('/api/config', () =>
        HttpResponse.json({ sandbox: false, singleSignOn: null, platformTimeZone: 'UTC' }),
      ),
    );
    return asked;
  }

  it('left idle, the page closes behind the sign-in dialog once the session’s idle deadline passes', async () => {
    await onFakeDate(NOW, async () => {
      const idleUntil = Date.parse(NOW) + 30 * 60_000;
      const asked = sessionUntil(
        sessionOf({}, { idleExpiresAt: new Date(idleUntil).toISOString() }),
        'idle',
        () => Date.now() >= idleUntil,
      );
      renderPortal('/offerings');
      // The session read: the app bar names its person.
      await screen.findByText('Avery Quinn');
      // Asked each minute meanwhile, which the BFF does not count as activity.
      for (let minute = 0; minute < 29; minute++) {
        act(() => vi.advanceTimersByTime(60_000));
        await waitFor(() => expect(asked.count).toBeGreaterThanOrEqual(minute + 2));
      }
      expect(screen.queryByRole('dialog')).toBeNull();
      act(() => vi.advanceTimersByTime(60_000 + 2_000));
      const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
      expect(dialog.textContent).toContain('Your session ended after a time without activity.');
      // Not once more than each minute, and a little after the deadline.
      expect(asked.count).toBeLessThanOrEqual(32);
    });
  });

  it('ended from another device, the page closes within a minute', async () => {
    await onFakeDate(NOW, async () => {
      let revoked = false;
      sessionUntil(sessionOf(), 'revoked', () => revoked);
      renderPortal('/offerings');
      await screen.findByText('Avery Quinn');
      revoked = true;
      act(() => vi.advanceTimersByTime(60_000));
      const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
      expect(dialog.textContent).toContain('Your session was ended on the server');
    });
  });
});

describe('a session found ended by a read', () => {
  it('asks to sign in again over the page, then reads it again instead of failing', async () => {
    mockSessions(avery);
    let signedIn = false;
    const reads: string[] = [];
    bff.use(
      http.get('/api/account-name', () => {
        reads.push(signedIn ? 'after' : 'before');
        return signedIn ? HttpResponse.json({ name: 'Avery’s IRA' }) : sessionEndedAnswer(false);
      }),
      http.post('/api/session', () => {
        signedIn = true;
        return HttpResponse.json(avery);
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderPortal('/accounts/A1234567');
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    // Nothing was being sent: no word of it.
    expect(dialog.textContent).not.toContain('Nothing was sent');
    expect(screen.queryByText(/could not be loaded|session has ended\. Please/)).toBeNull();

    await signInAgainIn(user, dialog);
    await screen.findByText('Account: Avery’s IRA');
    expect(reads[0]).toBe('before');
    expect(reads).toContain('after');
  });
});

describe('a session that ends while trading hours are set (one mechanism for every form that writes)', () => {
  const sam = sessionOf({
    id: 'u3',
    email: 'issuer@demo.test',
    name: 'Sam Reyes',
    role: 'issuer_staff',
    accountIds: [],
    securityIds: ['10002'],
  });
  const held = { securityId: '10002', days: regularWeek };

  it('says the hours were not saved, and the same person signing in again saves what they typed', async () => {
    const sessions = mockSessions(sam, sam);
    bff.use(
      http.get('/api/securities', () =>
        HttpResponse.json({
          securities: [{ securityId: '10002', securityName: 'Aspen Ridge Class B' }],
          gaps: [],
        }),
      ),
      // Every read is refused while the session is ended, as the BFF does.
      http.get('/api/securities/10002/market-hours', () =>
        sessions.state.current ? HttpResponse.json({ securityHours: held }) : sessionEndedAnswer(),
      ),
      http.get('/api/securities/10002/market-hours/changes', () =>
        sessions.state.current
          ? HttpResponse.json({ changes: [], olderBefore: null })
          : sessionEndedAnswer(false),
      ),
      // The market's own week, which the page reads beside the security's.
      marketHoursAnswer(),
    );
    const saves = mockRoute(
      'put',
      '/api/securities/10002/market-hours',
      sessionEndedAnswer(),
      okAnswer(
        {
          securityHours: {
            ...held,
            days: { ...held.days, monday: { ...regularDay, open: '10:15' } },
          },
        },
        200,
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/market-hours/securities" element={<SecurityHoursRoute />} />
        </Route>
      </Routes>,
      { path: '/market-hours/securities?security=10002' },
    );
    const monday = await screen.findByLabelText('Monday opens (ET)', {}, { timeout: 10_000 });
    await user.clear(monday);
    await fill(user, monday, '10:15');
    sessions.state.current = null;
    await user.click(screen.getByRole('button', { name: 'Save hours' }));

    const signInAgain = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(signInAgain.textContent).toContain('Nothing was sent or saved');
    await signInAgainIn(user, signInAgain);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your session has ended' })).toBeNull(),
    );
    expect(screen.getByLabelText('Monday opens (ET)')).toHaveProperty('value', '10:15');
    expect(screen.getByText('The hours were not saved')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]!.body).toEqual(saves[0]!.body);
    expect(saves[1]!.body).toMatchObject({ monday: { closed: false, open: '10:15' } });
  });
});

describe('why the session ended, said over the page', () => {
  /** The BFF's refusal of a read for a session that ended, saying why (docs/bff-api.md, Session). */
  const refusedBecause = (sessionEnded?: string) =>
    HttpResponse.json(
      {
        error: {
          code: 'unauthenticated',
          message: 'Your session has ended. Please sign in again.',
          submitted: 'no',
          ...(sessionEnded ? { sessionEnded } : {}),
        },
      },
      { status: 401 },
    );

  function readRefusedBecause(sessionEnded?: string) {
    mockSessions(avery);
    bff.use(
      http.get('/api/config', () =>
        HttpResponse.json({
          sandbox: false,
          singleSignOn: null,
          platformTimeZone: 'UTC',
          sessionIdleMinutes: 30,
          sessionAbsoluteHours: 12,
        }),
      ),
      http.get('/api/account-name', () => refusedBecause(sessionEnded)),
    );
    const user = userEvent.setup({ delay: null });
    return { user, ...renderPortal('/accounts/A1234567') };
  }

  it.each([
    ['idle', 'Your session ended after 30 minutes without activity.'],
    [
      'absolute',
      'Your session reached its limit of 12 hours, which applies however active you are.',
    ],
    [
      'revoked',
      'Your session was ended on the server (signed out elsewhere, or changed by an administrator).',
    ],
  ])(
    '%s: says why, and "Sign in as someone else" takes it to the sign-in page',
    async (reason, why) => {
      const { user, router } = readRefusedBecause(reason);
      const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
      await waitFor(() => expect(dialog.textContent).toContain(why));
      // The sentence is the dialog's description, read out as it opens, before what to do.
      expect(descriptionOf(dialog)).toBe(
        `${why} Sign in again as ${avery.user.email} and this page is as you left it, with what you typed.`,
      );
      await user.click(within(dialog).getByRole('button', { name: 'Sign in as someone else' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
      expect(new URLSearchParams(router.state.location.search).get('reason')).toBe(reason);
    },
  );

  it('without a reason from the BFF, says only that it ended', async () => {
    const { user, router } = readRefusedBecause();
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(descriptionOf(dialog)).toBe(
      `Sign in again as ${avery.user.email} and this page is as you left it, with what you typed.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sign in as someone else' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(new URLSearchParams(router.state.location.search).get('reason')).toBe('expired');
  });
});
