import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signedInAs, smallTargets } from './helpers';

test('a reviewer filters fund moves across accounts, pages through, opens one and reveals its bank number', async ({
  page,
}) => {
  await signedInAs(page, 'compliance@demo.test', '/offerings');
  await page.getByRole('link', { name: 'Fund moves' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fund moves' })).toBeVisible();
  const table = page.getByRole('grid', { name: 'Fund moves' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/moves match\. Page 1 of \d+/)).toBeVisible();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Page 2 of/)).toBeVisible();

  await page.getByLabel('Status', { exact: true }).selectOption('pending');
  await page.getByLabel('Approval status').selectOption('pending');
  await expect(page).toHaveURL(/status=pending&approvalStatus=pending/);
  await expect(page.getByText(/Page 1 of/)).toBeVisible();
  const statuses = table.locator('[role="gridcell"][data-field="status"]');
  await expect(statuses.first()).toBeVisible();
  for (const text of await statuses.allTextContents()) {
    expect(text).toBe('Pending');
  }
  await expectNoSeriousA11yViolations(page, 'fund moves');

  await table
    .getByRole('button', { name: /^Open fund move / })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Bank account number');
  // A move may have no bank account number on file; the first masked bank number is revealed.
  const revealButton = dialog.getByRole('button', { name: /^Reveal / }).first();
  const label = (await revealButton.getAttribute('aria-label')) ?? '';
  const masked = revealButton.locator('xpath=..').getByText(/^••••\d{4}$/);
  const last4 = ((await masked.textContent()) ?? '').slice(-4);
  await revealButton.click();
  const reason = page.getByRole('dialog', { name: label });
  await reason.getByLabel('Reason').fill('Returned ACH investigation 12');
  await reason.getByRole('button', { name: 'Reveal' }).click();
  await expect(dialog.getByText(new RegExp(`^\\d+${last4}$`))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'fund move dialog');
});

test('on a 375 px phone a reviewer finds accounts and fund moves as cards, every figure on screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInAs(page, 'compliance@demo.test');

  await page.goto('/compliance/search?q=quinn');
  const accounts = page.getByRole('list', { name: 'Accounts found' }).getByRole('listitem');
  await expect(accounts.first()).toContainText(/KYC \w+ · AML \w+ · Approval/);
  await expect(page.getByRole('grid')).toHaveCount(0);

  await page.goto('/compliance/fund-moves');
  const moves = page.getByRole('list', { name: 'Fund moves' }).getByRole('listitem');
  await expect(moves.first()).toContainText(/^\$[\d,]+\.\d\d · /);
  await expect(moves.first()).toContainText(/Direction: (In|Out|Not stated)/);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // Every button and link of the cards a thumb hits, the account's among the move's facts too.
  expect(await smallTargets(page)).toEqual([]);
  // The pager's pages are targets a thumb hits, 44 px and more, and stay on the screen.
  const pages = page.getByRole('button', { name: /^(Page \d+|Previous page|Next page)/ });
  await expect(pages.first()).toBeVisible();
  for (const box of await pages.evaluateAll((buttons) =>
    buttons.map((button) => button.getBoundingClientRect().toJSON() as DOMRect),
  )) {
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.right).toBeLessThanOrEqual(375);
  }
  await moves
    .first()
    .getByRole('button', { name: /^Open fund move / })
    .click();
  await expect(page.getByRole('dialog')).toContainText('Bank account number');
});
