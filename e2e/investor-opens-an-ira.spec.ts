import { expect, test } from '@playwright/test';
import { EASTERN, todayInZone } from '../src/contract/time';
import {
  expectNoSeriousA11yViolations,
  linkedAccountIds,
  signedInAs,
  transitionsSettled,
} from './helpers';
import {
  expectFocusBelowAppBar,
  expectNoHorizontalScroll,
  upstreamCalls,
} from './investor-helpers';

test('an investor opens an IRA through the wizard; going back keeps the answers', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // The second investor's third account has no custody account yet (the sandbox's demo data).
  await signedInAs(page, 'investor2@demo.test');
  const accountId = (await linkedAccountIds(page.request))[2];
  await page.goto(`/accounts/${accountId}`);
  await page.getByRole('link', { name: 'Open an IRA' }).click();

  await expect(
    page.getByRole('heading', { level: 2, name: 'Marital status and mailing address' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Choose your marital status')).toBeVisible();
  // A group of choices is one Tab stop, unanswered or answered; the arrow keys move within it.
  const notMarried = page.getByLabel('Not married', { exact: true });
  const married = page.getByLabel('Married', { exact: true });
  await notMarried.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Address line 1')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(notMarried).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(married).toBeChecked();
  await expect(married).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Address line 1')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(married).toBeFocused();
  await page.getByLabel('Address line 1').fill('1 Main St');
  await page.getByLabel('City').fill('Denver');
  await page.getByLabel('State or region').fill('co');
  await page.getByLabel('ZIP or postal code').fill('80202');
  // The country list starts with the United States, and the keyboard's type-ahead finds the rest.
  const country = page.getByLabel(/^Country/);
  await expect(country.locator('option').nth(1)).toHaveText('United States');
  await country.focus();
  await page.keyboard.type('Germ');
  await expect(country).toHaveValue('DE');
  await country.selectOption('US');
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, 'IRA step 1');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByRole('heading', { level: 2, name: 'Investment manager and proxy voting' }),
  ).toBeVisible();
  await page.getByLabel('No appointment now').check();
  await page.getByLabel('Send me all proxy materials').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Funding' })).toBeVisible();
  await page.getByLabel('Regular contribution').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Tax year is required for a regular contribution')).toBeVisible();
  // This year in US Eastern time, as the rule counts it (contract/ira.ts).
  await page.getByLabel('Tax year').fill(todayInZone(EASTERN).slice(0, 4));
  await page.getByLabel('Firm name', { exact: true }).fill('Old Brokerage');
  await page.getByLabel('Account number at that firm').fill('99887766');
  await expectNoSeriousA11yViolations(page, 'IRA funding');

  // Back to the start and forward again: every answer is still there.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Address line 1')).toHaveValue('1 Main St');
  await expect(page.getByLabel('Married', { exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('No appointment now')).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Account number at that firm')).toHaveValue('99887766');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Review' })).toBeFocused();
  await expectFocusBelowAppBar(page);
  await expect(page.getByText('••••7766')).toBeVisible();
  await expect(page.getByText('Regular contribution')).toBeVisible();
  // Submit is armed a moment after the review shows; let its colour transition finish before
  // axe measures the contrast.
  await expect(page.getByRole('button', { name: 'Submit IRA request' })).toBeEnabled();
  await transitionsSettled(page);
  await expectNoSeriousA11yViolations(page, 'IRA review');
  // Bank numbers never reach browser storage or the address bar.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain('99887766');
  expect(page.url()).not.toContain('99887766');

  const before = await upstreamCalls(page, 'addCustodyAccountSupplement', accountId);
  await page.getByRole('button', { name: 'Submit IRA request' }).dblclick();
  await expect(page.getByText('IRA request submitted')).toBeVisible();
  await expect(page.getByText('Married', { exact: true })).toBeVisible();
  await expect(page.getByText('Old Brokerage, ••••7766')).toBeVisible();
  // A reference to quote, and focus on the receipt rather than on the page body.
  await expect(page.getByText('Our reference', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'IRA request submitted' })).toBeFocused();
  await expectFocusBelowAppBar(page);
  expect(await upstreamCalls(page, 'addCustodyAccountSupplement', accountId)).toBe(before + 1);

  // Back to the wizard later: the request stands, so it is shown and no second one is offered.
  const reference = await page
    .getByText(/^MR-[0-9A-Z]{10}$/)
    .first()
    .textContent();
  await page.reload();
  const waiting = page.getByRole('region', { name: "This account's IRA request is in progress" });
  await expect(waiting.getByText(reference!, { exact: true })).toBeVisible();
  await expect(waiting.getByText(/^Accepted: /)).toBeVisible();
  await expect(
    waiting.getByRole('link', {
      name: `See ${reference} on the requests and timeline of this account`,
    }),
  ).toHaveAttribute('href', `/accounts/${accountId}/money`);
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, 'IRA request already waiting');
  expect(await upstreamCalls(page, 'addCustodyAccountSupplement', accountId)).toBe(before + 1);

  // The account's next job, a disbursement, is offered with the new custody account's status
  // said first: the platform may refuse money moves until it approves the account.
  await page.goto(`/accounts/${accountId}/disbursements/new`);
  await expect(page.getByText('This custody account is not approved yet')).toBeVisible();
  await expect(
    page.getByText(/The platform lists it as Pending\. A disbursement request may be refused/),
  ).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, 'disbursement from a custody account not approved yet');
});

test('an account that has its IRA custody account is told so, with where to see it, instead of the wizard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signedInAs(page, 'investor@demo.test');
  const accountId = (await linkedAccountIds(page.request))[1];
  await page.goto(`/accounts/${accountId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Custody account' })).toBeVisible();
  await expect(page.getByText(/^CR\d{6}$/)).toBeVisible();
  // Its custody account is shown on the page: there is no IRA to open.
  await expect(page.getByRole('link', { name: 'Money and timeline' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open an IRA' })).toHaveCount(0);

  // Typed by hand, the IRA page says the account has it, and offers no form.
  const before = await upstreamCalls(page, 'addCustodyAccountSupplement', accountId);
  await page.goto(`/accounts/${accountId}/ira`);
  const open = page.getByRole('region', {
    name: 'This account already has a custody account',
  });
  await expect(open.getByText(/^CR\d{6}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, 'IRA custody account already there');
  await open.getByRole('link', { name: "See the custody account on the account's page" }).click();
  await expect(page).toHaveURL(`/accounts/${accountId}#section-custody-account`);
  await expect(page.getByRole('heading', { level: 2, name: 'Custody account' })).toBeFocused();
  expect(await upstreamCalls(page, 'addCustodyAccountSupplement', accountId)).toBe(before);
});
