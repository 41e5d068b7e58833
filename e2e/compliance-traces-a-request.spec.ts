import { readFileSync } from 'node:fs';
import { expect, test, type Download } from '@playwright/test';
import { expectNoSeriousA11yViolations, linkedAccountIds, signIn } from './helpers';

/** The rows of a downloaded CSV, its header first (a leading byte-order mark dropped). */
async function rowsOf(download: Download): Promise<string[]> {
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  return text.trimEnd().split('\r\n');
}

test("a reviewer exports the register and follows one request's life through the audit log", async ({
  page,
}) => {
  // A request of the second investor: the other journeys of this run use the first investor's.
  await signIn(page, 'investor2@demo.test');
  const [accountId] = await linkedAccountIds(page.request);
  await page.goto(`/accounts/${accountId}/disbursements/new`);
  await page.getByLabel('Amount (USD)').fill('7.15');
  await page.getByRole('button', { name: 'Review request' }).click();
  const review = page.getByRole('dialog', { name: 'Review your disbursement request' });
  await review.getByRole('button', { name: 'Send request' }).click();
  const quoted = await page
    .getByText(/MR-[0-9A-Z]{10}/)
    .first()
    .textContent();
  const reference = /MR-[0-9A-Z]{10}/.exec(quoted ?? '')![0];
  await page.context().clearCookies();

  await signIn(page, 'compliance@demo.test');
  await page.goto(`/compliance/money-requests?accountId=${accountId}`);
  const register = page.getByRole('table', { name: 'Money requests' });
  await expect(register).toContainText(reference);

  // The export is fetched with the CSRF header: the file holds the account's requests.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^money-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = await rowsOf(file);
  expect(rows[0]).toMatch(/^reference,created_at,user,account,kind,amount,/);
  const row = rows.find((line) => line.startsWith(`${reference},`));
  expect(row).toContain(`,investor2@demo.test,${accountId},disbursement,7.15,`);
  expect(rows.slice(1).every((line) => line.split(',')[3] === accountId)).toBe(true);

  // From the register row to its events in the audit log.
  await page.getByRole('link', { name: `Audit events of ${reference}` }).click();
  await expect(page).toHaveURL(new RegExp(`/audit\\?object=${reference}$`));
  await expect(page.getByLabel('Object')).toHaveValue(reference);
  const events = page.getByRole('grid', { name: 'Audit events' });
  await expect(events).toContainText('Disbursement requested');
  const objects = events.locator('[role="gridcell"][data-field="objectType"]');
  for (const cell of await objects.allTextContents()) expect(cell).toContain(reference);
  await expectNoSeriousA11yViolations(page, 'audit log of one request');

  // A user typed and not applied, then Export at once: the page and the file hold the same.
  await page.getByLabel('User email').fill('compliance@');
  const narrowed = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const auditRows = await rowsOf(await narrowed);
  await expect(page).toHaveURL(/user=compliance%40/);
  await expect(page.getByText('No events match')).toBeVisible();
  // The request's events are the investor's: none is the reviewer's, so the file holds none.
  expect(auditRows).toHaveLength(1);
  expect(auditRows[0]).toMatch(/^id,at,user,role,action,/);

  // Back from the log to the register, narrowed to the one request.
  await page.getByLabel('User email').fill('');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await events
    .getByRole('link', { name: `${reference} in the register` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`reference=${reference}`));
  await expect(page.getByLabel('Reference')).toHaveValue(reference);
  await expect(register.getByRole('row')).toHaveCount(2);
  await expect(register).toContainText(reference);
});
