import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  linkedAccountIds,
  signedInAs,
  smallTargets,
} from './helpers';
import { expectNoHorizontalScroll } from './investor-helpers';

test('an investor opens an account, its custody account and its fund moves', async ({ page }) => {
  await signedInAs(page, 'investor@demo.test', '/offerings');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My accounts' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'My accounts' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'my accounts');

  await page.getByRole('main').getByRole('listitem').first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Identity (KYC)' })).toBeVisible();
  await expect(page.getByText(/^Next: /).first()).toBeVisible();
  const custody = page.getByRole('region', { name: 'Custody account' });
  await expect(custody.getByText('Restriction')).toBeVisible();
  await expect(custody.getByText('Approved', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' }).getByText(/•/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'account');

  // No balance is reported by the platform (§2.12): the section says so and where to follow the money.
  await expect(custody.getByText(/^The platform does not report a custody balance/)).toBeVisible();
  await custody.getByRole('link', { name: 'Fund moves' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fund moves' })).toBeVisible();
  await expect(page.getByText(/^Showing 1–/)).toBeVisible();
  const moves = page.getByRole('list', { name: 'Fund moves' }).getByRole('listitem');
  await expect(moves.first()).toBeVisible();
  // A move awaiting approval says when the 4:00 PM Mountain Time batch runs, in local time.
  const countdown = page.getByTestId('approval-countdown').first();
  if ((await countdown.count()) > 0) {
    await expect(countdown).toContainText('4:00 PM Mountain Time');
    const first = (await countdown.textContent()) ?? '';
    // The countdown ticks: its text changes on its own (waits for the change, not for a time).
    await expect(countdown).not.toHaveText(first);
  }
  await expectNoSeriousA11yViolations(page, 'fund moves');

  await moves
    .first()
    .getByRole('link', { name: /Details/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Fund move / })).toBeVisible();
  const details = page.getByRole('region', { name: 'Fund move' });
  await expect(details.getByText('Reference')).toBeVisible();
  const text = (await details.textContent()) ?? '';
  // Bank numbers are shown as their last four digits at most (the reference is letters + digits).
  expect(text).not.toMatch(/(?<![A-Z\d])\d{5,}/);
  await expect(details.getByText(/^••••\w{4}$/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'fund move');
});

test('a reference number of another account is not shown under this account', async ({ page }) => {
  await signedInAs(page, 'investor@demo.test');
  const [a, b] = await linkedAccountIds(page.request);
  const list = await (
    await page.request.get(`/api/accounts/${a}/fund-moves`, { headers: { 'X-CSRF': '1' } })
  ).json();
  await page.goto(`/accounts/${b}/fund-moves/${list.moves[0].referenceNumber}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fund move not found' })).toBeVisible();
});

test('on a phone, the account and fund moves fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInAs(page, 'investor@demo.test');
  const [accountId] = await linkedAccountIds(page.request);
  await page.goto(`/accounts/${accountId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.goto(`/accounts/${accountId}/fund-moves`);
  await expect(page.getByText(/^Showing 1–/)).toBeVisible();
  await expectNoHorizontalScroll(page);
  // A move's Details, among its facts, is a target a thumb hits as well.
  expect(await smallTargets(page)).toEqual([]);
});
