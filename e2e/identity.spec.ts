import { expect, test } from '@playwright/test';
import { OIDC_PORT } from '../playwright.config';
import { startOidcProvider, type TestProvider } from '../src/server/__tests__/oidc-test-provider';
import { demoPassword, signIn } from './helpers';
import { createJourneyUser } from './identity-helpers';

let idp: TestProvider;
/** A portal user an admin disabled, whom the provider signs in (the test creates them). */
const SSO_DISABLED = 'sso-disabled@demo.test';

// Playwright reads fixtures from the first parameter; this hook needs none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  idp = await startOidcProvider({
    port: OIDC_PORT,
    redirectUris: [`${baseURL}/auth/oidc/callback`],
    accounts: {
      'ops-reviewer': { email: 'compliance@demo.test', groups: ['portal-compliance'] },
      'gone-reviewer': { email: SSO_DISABLED },
    },
  });
});
test.afterAll(async () => {
  await idp?.close();
});

test('a staff member signs in through the organisation’s OpenID provider', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  // The provider's own login page (oidc-provider's development form).
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${OIDC_PORT}/`));
  await page.locator('input[name="login"]').fill('ops-reviewer');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(/\/offerings$/);
  await expect(page.getByRole('button', { name: /account menu/ })).toContainText(
    'Compliance reviewer',
  );
  await page.goto('/settings/sessions');
  await expect(page.getByRole('list', { name: 'Active sessions' })).toContainText(
    'with single sign-on',
  );
});

test('a session that ends over a page is signed into again with single sign-on in a window of its own, and the page stays', async ({
  page,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await page.locator('input[name="login"]').fill('ops-reviewer');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/offerings$/);

  await page.goto('/compliance/search');
  const search = page.getByLabel('Search accounts and entities');
  await search.fill('ventures');
  // The session ends meanwhile (signed out in another tab): the next read finds it ended.
  const out = await page.request.delete('/api/session', {
    headers: { 'X-CSRF': '1', Origin: baseURL },
  });
  expect(out.ok()).toBe(true);
  await search.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();

  const opened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Continue with single sign-on' }).click();
  const window = await opened;
  await expect(dialog).toContainText('Single sign-on opened in a window of its own.');
  // The provider may still know the person (its own session) and send them straight back, where
  // the window closes itself; else its login form comes first.
  const closed = window.waitForEvent('close');
  const login = window.locator('input[name="login"]');
  const asked = await Promise.race([closed.then(() => false), login.waitFor().then(() => true)]);
  if (asked) {
    await login.fill('ops-reviewer');
    await window.locator('input[name="password"]').fill('any-password');
    await window.getByRole('button', { name: 'Sign-in' }).click();
  }
  await closed;
  // The window says it is done (and closes itself where the browser lets it); this page goes on
  // with the search as it was typed, now answered.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/compliance\/search/);
  await expect(search).toHaveValue('ventures');
  await expect(page.getByRole('link', { name: /ventures/i }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /account menu/ })).toContainText(
    'Compliance reviewer',
  );
});

test('a session ended from the sessions page stops working at its next request', async ({
  browser,
}, testInfo) => {
  // Three browser contexts and an admin set-up: more than one page's worth of time.
  test.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL!;
  const admin = await browser.newContext({ baseURL });
  const user = await createJourneyUser(admin.request, baseURL, 'sessions');
  await admin.close();

  const first = await browser.newContext({ baseURL });
  const second = await browser.newContext({ baseURL });
  const here = await first.newPage();
  const there = await second.newPage();
  await signIn(here, user.email, user.password);
  await signIn(there, user.email, user.password);

  await here.goto('/settings/sessions');
  const list = here.getByRole('list', { name: 'Active sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This browser')).toBeVisible();
  await list.getByRole('button', { name: /^End the session/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The other browser, opening the page afresh, is told why it is asked to sign in.
  const ended = there.getByText(
    'Your session was ended on the server (signed out elsewhere, or changed by an administrator). Sign in again to go on.',
  );
  await there.goto('/settings/sessions');
  await expect(there).toHaveURL(/\/sign-in\?.*reason=revoked/);
  await expect(ended).toBeVisible();
  // Said once: that answer cleared the ended session's cookie, so the next visit is plain.
  await there.goto('/settings/sessions');
  await expect(there).toHaveURL(/\/sign-in\?redirectTo=%2Fsettings%2Fsessions$/);
  await expect(there.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(ended).toHaveCount(0);
  const next = await there.request.get('/api/session', { headers: { 'X-CSRF': '1' } });
  expect(next.status()).toBe(200);
  expect(await next.json()).toEqual({ signedIn: false });
  await first.close();
  await second.close();
});

test('a disabled person is told so only with the right password, and single sign-on says the same', async ({
  browser,
  page,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  const admin = await browser.newContext({ baseURL });
  const headers = { 'X-CSRF': '1', Origin: baseURL };
  const signedIn = await admin.request.post('/api/session', {
    headers,
    data: { email: 'admin@demo.test', password: demoPassword },
  });
  expect(signedIn.status()).toBe(200);
  const email = `disabled-${Date.now()}@demo.test`;
  const password = 'journey-password-2026';
  for (const user of [
    { email, name: 'Disabled Investor', role: 'investor', password },
    { email: SSO_DISABLED, name: 'Disabled Reviewer', role: 'compliance', password: '' },
  ]) {
    // The single sign-on user stays from an earlier run on the same data: 409, and disabled again.
    const created = await admin.request.post('/api/admin/users', { headers, data: user });
    expect([201, 409]).toContain(created.status());
    // Found by its email: the list is paged, and earlier runs' users stay in it.
    const found = await admin.request.get('/api/admin/users', {
      headers,
      params: { q: user.email },
    });
    const { users } = (await found.json()) as { users: { id: string; email: string }[] };
    const id = users.find((u) => u.email === user.email)!.id;
    const disabled = await admin.request.put(`/api/admin/users/${id}/disabled`, {
      headers,
      data: { disabled: true },
    });
    expect(disabled.status()).toBe(200);
  }
  await admin.close();

  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is not correct.');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This account is disabled, so it cannot sign in. Ask your administrator to enable it.',
  );
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await page.locator('input[name="login"]').fill('gone-reviewer');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/\/sign-in\?sso=disabled$/);
  await expect(
    page.getByText(
      'Your identity provider signed you in, but your account on this portal is disabled, so it cannot sign in. Ask your administrator to enable it.',
    ),
  ).toBeVisible();
});
