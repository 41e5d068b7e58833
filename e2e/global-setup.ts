import { mkdirSync } from 'node:fs';
import { expect, request, type FullConfig } from '@playwright/test';
import { demoPassword, demoUsers, signedInStatePath } from './helpers';

/**
 * Signs each demo user in once, through the API, and keeps the browser state (its session cookie)
 * in the run's data folder, so the journeys that do not test signing in start signed in
 * (signedInAs in helpers.ts) instead of going through the sign-in page each time. Playwright runs
 * this once the portal answers (webServer), which E2E_FRESH started on fresh data.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0].use.baseURL!;
  for (const { email } of demoUsers) {
    const api = await request.newContext({
      baseURL,
      extraHTTPHeaders: { 'X-CSRF': '1', Origin: new URL(baseURL).origin },
    });
    const signedIn = await api.post('/api/session', { data: { email, password: demoPassword } });
    expect(signedIn.status(), `sign-in of ${email}`).toBe(200);
    const path = signedInStatePath(email);
    mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    await api.storageState({ path });
    await api.dispose();
  }
}
