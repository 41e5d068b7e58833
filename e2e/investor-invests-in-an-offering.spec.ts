import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  signedInAs,
  smallTargets,
  transitionsSettled,
} from './helpers';
import {
  expectFocusBelowAppBar,
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
  await signedInAs(page, 'investor@demo.test');
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
  await signedInAs(page, 'investor@demo.test');
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
  await signedInAs(page, 'investor@demo.test');
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

/*
 * A phone held in the hand (375 × 740, touch): the form is on the first screen, above the
 * checks passed, which fold; its fields open the number pad; every button and standalone link
 * takes a thumb (44 px); the receipt opens at its top, with the trade id in view.
 */
test('on a phone, the invest form is on the first screen and its receipt opens at its top', async ({
  browser,
}, testInfo) => {
  const phone = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await phone.newPage();
  try {
    await signedInAs(page, 'investor@demo.test');
    const offering = await investableOffering(page);
    await page.goto(`/offerings/${offering.id}/invest`);
    const account = page.getByLabel('Invest from account');
    await expect(account).toBeInViewport();
    await expect(page.getByRole('button', { name: /^Show the \d+ checks passed$/ })).toHaveCount(
      await page.getByRole('region', { name: /^Checks for / }).count(),
    );
    await expectNoHorizontalScroll(page);
    expect(await smallTargets(page)).toEqual([]);
    await expect(page.getByLabel('Units')).toHaveAttribute('inputmode', 'numeric');

    await account.selectOption({ index: 1 });
    // Units no other journey invests from this account (a repeat is held at Review).
    const count = Math.ceil(Number(offering.minAmount) / Number(offering.unitPrice)) + 7;
    await page.getByLabel('Units').fill(String(count));
    await page.getByRole('button', { name: 'Review investment' }).tap();
    const confirm = page.getByRole('button', { name: 'Confirm investment' });
    await expect(confirm).toBeEnabled();
    // Read on past the button, down the checks under the review: the button is then at the
    // screen's top, and the receipt that replaces the review starts above the screen.
    await confirm.evaluate((button) => button.scrollIntoView({ block: 'start' }));
    await confirm.tap();

    // The receipt is taller than the screen: it opens at its title, below the app bar.
    const receipt = page.getByRole('status').filter({ hasText: 'Investment submitted' });
    await expect(receipt).toBeFocused();
    await expect(page.getByText('Investment submitted')).toBeInViewport();
    await expect(receipt.getByText('Trade ID')).toBeInViewport();
    await expectFocusBelowAppBar(page);
    await expectNoHorizontalScroll(page);
    expect(await smallTargets(page)).toEqual([]);

    // My investments: each offering's totals link to its trades, each trade to its offering.
    await receipt.getByRole('link', { name: 'My investments' }).tap();
    await expect(page.getByRole('link', { name: /: its trades$/ }).first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    expect(await smallTargets(page)).toEqual([]);
  } finally {
    await phone.close();
  }
});

test('when the connection drops while investing, the investor is told the outcome is unknown and nothing is sent twice', async ({
  page,
}) => {
  // The reviewer may settle the lost request only once it cannot still be in flight.
  test.setTimeout(120_000);
  await signedInAs(page, 'investor@demo.test');
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
