// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WebAuthnError } from '@simplewebauthn/browser';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../testing/render';
import { EnrolPasskey } from '../enrol-factor';
import { SecondFactorPrompt } from '../second-factor-prompt';

const browser = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof import('@simplewebauthn/browser')>()),
  startRegistration: browser.startRegistration,
  startAuthentication: browser.startAuthentication,
}));

startMockBff();
/** Vitest's jsdom environment hands its instance over as a global, to move the page's address. */
declare const jsdom: { reconfigure(settings: { url: string }): void };
const firstUrl = window.location.href;
beforeEach(() => {
  bff.use(
    http.post('/api/me/second-factors/passkey-options', () =>
      HttpResponse.json({ options: { rp: { id: 'localhost', name: 'Transact Portal' } } }),
    ),
    http.post('/api/session/second-factor/passkey-options', () =>
      HttpResponse.json({ options: { rpId: 'localhost' } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  browser.startRegistration.mockReset();
  browser.startAuthentication.mockReset();
  jsdom.reconfigure({ url: firstUrl });
});

/** What SimpleWebAuthn makes of the browser's refusal (its identifyRegistrationError). */
const refused = (name: string, message: string) =>
  new WebAuthnError({
    message,
    code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    cause: new DOMException(message, name),
  });

async function createPasskey() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<EnrolPasskey onEnrolled={() => {}} />);
  await user.click(screen.getByRole('button', { name: 'Create passkey' }));
  return screen.findByRole('alert');
}

describe('creating a passkey that the browser refuses', () => {
  it('at an IP address, says to open the portal at localhost on the same port, not that the device failed', async () => {
    jsdom.reconfigure({ url: 'http://127.0.0.1:7760/settings/security' });
    browser.startRegistration.mockRejectedValue(
      refused('SecurityError', '127.0.0.1 is an invalid domain'),
    );
    expect((await createPasskey()).textContent).toBe(
      "Passkeys work only at http://localhost:7760 or the portal's own address, not at an IP address (this page is at 127.0.0.1). Open the portal there and try again, or use the authenticator app instead.",
    );
  });

  it("at a domain that is not the portal's own, names the page's address", async () => {
    jsdom.reconfigure({ url: 'http://portal-old.example.com/settings/security' });
    browser.startRegistration.mockRejectedValue(
      refused('SecurityError', 'The RP ID "localhost" is invalid for this domain'),
    );
    expect((await createPasskey()).textContent).toBe(
      "Passkeys work only at the portal's own address, and this page is at portal-old.example.com. Open the portal at its own address and try again, or use the authenticator app instead.",
    );
  });

  it('keeps the device message when the device itself failed', async () => {
    browser.startRegistration.mockRejectedValue(
      refused('UnknownError', 'The authenticator failed'),
    );
    expect((await createPasskey()).textContent).toBe(
      'This device could not create a passkey. Try the authenticator app instead.',
    );
    // The button that was disabled while the device was asked has the focus back, by the message.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create passkey' })),
    );
  });
});

describe('signing in with a passkey that the browser refuses', () => {
  it('at an IP address, says where passkeys work instead of blaming the device', async () => {
    jsdom.reconfigure({ url: 'http://127.0.0.1:7760/sign-in' });
    browser.startAuthentication.mockRejectedValue(
      refused('SecurityError', '127.0.0.1 is an invalid domain'),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecondFactorPrompt methods={['passkey', 'totp']} onVerified={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Use your passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Passkeys work only at http://localhost:7760 or the portal's own address, not at an IP address (this page is at 127.0.0.1). Open the portal there and try again, or use another method.",
    );
  });
});
