import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signedInAs } from './helpers';

test('a reviewer searches, reviews an account, reveals its tax id with a reason, and finds it in the audit log', async ({
  page,
}) => {
  await signedInAs(page, 'compliance@demo.test', '/offerings');
  await page.getByRole('link', { name: 'Search' }).first().click();
  const box = page.getByRole('searchbox', { name: 'Search accounts and entities' });
  await box.fill('q');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Enter at least 2 characters')).toBeVisible();

  await box.fill('quinn');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=quinn/);
  const accounts = page.getByRole('grid', { name: 'Accounts found' });
  await expect(accounts.getByRole('row').nth(1)).toBeVisible();
  await expect(accounts).toContainText('••');
  await expect(accounts).not.toContainText('154728860');
  await expect(accounts).not.toContainText('154-72-8860');
  await expectNoSeriousA11yViolations(page, 'search results');

  await accounts.getByRole('link', { name: 'Avery Quinn' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Avery Quinn' })).toBeVisible();
  // The way back is to the search it came from, not to an empty one.
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Search' }),
  ).toHaveAttribute('href', '/compliance/search?q=quinn');
  const reviews = page.getByRole('table', { name: 'Reviews' });
  await expect(reviews).toContainText('Identity (KYC)');
  await expect(reviews).toContainText('Account approval');
  await expect(page.getByRole('heading', { name: 'Custody account' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Fund moves' })).toBeVisible();
  // The portal's own requests for this account are one link away, the register narrowed to it.
  await expect(page.getByRole('link', { name: 'money requests register' })).toHaveAttribute(
    'href',
    /^\/compliance\/money-requests\?accountId=A\d+$/,
  );

  await page.getByRole('button', { name: 'Reveal Tax ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reveal Tax ID' });
  await dialog.getByLabel('Reason').fill('short');
  await dialog.getByRole('button', { name: 'Reveal' }).click();
  await expect(dialog.getByText('Reason must be at least 10 characters')).toBeVisible();
  await dialog.getByLabel('Reason').fill('KYC case 4711: tax id mismatch');
  await dialog.getByRole('button', { name: 'Reveal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('154-72-8860')).toBeVisible();
  await page.getByRole('button', { name: 'Hide Tax ID' }).click();
  await expect(page.getByText('154-72-8860')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'account review');

  await page.getByRole('link', { name: 'Audit log' }).first().click();
  const events = page.getByRole('grid', { name: 'Audit events' });
  await expect(events).toContainText('KYC case 4711: tax id mismatch');
  await expect(events).toContainText('Personal data revealed');
  await expect(events).not.toContainText('154728860');

  await page.getByLabel('Action').selectOption('personal_data_reveal');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/action=personal_data_reveal/);
  await expect(events).toContainText('KYC case 4711: tax id mismatch');
  const actions = events.locator('[role="gridcell"][data-field="action"]');
  // The unfiltered rows hold that reason too and stay shown while the filtered ones load: wait
  // until every row left is a reveal before reading them once.
  await expect(actions.filter({ hasNotText: /^Personal data revealed$/ })).toHaveCount(0);
  for (const action of await actions.allTextContents()) {
    expect(action).toBe('Personal data revealed');
  }

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  await expectNoSeriousA11yViolations(page, 'audit log');
});

test('a note of one long word breaks inside its card on a 375 px phone, the account menu on screen', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL!,
    viewport: { width: 375, height: 812 },
  });
  const page = await context.newPage();
  await signedInAs(page, 'compliance@demo.test');
  await page.goto('/compliance/accounts/A1040000');
  // A pasted link: notes cannot be changed, so a note that widened the page would stay.
  const link = `https://example.test/case/${'x'.repeat(130)}`;
  await page.getByLabel('New note').fill(`See ${link}`);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Notes, newest first' })).toContainText(link);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(widths[0], 'the page does not scroll sideways').toBeLessThanOrEqual(widths[1]);
  await expect(page.getByRole('button', { name: /account menu/ })).toBeInViewport();
  // The reviews' four columns fit a phone whole: no frame to scroll sideways for a few pixels.
  const reviews = page.getByRole('table', { name: 'Reviews' });
  await expect(reviews).toContainText('KYC');
  const frame = await reviews.evaluate((table) => [
    table.parentElement!.scrollWidth,
    table.parentElement!.clientWidth,
  ]);
  expect(frame[0], 'the reviews table fits its card').toBeLessThanOrEqual(frame[1]);
  await context.close();
});

test('a reviewer opens an entity from the search and reveals its EIN', async ({ page }) => {
  await signedInAs(page, 'admin@demo.test');
  await page.goto('/compliance/search?q=ventures');
  const entities = page.getByRole('grid', { name: 'Entities found' });
  await entities.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Reveal EIN' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('Entity due diligence review');
  await page.getByRole('dialog').getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByText(/^\d{2}-\d{7}$/)).toBeVisible();
});

test('investors reach no compliance page', async ({ page }) => {
  await signedInAs(page, 'investor@demo.test', '/offerings');
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  const response = await page.request.get('/api/compliance/search?q=quinn', {
    headers: { 'X-CSRF': '1' },
  });
  expect(response.status()).toBe(403);
});
