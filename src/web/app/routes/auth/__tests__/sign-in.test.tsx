// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../../config/paths';
import { sessionQueryKey } from '../../../../features/auth/api/get-session';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { sessionOf } from '../../../../testing/session';
import { createQueryClient } from '../../../query-client';
import { toRoute } from '../../../route-module';
import * as signInRoute from '../sign-in';
import * as appRootRoute from '../../app/root';

startMockBff();
afterEach(cleanup);

/**
 * The sign-in route as the router mounts it, with its loader, on a full page load; every other
 * path is a signed-in page behind the app root's loader (the session guard).
 */
function visitSignIn(entry = paths.auth.signIn.getHref()) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: paths.auth.signIn.path,
        ...toRoute(queryClient)(signInRoute),
        // As the app's router has it, for the moment before the loader answers.
        hydrateFallbackElement: <p role="status">Loading the portal…</p>,
      },
      {
        path: '*',
        loader: toRoute(queryClient)(appRootRoute).loader,
        element: <p>Signed-in page</p>,
        hydrateFallbackElement: <p role="status">Loading the portal…</p>,
      },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

describe('the sign-in page, signed out', () => {
  it('the BFF answers that nobody is signed in: the form shows, and nothing failed', async () => {
    let asked = 0;
    bff.use(
      http.get('/api/session', () => {
        asked += 1;
        return HttpResponse.json({ signedIn: false });
      }),
      http.get('/api/config', () => HttpResponse.json({ sandbox: false, singleSignOn: null })),
    );
    const { queryClient, router } = visitSignIn();

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(asked).toBe(1);
    // "Nobody" is an answer, not an error: the session query holds null and no failure.
    await waitFor(() => expect(queryClient.getQueryState(sessionQueryKey)?.status).toBe('success'));
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(router.state.location.pathname).toBe(paths.auth.signIn.path);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a browser that still carries the cookie of a session ended elsewhere', () => {
  /** The BFF's answer to such a cookie (it clears the cookie with it): the session ended. */
  const endedOnce = () => {
    let asked = 0;
    bff.use(
      http.get('/api/session', () => {
        asked += 1;
        return HttpResponse.json(
          asked === 1 ? { signedIn: false, ended: true } : { signedIn: false },
        );
      }),
      http.get('/api/config', () => HttpResponse.json({ sandbox: false, singleSignOn: null })),
    );
  };

  it('reloading a signed-in page lands on sign-in saying the session ended, and comes back there after', async () => {
    endedOnce();
    const { router } = visitSignIn('/accounts/A1234567?tab=moves');
    const notice = await screen.findByText('Your session has ended, please sign in again.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(router.state.location.pathname).toBe(paths.auth.signIn.path);
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('reason')).toBe('expired');
    expect(search.get('redirectTo')).toBe('/accounts/A1234567?tab=moves');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('coming straight to the sign-in page says the session ended too', async () => {
    endedOnce();
    const { router } = visitSignIn();
    const notice = await screen.findByText('Your session has ended, please sign in again.');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(new URLSearchParams(router.state.location.search).get('reason')).toBe('expired');
  });

  it('a browser without such a cookie is sent to sign in without a word of an ended session', async () => {
    bff.use(
      http.get('/api/session', () => HttpResponse.json({ signedIn: false })),
      http.get('/api/config', () => HttpResponse.json({ sandbox: false, singleSignOn: null })),
    );
    const { router } = visitSignIn('/accounts');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.search).toBe('?redirectTo=%2Faccounts');
    expect(screen.queryByText(/session has ended/)).toBeNull();
  });
});

describe('a browser whose session ended for a reason the BFF told', () => {
  /** As `endedOnce`, the BFF saying why the session ended, and the portal's limits. */
  const endedOnceBecause = (sessionEnded: string) => {
    let asked = 0;
    bff.use(
      http.get('/api/session', () => {
        asked += 1;
        return HttpResponse.json(
          asked === 1 ? { signedIn: false, ended: true, sessionEnded } : { signedIn: false },
        );
      }),
      http.get('/api/config', () =>
        HttpResponse.json({
          sandbox: false,
          singleSignOn: null,
          sessionIdleMinutes: 30,
          sessionAbsoluteHours: 12,
        }),
      ),
    );
  };

  it.each([
    ['idle', 'Your session ended after 30 minutes without activity. Sign in again to go on.'],
    [
      'absolute',
      'Your session reached its limit of 12 hours, which applies however active you are. Sign in again to go on.',
    ],
    [
      'revoked',
      'Your session was ended on the server (signed out elsewhere, or changed by an administrator). Sign in again to go on.',
    ],
  ])(
    '%s: reloading a signed-in page lands on sign-in saying why, and what to do',
    async (reason, text) => {
      endedOnceBecause(reason);
      const { router } = visitSignIn('/accounts/A1234567');
      const notice = await screen.findByText(text);
      await waitFor(() => expect(document.activeElement).toBe(notice));
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('reason')).toBe(reason);
      expect(search.get('redirectTo')).toBe('/accounts/A1234567');
    },
  );

  it('coming straight to the sign-in page says why too', async () => {
    endedOnceBecause('idle');
    const { router } = visitSignIn();
    await screen.findByText(
      'Your session ended after 30 minutes without activity. Sign in again to go on.',
    );
    expect(new URLSearchParams(router.state.location.search).get('reason')).toBe('idle');
  });

  it('a reason this page does not know is no reason: it says only that the session ended', async () => {
    endedOnceBecause('taken-over');
    const { router } = visitSignIn('/accounts');
    await screen.findByText('Your session has ended, please sign in again.');
    expect(new URLSearchParams(router.state.location.search).get('reason')).toBe('expired');
  });

  it('an address whose reason is not one it knows says only that the session ended', async () => {
    bff.use(
      http.get('/api/session', () => HttpResponse.json({ signedIn: false })),
      http.get('/api/config', () => HttpResponse.json({ sandbox: false, singleSignOn: null })),
    );
    visitSignIn('/sign-in?reason=hijacked');
    expect(await screen.findByText('Your session has ended, please sign in again.')).toBeTruthy();
    expect(screen.queryByText(/Sign in again to go on/)).toBeNull();
  });
});

describe('the sign-in page after signing out', () => {
  it('puts focus on "You have signed out.", so the person hears what became of it', async () => {
    bff.use(
      http.get('/api/session', () => HttpResponse.json({ signedIn: false })),
      http.get('/api/config', () => HttpResponse.json({ sandbox: false, singleSignOn: null })),
    );
    visitSignIn(paths.auth.signIn.getHref({ reason: 'signed-out' }));
    const notice = await screen.findByText('You have signed out.');
    expect(notice.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });
});

describe('the sign-in page after single sign-on of a disabled user', () => {
  it('says the account is disabled and to ask an administrator, and puts the focus on it', async () => {
    bff.use(
      http.get('/api/session', () => HttpResponse.json({ signedIn: false })),
      http.get('/api/config', () =>
        HttpResponse.json({ sandbox: false, singleSignOn: { label: 'single sign-on' } }),
      ),
    );
    visitSignIn('/sign-in?sso=disabled');
    const notice = await screen.findByText(
      'Your identity provider signed you in, but your account on this portal is disabled, so it cannot sign in. Ask your administrator to enable it.',
    );
    await waitFor(() => expect(document.activeElement).toBe(notice));
  });
});

describe('the sign-in page when the password is accepted and a second factor is owed', () => {
  it('takes the focus to the new step, so a keyboard or screen-reader user is taken there', async () => {
    bff.use(
      http.get('/api/session', () => HttpResponse.json({ signedIn: false })),
      http.get('/api/config', () => HttpResponse.json({ sandbox: false, singleSignOn: null })),
      http.post('/api/session', () =>
        HttpResponse.json({ secondFactor: { step: 'verify', methods: ['totp', 'recovery'] } }),
      ),
    );
    visitSignIn();
    fireEvent.change(await screen.findByLabelText(/Email/), {
      target: { value: 'totp.user@demo.test' },
    });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'long enough pass' } });
    const signIn = screen.getByRole('button', { name: 'Sign in' });
    signIn.focus();
    fireEvent.click(signIn);

    const step = await screen.findByText('Confirm it is you with your second factor.');
    expect(screen.getByLabelText(/Authenticator code/)).toBeTruthy();
    // Not the page body, where the focus fell when the password form went away.
    await waitFor(() => expect(document.activeElement).toBe(step));
  });
});

