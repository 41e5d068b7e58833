import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, transitionsSettled } from './helpers';
import {
  expectNoHorizontalScroll,
  injectFault,
  investableOffering,
  removeFault,
  settleAsNeverArrived,
  upstreamCalls,
} from './investor-helpers';

test('an investor invests in an offering: bounds explained, reviewed, one trade created', async ({
  page,
}) => {
  await signIn(page, 'investor@demo.test');
  const offering = await investableOffering(page);
  await page.goto(`/offerings/${offering.id}`);
  await page.getByRole('link', { name: 'Invest in this offering' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Invest in ${offering.name}` }),
  ).toBeVisible();

  await page.getByLabel('Invest from account').selectOption({ index: 1 });
  const accountId = await page.getByLabel('Invest from account').inputValue();
  const units = page.getByLabel('Units');
  await units.fill('1');
  await units.blur();
  await expect(page.getByText(/below this offering's minimum investment/)).toBeVisible();
  await units.fill('2.5');
  await expect(page.getByText('Units must be a whole number, such as 10')).toBeVisible();

  const count = Math.ceil(Number(offering.minAmount) / Number(offering.unitPrice)) + 1;
  await units.fill(String(count));
  await expect(page.getByTestId('invest-amount')).toContainText('Amount: $');
  await expectNoSeriousA11yViolations(page, 'invest form');

  const before = await upstreamCalls(page, 'createTrade', accountId);
  await page.getByRole('button', { name: 'Review investment' }).click();
  await expect(page.getByRole('heading', { name: 'Review your investment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm investment' })).toBeEnabled();
  await transitionsSettled(page);
  await expectNoSeriousA11yViolations(page, 'invest review');
  await page.getByRole('button', { name: 'Confirm investment' }).dblclick();

  await expect(page.getByText('Investment submitted')).toBeVisible();
  await expect(page.getByText('Trade ID')).toBeVisible();
  expect(await upstreamCalls(page, 'createTrade', accountId)).toBe(before + 1);

  await page.getByRole('link', { name: 'Back to the offering' }).click();
  const remaining = Number(offering.remainingShares) - count;
  await expect(
    page.getByText(new Intl.NumberFormat('en-US').format(remaining), { exact: true }),
  ).toBeVisible();
});

test('a closed offering explains why it takes no investment', async ({ page }) => {
  await signIn(page, 'investor@demo.test');
  const response = await page.request.get('/api/offerings?status=closed', {
    headers: { 'X-CSRF': '1' },
  });
  const { offerings } = (await response.json()) as { offerings: { id: string }[] };
  await page.goto(`/offerings/${offerings[0].id}`);
  await expect(page.getByText('This offering is closed to new investments.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invest in this offering' })).toHaveCount(0);
});

test('a double click on "Review investment" shows the review, and it stays', async ({ page }) => {
  // Edit lies where Review was: the browser gives the second click to it, counted as the second
  // of a double click (event.detail 2), which only a real browser tells.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'investor@demo.test');
  const offering = await investableOffering(page);
  await page.goto(`/offerings/${offering.id}/invest`);
  await page.getByLabel('Invest from account').selectOption({ index: 1 });
  // Units no other journey invests, so the review is not preceded by "the same investment
  // moments ago" (the forms warn of a repeat at Review).
  const count = Math.ceil(Number(offering.minAmount) / Number(offering.unitPrice)) + 5;
  await page.getByLabel('Units').fill(String(count));
  await page.getByRole('button', { name: 'Review investment' }).dblclick();
  await expect(page.getByRole('heading', { name: 'Review your investment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm investment' })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Review your investment' })).toBeVisible();
});

test('on a phone, the invest form fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'investor@demo.test');
  const offering = await investableOffering(page);
  await page.goto(`/offerings/${offering.id}/invest`);
  await expect(page.getByLabel('Units')).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('when the connection drops while investing, the investor is told the outcome is unknown and nothing is sent twice', async ({
  page,
}) => {
  // The reviewer may settle the lost request only once it cannot still be in flight.
  test.setTimeout(120_000);
  await signIn(page, 'investor@demo.test');
  const offering = await investableOffering(page);
  await page.goto(`/offerings/${offering.id}/invest`);
  await page.getByLabel('Invest from account').selectOption({ index: 1 });
  const accountId = await page.getByLabel('Invest from account').inputValue();
  // Other units than the first journey's from the same account: the same investment made moments
  // ago would be held at Confirm as a probable second tab (SAME_REQUEST_WINDOW_MINUTES).
  const count = Math.ceil(Number(offering.minAmount) / Number(offering.unitPrice)) + 3;
  await page.getByLabel('Units').fill(String(count));
  await page.getByRole('button', { name: 'Review investment' }).click();
  await expect(page.getByRole('button', { name: 'Confirm investment' })).toBeEnabled();

  const before = await upstreamCalls(page, 'createTrade', accountId);
  const fault = await injectFault(page, {
    operation: 'createTrade',
    drop: true,
    times: 1,
    when: { accountId },
  });
  try {
    await page.getByRole('button', { name: 'Confirm investment' }).click();
    await expect(page.getByText('We do not know whether this was submitted')).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'requests and timeline of this account' }),
    ).toBeVisible();
    // No blind retry is offered, and the upstream received the create exactly once.
    await expect(page.getByRole('button', { name: /Confirm investment|Try again/ })).toHaveCount(0);
    expect(await upstreamCalls(page, 'createTrade', accountId)).toBe(before + 1);
  } finally {
    await removeFault(page, fault);
  }
  const quoted = await page.getByText(/Our reference: MR-[0-9A-Z]{10}/).textContent();
  const reference = /MR-[0-9A-Z]{10}/.exec(quoted ?? '')![0];
  // No way back into an edit: "Close", and the form names the standing request.
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close' }).click();
  const notice = page.getByRole('region', {
    name: 'An earlier investment of this account in this offering may have gone through',
  });
  await expect(notice).toContainText(`${reference} (made `);
  await expectNoHorizontalScroll(page);
  // Another one is not sent without the explicit confirmation.
  await page.getByLabel('Units').fill(String(count + 1));
  await page.getByRole('button', { name: 'Review investment' }).click();
  const box = notice.getByRole('checkbox', {
    name: `Send this as an additional investment: ${reference} may have gone through`,
  });
  await expect(box).toBeFocused();
  await expect(page.getByRole('button', { name: 'Confirm investment' })).toHaveCount(0);
  expect(await upstreamCalls(page, 'createTrade', accountId)).toBe(before + 1);
  await settleAsNeverArrived(page, reference);
});
