import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { addAuthenticatorApp, journeyUserFor } from './identity-helpers';

/*
 * On a 375 px phone, an investor with an authenticator app (added on another device) makes new
 * recovery codes (asked first), confirms it is them in the step-up dialog, whose code field's
 * label fits whole, keeps the codes as a file, and removes the app (asked first, told after).
 */
test('an investor makes new recovery codes on a phone, keeps them as a file, and removes the app', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const { baseURL, headers, user } = await journeyUserFor(browser, testInfo, 'codes');

  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const page = await phone.newPage();
  await signIn(page, user.email, user.password);
  // The app is added in another session of theirs (a laptop): adding it proves it in that
  // session only, so the phone's, which proved nothing, is asked for it.
  const laptop = await browser.newContext({ baseURL });
  const signedIn = await laptop.request.post('/api/session', {
    headers,
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status()).toBe(200);
  const totp = await addAuthenticatorApp(laptop, headers);
  await laptop.close();

  await page.goto('/settings/security');
  await page.getByRole('button', { name: 'Make new recovery codes' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Make new recovery codes?' });
  await expect(ask).toContainText('Your 10 unused recovery codes stop working');
  await ask.getByRole('button', { name: 'Make new codes' }).click();

  // The phone's session has proved no factor: making codes asks for one.
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  const code = stepUp.getByLabel('Authenticator code');
  await expect(code).toBeVisible();
  const label = stepUp.locator('label', { hasText: 'Authenticator code' });
  const cut = await label.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(cut, 'the label is shown whole, not cut with an ellipsis').toBe(false);
  // The next step's code: the one that confirmed the app is accepted once only.
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await stepUp.getByRole('button', { name: 'Verify code' }).click();

  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  await expect(page.getByText('Your earlier recovery codes no longer work.')).toBeVisible();
  const codes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download (.txt)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^transact-portal-recovery-codes-\d{4}-\d{2}-\d{2}\.txt$/,
  );
  const lines = (await readFile(await download.path(), 'utf8')).split('\n');
  expect(lines[0]).toMatch(/^Transact Portal recovery codes, made /);
  expect(lines).toEqual(expect.arrayContaining(codes));
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // Removing the only factor says first that the codes go with it, and after that it went.
  await page.getByRole('button', { name: 'Remove Phone (Authenticator app)' }).click();
  const remove = page.getByRole('alertdialog', { name: 'Remove Phone (Authenticator app)?' });
  await expect(remove).toContainText('Your 10 unused recovery codes stop working with it');
  await remove.getByRole('button', { name: 'Remove' }).click();
  const removed = page.getByRole('alert').filter({ hasText: 'Removed Phone (Authenticator app).' });
  await expect(removed).toBeFocused();
  await expect(page.getByText('0 unused recovery codes left.')).toBeVisible();
  await phone.close();
});
