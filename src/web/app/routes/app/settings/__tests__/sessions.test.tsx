// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { openReviewAndArm, renderWithProviders } from '../../../../../testing/render';
import { withTimeZones } from '../../../../../testing/time-zones';
import SessionsRoute from '../sessions';

startMockBff();
withTimeZones({ viewer: 'UTC', platform: 'UTC' });
afterEach(cleanup);

const thisBrowser = {
  id: '7d7c1a2e-0b6f-4a57-9a55-0b1c2d3e4f50',
  createdAt: '2026-11-27T09:00:00.000Z',
  lastSeenAt: '2026-11-27T12:00:00.000Z',
  ip: '127.0.0.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36',
  method: 'password',
  current: true,
  waitingForSecondFactor: false,
  secondFactor: 'totp' as const,
  wrongCodes: 0,
};
const phone = {
  ...thisBrowser,
  id: '0f1e2d3c-4b5a-4697-8877-665544332211',
  createdAt: '2026-11-26T18:30:00.000Z',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Version/18.0 Mobile Safari/604.1',
  current: false,
  secondFactor: null,
};
/** Someone else, with the password, at the second-factor step of the sign-in. */
const intruder = {
  ...thisBrowser,
  id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  createdAt: '2026-11-27T11:50:00.000Z',
  lastSeenAt: '2026-11-27T11:53:00.000Z',
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/133.0',
  current: false,
  waitingForSecondFactor: true,
  secondFactor: null,
  wrongCodes: 3,
};

