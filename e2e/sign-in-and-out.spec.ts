import { expect, test } from '@playwright/test';
import { demoUsers, signIn, signOut } from './helpers';

test.describe('a demo user signs in and out', () => {
  for (const user of demoUsers) {
    test(`${user.email} (${user.roleLabel})`, async ({ page }) => {
      await signIn(page, user.email);

      await expect(page).toHaveURL(/\/offerings$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Offerings' })).toBeVisible();
      const offerings = page.getByRole('table', { name: 'Offerings' });
      await expect(offerings.getByRole('row').nth(1)).toBeVisible();

      const navigation = page.getByRole('navigation', { name: 'Main' });
      await expect(navigation.getByRole('link', { name: 'Offerings', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /account menu/ })).toContainText(
        user.roleLabel,
      );

      await signOut(page);
      await expect(page.getByRole('status')).toContainText('You have signed out');
      await page.goto('/offerings');
      await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fofferings/);
    });
  }
});

test('a wrong password is refused with a message', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill('investor@demo.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('an empty form says what is missing', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('a signed-out visit returns to the page after signing in', async ({ page }) => {
  await page.goto('/offerings?status=closed');
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=/);
  await page.getByLabel('Email').fill('investor@demo.test');
  await page.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'demo-password-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/offerings\?status=closed$/);
  await expect(page.getByLabel('Status')).toContainText('Closed');
});

test('an ended session is signed into again over the page, which then goes on', async ({
  page,
}) => {
  await signIn(page, 'investor@demo.test');
  await page.goto('/offerings');
  await expect(page.getByRole('heading', { level: 1, name: 'Offerings' })).toBeVisible();
  // The page's own requests are answered first, so the one refused below is the person's step.
  await page.waitForLoadState('networkidle');

  // Ends the session behind the page's back, as an idle timeout would.
  await page.context().clearCookies();
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Awaiting approval' }).click();

  // The filtered list was refused: the person signs in again where they are.
  const signInAgain = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(signInAgain).toBeVisible();
  await expect(page).toHaveURL(/\/offerings\?status=pending$/);
  // A read was refused, not a request: nothing to say about sending.
  await expect(signInAgain).not.toContainText('Nothing was sent');
  await signInAgain.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'demo-password-2026');
  await signInAgain.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signInAgain).toBeHidden();
  await expect(page).toHaveURL(/\/offerings\?status=pending$/);
  await expect(page.getByLabel('Status')).toContainText('Awaiting approval');
  // The refused read went again once the person was back: the list, not its failure.
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
});

test('on a phone, each session’s End button stands clear of its text', async ({
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL!;
  // A second session of the same person, from another browser, so the list has one to end.
  const elsewhere = await browser.newContext({ baseURL });
  await signIn(await elsewhere.newPage(), 'compliance@demo.test');
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const page = await phone.newPage();
  await signIn(page, 'compliance@demo.test');

  await page.goto('/settings/sessions');
  const list = page.getByRole('list', { name: 'Active sessions' });
  const row = list
    .getByRole('listitem')
    .filter({ has: page.getByRole('button') })
    .first();
  const end = row.getByRole('button', { name: /^End the session/ });
  await expect(end).toBeVisible();
  // The button and the line of detail beside it never share a pixel: the detail wraps short of
  // the button, or the button moves under it.
  const button = (await end.boundingBox())!;
  const detail = (await row.getByText(/^Signed in /).boundingBox())!;
  const overlaps =
    button.x < detail.x + detail.width &&
    detail.x < button.x + button.width &&
    button.y < detail.y + detail.height &&
    detail.y < button.y + button.height;
  expect(overlaps, `End at ${JSON.stringify(button)}, detail at ${JSON.stringify(detail)}`).toBe(
    false,
  );
  await elsewhere.close();
  await phone.close();
});
