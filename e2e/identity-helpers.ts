import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type TestInfo,
} from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { demoPassword } from './helpers';

/**
 * A user of the journey's own, made through the admin users API, so what the journey does to
 * its sessions and second factors touches no demo user other specs sign in as. An admin chose
 * its password and linked its account: its disbursements wait for a second person's approval,
 * whatever their amount (README, Maker-checker).
 */
export async function createJourneyUser(
  request: APIRequestContext,
  origin: string,
  prefix: string,
): Promise<{ email: string; password: string; accountId: string }> {
  const headers = { 'X-CSRF': '1', Origin: origin };
  const signedIn = await request.post('/api/session', {
    headers,
    data: { email: 'admin@demo.test', password: demoPassword },
  });
  expect(signedIn.status()).toBe(200);
  const users = (await (
    await request.get('/api/admin/users?q=investor@demo.test', { headers })
  ).json()) as {
    users: { email: string; accountIds: string[] }[];
  };
  const accountId = users.users.find((u) => u.email === 'investor@demo.test')!.accountIds[0];
  const email = `${prefix}-${Date.now()}@demo.test`;
  const password = 'journey-password-2026';
  const created = await request.post('/api/admin/users', {
    headers,
    data: { email, name: 'Journey Investor', role: 'investor', password },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // The account is the demo investor's too, on purpose: the admin says so knowingly.
  const linked = await request.post(`/api/admin/users/${id}/links`, {
    headers,
    data: { kind: 'account', upstreamId: accountId, confirmAccountOfOtherUser: true },
  });
  expect(linked.status()).toBe(200);
  await request.delete('/api/session', { headers });
  return { email, password, accountId };
}

/**
 * Adds an authenticator app named "Phone" to the user signed in on `context`, as Security
 * settings does, and gives back the app: its codes, now and later.
 */
export async function addAuthenticatorApp(
  context: BrowserContext,
  headers: Record<string, string>,
): Promise<OTPAuth.TOTP> {
  const started = await context.request.post('/api/me/second-factors/totp', { headers });
  const { secret } = (await started.json()) as { secret: string };
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  const confirmed = await context.request.post('/api/me/second-factors/totp/confirm', {
    headers,
    data: { code: totp.generate(), label: 'Phone' },
  });
  expect(confirmed.status()).toBe(201);
  return totp;
}

/**
 * A journey's own user, made by an admin in a context of its own that is closed again, with the
 * portal's address and the headers its API calls need.
 */
export async function journeyUserFor(browser: Browser, testInfo: TestInfo, prefix: string) {
  const baseURL = testInfo.project.use.baseURL!;
  const headers = { 'X-CSRF': '1', Origin: new URL(baseURL).origin };
  const admin = await browser.newContext({ baseURL });
  const user = await createJourneyUser(admin.request, baseURL, prefix);
  await admin.close();
  return { baseURL, headers, user };
}