describe('the sign-in page after a session ended, once the password is accepted', () => {
  it('shows the second step alone, no longer "Your session has ended"', async () => {
    bff.use(
      http.get('/api/session', () => HttpResponse.json({ signedIn: false })),
      http.get('/api/config', () => HttpResponse.json({ sandbox: false, singleSignOn: null })),
      http.post('/api/session', () =>
        HttpResponse.json({ secondFactor: { step: 'verify', methods: ['totp', 'recovery'] } }),
      ),
    );
    visitSignIn('/sign-in?reason=expired');
    expect(await screen.findByText(/Your session/)).toBeTruthy();
    fireEvent.change(await screen.findByLabelText(/Email/), {
      target: { value: 'investor2@demo.test' },
    });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'long enough pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Confirm it is you with your second factor.');
    expect(screen.queryByText(/Your session/)).toBeNull();
  });
});

describe('the sign-in page when the second factor is a recovery code', () => {
  /** Signs in with a recovery code (7 left) and answers the notice it gives. */
  async function signInWithARecoveryCode() {
    let signedIn = false;
    bff.use(
      http.get('/api/session', () =>
        signedIn ? HttpResponse.json(sessionOf()) : HttpResponse.json({ signedIn: false }),
      ),
      http.get('/api/config', () => HttpResponse.json({ sandbox: false, singleSignOn: null })),
      http.post('/api/session', () =>
        HttpResponse.json({ secondFactor: { step: 'verify', methods: ['totp', 'recovery'] } }),
      ),
      http.post('/api/session/second-factor', () => {
        signedIn = true;
        return HttpResponse.json({
          verified: true,
          freshUntil: '2026-11-29T18:00:00.000Z',
          recoveryCodesLeft: 7,
        });
      }),
    );
    const { router } = visitSignIn();
    fireEvent.change(await screen.findByLabelText(/Email/), {
      target: { value: 'investor@demo.test' },
    });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'long enough pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText(/Recovery code/), {
      target: { value: 'aaaa-bbbb-cccc-dddd' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));

    const heading = await screen.findByRole('heading', {
      name: 'You signed in with a recovery code',
    });
    return { router, told: heading.closest('[role="status"]')! };
  }

  it('says the code is spent, how many are left and where to put things right, before going on', async () => {
    const { router, told } = await signInWithARecoveryCode();
    await waitFor(() =>
      expect(told.textContent).toBe(
        'You signed in with a recovery codeIt cannot be used again: you have 7 recovery codes left. If you have lost your passkey or authenticator app, add a new one in Security settings (in the menu under your name) and make new recovery codes there.',
      ),
    );
    await waitFor(() => expect(document.activeElement).toBe(told));
    // Not gone on before the person has read it.
    expect(router.state.location.pathname).toBe(paths.auth.signIn.getHref());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Signed-in page');
  });

  it('goes on to Security settings, where a lost passkey or app is replaced, when the person asks', async () => {
    const { router } = await signInWithARecoveryCode();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Security settings' }));
    await screen.findByText('Signed-in page');
    expect(router.state.location.pathname).toBe(paths.app.security.getHref());
  });
});
