import { expect, test, type Page } from '@playwright/test';
import { isolate } from '../src/contract/bidi';
import { expectNoSeriousA11yViolations, linkedAccountIds, signedInAs } from './helpers';
import { expectNoHorizontalScroll, investableOffering, setBankLinking } from './investor-helpers';

// One journey over one account's money; it runs alone so its amounts are its own.
test.describe.configure({ mode: 'serial' });

async function requestDisbursement(
  page: Page,
  accountId: string,
  fill: (page: Page) => Promise<void>,
) {
  await page.goto(`/accounts/${accountId}/disbursements/new`);
  await fill(page);
  await page.getByRole('button', { name: 'Review request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review your disbursement request' });
  await expect(dialog.getByRole('button', { name: 'Send request' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Disbursement requested')).toBeVisible();
}

test('an investor links a bank, deposits, invests, disburses by ACH and wire, and finds each on the timeline and in the holdings', async ({
  page,
}) => {
  // One journey across a dozen pages and five money requests, each checked where it lands.
  test.setTimeout(180_000);
  await signedInAs(page, 'investor@demo.test');
  // The Roth IRA account starts without a linked bank (docs/sandbox.md, seed data).
  const accountId = (await linkedAccountIds(page.request))[1];

  // 1. Link a bank: ACH needs one; the numbers are masked once linked.
  await page.goto(`/accounts/${accountId}/money`);
  await expect(page.getByRole('heading', { level: 1, name: 'Money and timeline' })).toBeVisible();
  const bank = page.getByRole('region', { name: 'Bank account for ACH' });
  await expect(bank.getByText(/No bank account is linked/)).toBeVisible();
  // As on the real platform, the bank is linked on a page of its own (real-world notes §4.1).
  await setBankLinking(page, 'hosted', accountId);
  await bank.getByRole('button', { name: 'Link a bank account' }).click();
  const openPage = bank.getByRole('link', { name: 'Open the bank-linking page (new tab)' });
  await expect(openPage).toBeFocused();
  // A reload keeps the link pending, with when it started: not offered again as if nothing happened.
  await page.reload();
  await expect(bank.getByText('Linking is pending')).toBeVisible();
  await expect(bank.getByText(/Started .*\d{4}/)).toBeVisible();
  await expect(bank.getByRole('button', { name: 'Link a bank account' })).toHaveCount(0);
  // Checked before anything was chosen on the platform's page: told so, the focus on the answer.
  await bank.getByRole('button', { name: 'I have finished: check now' }).click();
  const notYet = bank
    .getByRole('alert')
    .filter({ hasText: 'The platform has not linked a bank yet' });
  await expect(notYet).toBeVisible();
  await expect(notYet).toBeFocused();
  // Finished on the platform's page (its button posts the form), then checked from here.
  const pageUrl = await openPage.getAttribute('href');
  expect((await page.request.post(pageUrl!)).ok()).toBe(true);
  await bank.getByRole('button', { name: 'I have finished: check now' }).click();
  await expect(bank.getByText(/^Linked: .+ ••••\d{4}$/)).toBeVisible();
  await expect(bank.getByText(/^••••\d{4}$/).first()).toBeVisible();
  await setBankLinking(page, 'instant', accountId);

  // 2. Deposit into the custody account.
  const deposit = page.getByRole('region', { name: 'Deposit into the custody account' });
  await deposit.getByLabel('Deposit amount (USD)').fill('250.75');
  await deposit.getByRole('button', { name: 'Review deposit' }).click();
  // Amount and source bank are confirmed before anything is sent.
  const depositReview = page.getByRole('dialog', { name: 'Review your deposit' });
  await expect(depositReview.getByText('$250.75')).toBeVisible();
  await expect(depositReview.getByText(/••••\d{4}/)).toBeVisible();
  await expect(depositReview.getByRole('button', { name: 'Request deposit' })).toBeEnabled();
  await depositReview.getByRole('button', { name: 'Request deposit' }).click();
  await expect(deposit.getByText('Deposit requested')).toBeVisible();
  await expect(deposit.getByText('$250.75')).toBeVisible();
  // Our reference, as the requests list and the timeline name the deposit.
  await expect(deposit.getByText(/^MR-[0-9A-Z]{10}$/)).toBeVisible();

  // 3. Invest from the same account: the checklist says it may, then the form.
  const offering = await investableOffering(page);
  await page.goto(`/offerings/${offering.id}/invest`);
  const checks = page.getByRole('region', { name: 'Before you invest' });
  await expect(checks.getByText(new RegExp(`\\(${accountId}\\): can invest`))).toBeVisible();
  await page.getByLabel('Invest from account').selectOption(accountId);
  const units = Math.ceil(Number(offering.minAmount) / Number(offering.unitPrice)) + 1;
  await page.getByLabel('Units').fill(String(units));
  await page.getByRole('button', { name: 'Review investment' }).click();
  await expect(page.getByRole('button', { name: 'Confirm investment' })).toBeEnabled();
  await page.getByRole('button', { name: 'Confirm investment' }).click();
  await expect(page.getByText('Investment submitted')).toBeVisible();
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    units * Number(offering.unitPrice),
  );
  const receiptLink = page.getByRole('link', { name: "See it on the account's timeline" });
  await expect(receiptLink).toBeVisible();

  // 4. An ACH disbursement and a domestic wire.
  await requestDisbursement(page, accountId, async (p) => {
    await p.getByLabel('Amount (USD)').fill('40.10');
  });
  await requestDisbursement(page, accountId, async (p) => {
    await p.getByLabel('Domestic wire (U.S. bank)').check();
    await p.getByLabel('Amount (USD)').fill('1200');
    await p.getByLabel('Routing number').fill('021000021');
    await p.getByLabel('Account number').fill('123456789');
  });

  // 5. Every one on the account's timeline, with its amount.
  await page.getByRole('link', { name: "See it on the account's timeline" }).click();
  const timeline = page.getByRole('list', { name: 'Account timeline' });
  await expect(
    timeline.getByRole('listitem').filter({ hasText: 'Deposit' }).filter({ hasText: '$250.75' }),
  ).toHaveCount(1);
  await expect(
    timeline
      .getByRole('listitem')
      .filter({ hasText: `Investment in ${isolate(offering.name)}` })
      .filter({ hasText: amount }),
  ).not.toHaveCount(0);
  await expect(
    timeline
      .getByRole('listitem')
      .filter({ hasText: 'ACH disbursement to your linked bank' })
      .filter({ hasText: '$40.10' }),
  ).toHaveCount(1);
  // The money a disbursement takes out is one entry with its fund move, never also a deposit.
  await expect(timeline.getByRole('listitem').filter({ hasText: '$40.10' })).toHaveCount(1);
  await expect(timeline.getByRole('listitem').filter({ hasText: '$1,200.00' })).toHaveCount(1);
  await expect(
    timeline
      .getByRole('listitem')
      .filter({ hasText: 'Domestic wire disbursement' })
      .filter({ hasText: '$1,200.00' }),
  ).toHaveCount(1);
  await expect(
    page
      .getByText(/Next: Approval decision at the next daily batch, 4:00 PM Mountain Time/)
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'account money and timeline');

  // The deposit opens the fund move it became, which leads back to the request by our reference.
  await timeline
    .getByRole('listitem')
    .filter({ hasText: 'Deposit' })
    .filter({ hasText: '$250.75' })
    .getByRole('link', { name: /^Fund move details of / })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Fund move CFM/ })).toBeVisible();
  await expect(page.getByText('$250.75')).toBeVisible();
  await page.getByRole('link', { name: 'the request on the account’s money page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Money and timeline' })).toBeVisible();

  // 6. The investment is in the holdings with its amount.
  await page.goto('/holdings');
  const trades = page.getByRole('grid', { name: 'Trades' });
  await expect(
    trades.getByRole('row').filter({ hasText: offering.name }).filter({ hasText: amount }).first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'my investments');

  // 7. A second investor sees none of it: every route of this account answers 403.
  await page.context().clearCookies();
  await signedInAs(page, 'investor2@demo.test');
  for (const path of [
    `/api/accounts/${accountId}/timeline`,
    `/api/accounts/${accountId}/money-requests`,
    `/api/accounts/${accountId}/linked-bank`,
    `/api/holdings?accountId=${accountId}`,
  ]) {
    const response = await page.request.get(path, { headers: { 'X-CSRF': '1' } });
    expect(response.status(), path).toBe(403);
  }
  await page.goto('/holdings');
  await expect(page.getByRole('heading', { level: 1, name: 'My investments' })).toBeVisible();
  await expect(page.getByText(accountId)).toHaveCount(0);
});

test('an investor none of whose accounts can invest is told why, account by account, and offered no form', async ({
  page,
}) => {
  await signedInAs(page, 'investor2@demo.test');
  const [accountId] = await linkedAccountIds(page.request);
  const offering = await investableOffering(page);
  await page.goto(`/offerings/${offering.id}/invest`);
  const none = page.getByRole('region', { name: 'No account can invest yet' });
  await expect(
    none.getByRole('heading', { level: 3, name: new RegExp(`\\(${accountId}\\)$`) }),
  ).toBeVisible();
  await expect(none.getByText(/Anti-money-laundering \(AML\):/).first()).toBeVisible();
  await expect(none.getByText(/Not approved: this account cannot invest/).first()).toBeVisible();
  await expect(
    none.getByRole('link', {
      name: new RegExp(`See the reviews and details of .*\\(${accountId}\\)`),
    }),
  ).toHaveAttribute('href', `/accounts/${accountId}`);
  await expect(page.getByLabel('Invest from account')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Review investment' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'invest preflight');
  // On a phone too, the reasons and links fit the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(none).toBeVisible();
  await expectNoHorizontalScroll(page);
});
