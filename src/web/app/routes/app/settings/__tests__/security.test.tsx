// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { bff, mockPost, okAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { fill, renderWithProviders } from '../../../../../testing/render';
import SecurityRoute from '../security';

startMockBff();
afterEach(cleanup);

const app = {
  id: 'f1',
  kind: 'totp',
  label: 'Authenticator app',
  createdAt: '2026-07-01T10:00:00.000Z',
  lastUsedAt: null,
};

describe('an investor adds an authenticator app', () => {
  it('lands on the one-time recovery codes, and sees the new app named once', async () => {
    let factors: (typeof app)[] = [];
    bff.use(
      http.get('/api/me/second-factors', () =>
        HttpResponse.json({ factors, recoveryCodesLeft: factors.length ? 2 : 0, required: false }),
      ),
    );
    mockPost(
      '/api/me/second-factors/totp',
      okAnswer({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrSvg: '<svg/>' }),
    );
    bff.use(
      http.post('/api/me/second-factors/totp/confirm', () => {
        factors = [app];
        return HttpResponse.json({ factor: app, recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecurityRoute />);
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    await fill(user, await screen.findByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const heading = await screen.findByRole('heading', { name: 'Your recovery codes' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const list = await screen.findByRole('list', { name: 'Second factors' });
    await waitFor(() => expect(list.textContent).toContain('Authenticator app'));
    expect(list.textContent).not.toContain('Authenticator app (Authenticator app)');
    // Focus stays on the codes once the list of factors has caught up.
    expect(document.activeElement).toBe(heading);
    expect(within(list).getByRole('button', { name: 'Remove Authenticator app' })).toBeTruthy();
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
