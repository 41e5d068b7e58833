// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../../testing/render';
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
};

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
