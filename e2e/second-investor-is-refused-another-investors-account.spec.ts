import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { manifest, upstreamCalls } from './investor-helpers';

test("a second investor typing the first investor's account addresses is refused and creates nothing", async ({
  page,
}) => {
  await signIn(page, 'investor2@demo.test');
  const [first] = (await manifest(page)).investors;
  const accountId = first.accountIds[0];
  const before = {
    disbursements: await upstreamCalls(page, 'createCustodyFundDisbursement'),
    supplements: await upstreamCalls(page, 'addCustodyAccountSupplement'),
  };

  for (const path of ['', '/fund-moves', '/fund-moves/CFM1', '/disbursements/new', '/ira']) {
    await page.goto(`/accounts/${accountId}${path}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'No access to this account' }),
    ).toBeVisible();
    await expect(page.getByText('You do not have access to this account.')).toBeVisible();
  }
  // No form of someone else's account is offered.
  await expect(page.getByLabel('Amount (USD)')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to my accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My accounts' })).toBeVisible();

  // Even a hand-made request with a valid body is refused and reaches nothing upstream.
  const response = await page.request.post(`/api/accounts/${accountId}/disbursements`, {
    headers: {
      'X-CSRF': '1',
      'Idempotency-Key': 'e2e-refused-0000000001',
      Origin: new URL(page.url()).origin,
    },
    data: { type: 'ach', amount: '10' },
  });
  expect(response.status()).toBe(403);
  expect(await upstreamCalls(page, 'createCustodyFundDisbursement')).toBe(before.disbursements);
  expect(await upstreamCalls(page, 'addCustodyAccountSupplement')).toBe(before.supplements);
});
