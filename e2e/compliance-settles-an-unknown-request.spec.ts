import { readFileSync } from 'node:fs';
import { devices, expect, test, type Download } from '@playwright/test';
import {
  expectDialogFitsTheScreen,
  expectNoSeriousA11yViolations,
  linkedAccountIds,
  PHONE_IN_HAND,
  signedInAs,
  transitionsSettled,
} from './helpers';
import { disbursementReachesPlatform, injectFault, removeFault } from './investor-helpers';

// The reviewer's journeys over the second investor's account. They run one after the other in
// this file: one makes that account's next disbursement be lost on purpose, which a journey
// running beside it would take as its own.

test('a reviewer settling a lost disbursement by hand is held to the rules: a platform id for "created", and no "never arrived" while it may be in flight', async ({
  page,
}) => {
  // The second investor's account: the other journeys of this run use the first investor's.
  await signedInAs(page, 'investor2@demo.test');
  const [accountId] = await linkedAccountIds(page.request);
  const fault = await injectFault(page, {
    operation: 'createCustodyFundDisbursement',
    drop: true,
    times: 1,
    when: { accountId },
  });
  let reference: string;
  try {
    await page.goto(`/accounts/${accountId}/disbursements/new`);
    await page.getByLabel('Amount (USD)').fill('12.40');
    await page.getByRole('button', { name: 'Review request' }).click();
    const review = page.getByRole('dialog', { name: 'Review your disbursement request' });
    await review.getByRole('button', { name: 'Send request' }).click();
    await expect(review.getByText('We do not know whether this was submitted')).toBeVisible();
    const quoted = await review.getByText(/Our reference: MR-[0-9A-Z]{10}/).textContent();
    reference = /MR-[0-9A-Z]{10}/.exec(quoted ?? '')![0];
  } finally {
    await removeFault(page, fault);
  }
  // The reviewer at another desk: a browser of their own.
  await page.context().clearCookies();

  // The reviewer finds it among the unknown outcomes and records what the platform shows.
  await signedInAs(page, 'compliance@demo.test');
  await page.goto(`/compliance/money-requests?outcome=unknown&accountId=${accountId}`);
  await page.getByRole('button', { name: `Settle by hand: ${reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Settle ${reference} by hand` });
  await dialog.getByLabel('The platform holds it (give its id)').check();
  await dialog.getByLabel(/What you checked/).fill('Fund moves of the account hold it');
  await dialog.getByRole('button', { name: 'Settle' }).click();
  // The rule is named at its field, and nothing was sent.
  await expect(
    dialog.getByText('Platform id is required when the platform holds the request'),
  ).toBeVisible();
  await transitionsSettled(page);
  await expectNoSeriousA11yViolations(page, 'settle by hand, with a field error');
  // On a phone the dialog, grown by the field and its error, still shows its title and Settle.
  await page.setViewportSize(PHONE_IN_HAND);
  await expectDialogFitsTheScreen(page, dialog, `Settle ${reference} by hand`, 'Settle');
  await page.setViewportSize(devices['Desktop Chrome'].viewport);
  // The drop came before the platform saw the request: it never arrived.
  await dialog.getByLabel('It never reached the platform').check();
  await dialog
    .getByLabel(/What you checked/)
    .fill('No fund move of this amount or reference at the platform');
  await dialog.getByRole('button', { name: 'Settle' }).click();
  // Still in flight for the platform's timeout and the claim lease: refused, with why.
  await expect(dialog.getByText(/may still be on its way to the platform/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('table', { name: 'Money requests' })).toContainText(reference);
  await expect(page.getByRole('table', { name: 'Money requests' })).toContainText(
    'Outcome unknown',
  );

  // It reached the platform after all, which now lists the fund move that took the money out.
  const move = await disbursementReachesPlatform(page, { accountId, amount: '12.40', reference });
  // A slip of the keyboard is caught at its field: the platform holds no such fund move (§4.4).
  await page.getByRole('button', { name: `Settle by hand: ${reference}` }).click();
  await dialog.getByLabel('The platform holds it (give its id)').check();
  await dialog.getByLabel(/Platform id/).fill('CFM99999999');
  await dialog.getByLabel(/What you checked/).fill('The platform lists this request as received');
  await dialog.getByRole('button', { name: 'Settle' }).click();
  await expect(dialog.getByLabel(/Platform id/)).toHaveAccessibleDescription(
    `The platform has no fund move CFM99999999 of account ${accountId}. Check the reference of the fund move that took this disbursement out.`,
  );
  // With its real reference it is settled. Once settled it leaves the "unknown" filter, so the
  // note above the register says what became of it, takes the focus from the closed dialog, and
  // leads to the account's requests, where it is listed.
  await dialog.getByLabel(/Platform id/).fill(move);
  await dialog.getByRole('button', { name: 'Settle' }).click();
  const note = page.getByRole('status').filter({ hasText: `${reference} settled by hand` });
  await expect(note).toBeFocused();
  await expect(note).toContainText(`fund move ${move}`);
  await note.getByRole('button', { name: `Show the requests of account ${accountId}` }).click();
  await expect(page.getByRole('table', { name: 'Money requests' })).toContainText(reference);
  // Read, the note is put away, and the focus goes to the register's count beneath it.
  await note.getByRole('button', { name: 'Dismiss this note' }).click();
  await expect(note).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^\d+ requests?$/ })).toBeFocused();
});

/** The rows of a downloaded CSV, its header first (a leading byte-order mark dropped). */
async function rowsOf(download: Download): Promise<string[]> {
  const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  return text.trimEnd().split('\r\n');
}

test("a reviewer exports the register and follows one request's life through the audit log", async ({
  page,
}) => {
  // A request of the second investor: the other journeys of this run use the first investor's.
  await signedInAs(page, 'investor2@demo.test');
  const [accountId] = await linkedAccountIds(page.request);
  // The journey that settles a lost disbursement by hand uses this account too: while its request
  // stands unsettled, a new disbursement here would be held until confirmed as an additional one.
  // Wait until it is settled, as the investor would be told to.
  test.setTimeout(150_000);
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/api/accounts/${accountId}/money-requests?unsettled=true`, {
              headers: { 'X-CSRF': '1' },
            })
          ).json()) as { total: number }
        ).total,
      { timeout: 90_000 },
    )
    .toBe(0);
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

  await signedInAs(page, 'compliance@demo.test');
  await page.goto(`/compliance/money-requests?accountId=${accountId}`);
  const register = page.getByRole('table', { name: 'Money requests' });
  await expect(register).toContainText(reference);

  // The export is fetched with the CSRF header: the file holds the account's requests.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^money-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = await rowsOf(file);
  expect(rows[0]).toMatch(/^reference,created_at_utc,user,account,kind,amount_usd,/);
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
