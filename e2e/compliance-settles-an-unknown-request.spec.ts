import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  linkedAccountIds,
  signIn,
  transitionsSettled,
} from './helpers';
import { disbursementReachesPlatform, injectFault, removeFault } from './investor-helpers';

test('a reviewer settling a lost disbursement by hand is held to the rules: a platform id for "created", and no "never arrived" while it may be in flight', async ({
  page,
}) => {
  // The second investor's account: the other journeys of this run use the first investor's.
  await signIn(page, 'investor2@demo.test');
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
  await signIn(page, 'compliance@demo.test');
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
  await expect(note).toContainText(`platform id ${move}`);
  await note.getByRole('button', { name: `Show the requests of account ${accountId}` }).click();
  await expect(page.getByRole('table', { name: 'Money requests' })).toContainText(reference);
  // Read, the note is put away, and the focus goes to the register's count beneath it.
  await note.getByRole('button', { name: 'Dismiss this note' }).click();
  await expect(note).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^\d+ requests?$/ })).toBeFocused();
});