function serve(initial: object[]) {
  let sessions = initial as { id: string }[];
  bff.use(
    http.get('/api/me/sessions', () => HttpResponse.json({ sessions })),
    http.delete('/api/me/sessions/:sessionId', ({ params }) => {
      sessions = sessions.filter((s) => s.id !== params.sessionId);
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

describe('a person ends one of their sessions', () => {
  it('is told which session ended, with focus on that notice, and the row is gone', async () => {
    let sessions = [thisBrowser, phone];
    bff.use(
      http.get('/api/me/sessions', () => HttpResponse.json({ sessions })),
      http.delete('/api/me/sessions/:sessionId', ({ params }) => {
        sessions = sessions.filter((s) => s.id !== params.sessionId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SessionsRoute />);
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    await user.click(
      within(list).getByRole('button', { name: /^End the session of Safari on iPhone/ }),
    );

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toMatch(
      /^Ended the session of Safari on iPhone, signed in Nov 26, 2026.*\. It stops working at its next request\.$/,
    );
    expect(document.activeElement).toBe(notice);
    expect(
      within(screen.getByRole('list', { name: 'Active sessions' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });
});

describe('two sessions of the same browser signed in within a minute', () => {
  it('names each End apart, by the second and the address it signed in from', async () => {
    serve([
      thisBrowser,
      { ...phone, createdAt: '2026-11-26T18:30:05.000Z', ip: '198.51.100.4' },
      { ...phone, id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', ip: '198.51.100.7' },
    ]);
    renderWithProviders(<SessionsRoute />);
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const names = within(list)
      .getAllByRole('button', { name: /^End the session of/ })
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
    expect(names).toContain(
      'End the session of Safari on iPhone, signed in Nov 26, 2026, 6:30:05 PM UTC from 198.51.100.4',
    );
  });
});

describe('a person ends every other session at once', () => {
  it('is offered one button when more than one other is listed, told how many ended, and keeps this browser', async () => {
    let sessions: object[] = [thisBrowser, phone, intruder];
    let ended = 0;
    bff.use(
      http.get('/api/me/sessions', () => HttpResponse.json({ sessions })),
      http.delete('/api/me/sessions', () => {
        ended += 1;
        const count = sessions.length - 1;
        sessions = [thisBrowser];
        return HttpResponse.json({ ended: count });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SessionsRoute />);
    const endAll = await screen.findByRole('button', { name: 'End every other session (2)' });
    // Asked first, with how many and what becomes of them; Cancel ends none.
    await user.click(endAll);
    const ask = await screen.findByRole('alertdialog', { name: 'End 2 other sessions?' });
    expect(ask.textContent).toContain(
      'Every place you are signed in except this browser (1 signed in, and 1 sign-in waiting for the second factor) stops working at its next request: whoever uses it must sign in again, and a waiting sign-in cannot finish. This browser stays signed in.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(ended).toBe(0);
    await openReviewAndArm(
      () => user.click(endAll),
      () => screen.getByRole('button', { name: 'End 2 sessions' }),
    );
    await user.click(screen.getByRole('button', { name: 'End 2 sessions' }));

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe(
      'Ended 2 other sessions. This browser stays signed in; the others stop working at their next request.',
    );
    expect(document.activeElement).toBe(notice);
    expect(
      within(await screen.findByRole('list', { name: 'Active sessions' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    // With no other session left, the button goes.
    expect(screen.queryByRole('button', { name: /^End every other session/ })).toBeNull();
  });

  it('is not offered for a single other session, which has its own End', async () => {
    serve([thisBrowser, phone]);
    renderWithProviders(<SessionsRoute />);
    await screen.findByRole('list', { name: 'Active sessions' });
    expect(screen.queryByRole('button', { name: /^End every other session/ })).toBeNull();
  });
});

describe('a sign-in that passed the password and waits for the second factor', () => {
  it('is listed apart with where, when and its wrong codes, under a warning, and the owner ends it', async () => {
    serve([thisBrowser, intruder]);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SessionsRoute />);
    const waiting = await screen.findByRole('list', {
      name: 'Sign-ins waiting for the second factor',
    });
    expect(within(waiting).getByRole('listitem').textContent).toBe(
      'Password accepted, waiting for the second factor' +
        'Firefox on Windows from 203.0.113.9, Nov 27, 2026, 11:50 AM UTC; 3 wrong codes so far; last active Nov 27, 2026, 11:53 AM UTC' +
        'End',
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'Waiting for the second factor' }),
    ).toBeTruthy();
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toBe(
      'Someone who has your password tried to sign in: end it and change your password in Security settings (that also ends your other sessions).',
    );
    // Where a person changes their own password, not "ask an administrator".
    expect(
      within(warning).getByRole('link', { name: 'Security settings' }).getAttribute('href'),
    ).toBe('/settings/security');
    // Apart from the places where the person is signed in.
    const active = screen.getByRole('list', { name: 'Active sessions' });
    expect(within(active).getAllByRole('listitem')).toHaveLength(1);

    await user.click(
      within(waiting).getByRole('button', {
        name: 'End the sign-in of Firefox on Windows from 203.0.113.9, password accepted Nov 27, 2026, 11:50:00 AM UTC',
      }),
    );
    const notice = await screen.findByText(/^Ended the sign-in of Firefox on Windows/);
    expect(notice.closest('[role="alert"]')?.textContent).toBe(
      'Ended the sign-in of Firefox on Windows from 203.0.113.9, password accepted Nov 27, 2026, 11:50:00 AM UTC. It cannot finish signing in.',
    );
    expect(document.activeElement).toBe(notice.closest('[role="alert"]'));
    expect(
      screen.queryByRole('list', { name: 'Sign-ins waiting for the second factor' }),
    ).toBeNull();
  });

  it('without wrong codes yet, says what the sign-in means in case it is not the owner', async () => {
    serve([thisBrowser, { ...intruder, wrongCodes: 0 }]);
    renderWithProviders(<SessionsRoute />);
    const waiting = await screen.findByRole('list', {
      name: 'Sign-ins waiting for the second factor',
    });
    expect(within(waiting).getByRole('listitem').textContent).toContain('; no wrong code yet;');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Your password was accepted and this sign-in waits for your second factor. If it is not you signing in somewhere else, someone has your password: end it, then change your password in Security settings (that also ends your other sessions).',
    );
  });
  it('with several, names each End apart and asks to end them all', async () => {
    serve([
      thisBrowser,
      intruder,
      {
        ...intruder,
        id: '6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d2e',
        createdAt: '2026-11-27T11:50:20.000Z',
        wrongCodes: 0,
      },
    ]);
    renderWithProviders(<SessionsRoute />);
    const waiting = await screen.findByRole('list', {
      name: 'Sign-ins waiting for the second factor',
    });
    expect(
      within(waiting)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'End the sign-in of Firefox on Windows from 203.0.113.9, password accepted Nov 27, 2026, 11:50:00 AM UTC',
      'End the sign-in of Firefox on Windows from 203.0.113.9, password accepted Nov 27, 2026, 11:50:20 AM UTC',
    ]);
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Someone who has your password tried to sign in: end them and change your password in Security settings/,
    );
  });
});

describe('how each session signed in', () => {
  it('names the second factor it proved, or the password alone', async () => {
    serve([
      thisBrowser,
      { ...phone, secondFactor: 'passkey' },
      { ...phone, id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', secondFactor: 'recovery' },
      { ...phone, id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', secondFactor: null, wrongCodes: 2 },
      { ...phone, id: '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f', secondFactor: 'totp', wrongCodes: 1 },
    ]);
    renderWithProviders(<SessionsRoute />);
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining(
        'Signed in Nov 27, 2026, 9:00 AM UTC with a password and an authenticator app from 127.0.0.1;',
      ),
      expect.stringContaining(
        'Signed in Nov 26, 2026, 6:30 PM UTC with a password and a passkey from',
      ),
      expect.stringContaining(
        'Signed in Nov 26, 2026, 6:30 PM UTC with a password and a recovery code from',
      ),
      expect.stringMatching(
        /Signed in Nov 26, 2026, 6:30 PM UTC with a password from 127\.0\.0\.1; last used .*; 2 wrong second-factor codes were tried in itEnd$/,
      ),
      expect.stringMatching(/; 1 wrong second-factor code was tried in itEnd$/),
    ]);
    // No sign-in waits: no section apart, no warning.
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
