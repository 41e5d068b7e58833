// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bff, errorAnswer, mockRoute, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import { descriptionOf, fill, onFakeClock, renderWithProviders } from '../../../../testing/render';
import { ChangePassword } from '../change-password';

startMockBff();
afterEach(cleanup);

const hasPassword = (has: boolean) =>
  bff.use(http.get('/api/me/password', () => HttpResponse.json({ hasPassword: has })));
beforeEach(() => {
  hasPassword(true);
  bff.use(http.get('/api/me/sessions', () => HttpResponse.json({ sessions: [] })));
});

function open() {
  // Step-up, when the BFF asks for it, is the api client's (tested in app/layout's step-up).
  renderWithProviders(<ChangePassword />);
  return userEvent.setup({ delay: null });
}

const field = (name: string) => screen.findByLabelText(new RegExp(`^${name}\\W*$`));

async function typeAll(
  user: ReturnType<typeof userEvent.setup>,
  current: string,
  next: string,
  again = next,
) {
  await fill(user, await field('Current password'), current);
  await fill(user, await field('New password'), next);
  await fill(user, await field('New password again'), again);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('a person changes their own password in Security settings', () => {
  it('sends the current and the new one, and says their other sessions ended', async () => {
    const sent = mockRoute('put', '/api/me/password', okAnswer({ endedSessions: 2 }, 200));
    const user = open();
    await typeAll(user, 'my-old-password', 'my-new-password-2026');
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'Your password was changed. Your 2 other sessions were ended: sign in there again with the new password.',
    );
    expect(document.activeElement).toBe(status);
    expect(sent.map((r) => r.body)).toEqual([
      { currentPassword: 'my-old-password', newPassword: 'my-new-password-2026' },
    ]);
    expect((await field('Current password')).getAttribute('value')).toBe('');
  });

  it('a wrong current password is said under its field, which takes the focus, without a support id', async () => {
    mockRoute(
      'put',
      '/api/me/password',
      errorAnswer(400, {
        code: 'bad_request',
        message: 'This is not your current password. Nothing was changed.',
        submitted: 'no',
        fields: [{ field: 'currentPassword', message: 'This is not your current password' }],
      }),
    );
    const user = open();
    await typeAll(user, 'not-my-password', 'my-new-password-2026');
    const current = await field('Current password');
    await waitFor(() => expect(descriptionOf(current)).toBe('This is not your current password'));
    expect(document.activeElement).toBe(current);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a new password off the rule, or typed differently twice, is refused before anything is sent', async () => {
    const sent = mockRoute('put', '/api/me/password', okAnswer({ endedSessions: 0 }, 200));
    const user = open();
    await typeAll(user, 'my-old-password', 'short');
    const next = await field('New password');
    expect(descriptionOf(next)).toBe('Password must be at least 12 characters');
    expect(document.activeElement).toBe(next);

    await user.clear(next);
    await fill(user, next, 'my-new-password-2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const again = await field('New password again');
    expect(descriptionOf(again)).toBe('The two new passwords differ: type the same one twice');
    expect(sent).toHaveLength(0);
  });

  it('a person who signs in only through single sign-on is told their password is with their provider', async () => {
    hasPassword(false);
    open();
    expect(
      await screen.findByText(
        'You sign in through single sign-on: your password is kept by your identity provider. Change it there.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
  });

  it('no form is shown until the portal has said whether they have a password', async () => {
    let answer = () => {};
    bff.use(
      http.get('/api/me/password', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ hasPassword: true });
      }),
    );
    open();
    expect(await screen.findByText('Loading your password settings')).toBeTruthy();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
    answer();
    expect(await field('Current password')).toBeTruthy();
  });

  it('a failed read says so, with Try again, instead of a form that may not apply to them', async () => {
    let failing = true;
    bff.use(
      http.get('/api/me/password', () =>
        failing
          ? errorAnswer(503, {
              code: 'store_unavailable',
              message:
                "The portal's database is not answering right now. Please try again in a moment.",
              submitted: 'no',
            })
          : HttpResponse.json({ hasPassword: true }),
      ),
    );
    await onFakeClock(async () => {
      open();
      // A read that failed is asked again a few times first, seconds apart.
      const failure = () => screen.queryByRole('alert');
      for (let i = 0; i < 20 && !failure(); i++) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1_000);
        });
      }
      const alert = failure()!;
      expect(alert.textContent).toContain('Your password settings could not be loaded');
      expect(screen.queryByLabelText(/^Current password/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
      failing = false;
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await field('Current password')).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
