import { expect, test, type Page } from '@playwright/test';
import { signedInAs, signIn } from './helpers';

/*
 * Real addresses and names are long: on a 375 px phone they wrap inside the screen wherever the
 * portal shows them, and no page scrolls sideways.
 */
const PHONE = { width: 375, height: 812 };
const name = 'Maximilian Alexander Montgomery-Featherstonehaugh III';
const password = 'long-address-password-2026';

/**
 * Nothing wider than the phone: the page does not scroll sideways, and every piece of text that
 * holds `text` lies inside the screen (a dialog or a menu floats above the page, so the page's
 * width alone would not show an address running out of it).
 */
async function expectInsideThePhone(page: Page, texts: string[], where: string) {
  const found = await page.evaluate((texts) => {
    const outside: string[] = [];
    let seen = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!texts.some((t) => text.includes(t))) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      if (rects.length === 0) continue;
      seen += 1;
      for (const r of rects) {
        if (r.left < -1 || r.right > window.innerWidth + 1) {
          outside.push(`${text.slice(0, 60)}… (${Math.round(r.left)}–${Math.round(r.right)})`);
        }
      }
    }
    return { outside, seen, width: document.scrollingElement!.scrollWidth };
  }, texts);
  expect(found.seen, `${where}: the text is on screen`).toBeGreaterThan(0);
  // Soft: one run names every place that does not fit.
  expect.soft(found.outside, `${where}: text outside the 375 px screen`).toEqual([]);
  expect.soft(found.width, `${where}: the page's width`).toBeLessThanOrEqual(PHONE.width);
}

test('a long email address and name wrap inside a 375 px phone on every page that shows them', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL!;
  // Unique on every run, and as long as a real-world address gets.
  const email = `firstname.middlename.lastname.contractor${Date.now()}@subsidiary-operations-department.example`;
  const local = email.split('@')[0];
  const shown = [local, 'subsidiary-operations-department', 'Featherstonehaugh'];

  const admin = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await admin.newPage();
  await signedInAs(page, 'admin@demo.test');

  // Users: the form's answer and its "Manage …", the list, the user's dialog, a confirmation.
  await page.goto('/admin/users');
  const form = page.getByRole('form', { name: 'Create a user' });
  await form.getByLabel('Email', { exact: false }).fill(email);
  await form.getByLabel('Name', { exact: false }).fill(name);
  await form.getByLabel('Password', { exact: false }).fill(password);
  await form.getByRole('button', { name: 'Create user' }).click();
  const created = page.getByRole('status').filter({ hasText: `Created ${email}.` });
  await expect(created).toBeVisible();
  await expectInsideThePhone(page, shown.slice(0, 2), 'Users, after creating');
  // Found by its email: the list is paged, and earlier runs' users stay in it.
  const find = page.getByRole('textbox', { name: 'Email or name' });
  await find.fill(email);
  await find.press('Enter');
  await expect(page.getByRole('list', { name: 'Users' })).toContainText(email);
  await expectInsideThePhone(page, shown, 'Users, the list');

  await created.getByRole('button', { name: `Manage ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Manage ${email}` });
  await expect(dialog).toBeVisible();
  await expectInsideThePhone(page, shown.slice(0, 2), 'Users, the user’s dialog');
  await dialog.getByRole('button', { name: 'Disable user' }).click();
  const confirmation = page.getByRole('alertdialog', { name: `Disable ${name}` });
  await expect(confirmation).toBeVisible();
  await expectInsideThePhone(page, shown, 'Users, the confirmation');
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The audit log names who was created.
  await page.goto('/audit');
  await expect(page.getByText(local).first()).toBeVisible();
  // The log breaks an address only between its parts, each of them a text of its own.
  const [localEnd, domain] = [local.split('.').at(-1)!, shown[1]];
  await expectInsideThePhone(page, [localEnd, domain], 'Audit log');
  await admin.close();

  // The person themselves: their sessions, their security settings, the account menu.
  const own = await browser.newContext({ baseURL, viewport: PHONE });
  const mine = await own.newPage();
  await signIn(mine, email, password);
  await mine.goto('/settings/sessions');
  await expect(mine.getByRole('heading', { name: 'My sessions' })).toBeVisible();
  await expect(mine.getByRole('list', { name: 'Active sessions' })).toBeVisible();
  await expect
    .poll(() => mine.evaluate(() => document.scrollingElement!.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await mine.goto('/settings/security');
  await expect(mine.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => mine.evaluate(() => document.scrollingElement!.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await mine.getByRole('button', { name: /account menu/ }).click();
  await expect(mine.getByRole('menu')).toBeVisible();
  await expectInsideThePhone(mine, shown, 'The account menu');
  await own.close();
});
