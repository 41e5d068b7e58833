import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signedInAs } from './helpers';
import { openBook } from './pages';

test('an investor reads the order book without member, account or IP columns', async ({ page }) => {
  await signedInAs(page, 'investor@demo.test', '/offerings');
  await page.getByRole('link', { name: 'Order book' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order book' })).toBeVisible();

  const orders = await openBook(page);
  // Each security's name is read whole: a long one wraps, none ends in an ellipsis, which a
  // keyboard user could not hover to read.
  const cut = await orders
    .locator('[role="gridcell"][data-field="securityId"]')
    .evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
    );
  expect(cut).toEqual([]);
  const rowCount = Number(await orders.getAttribute('aria-rowcount'));
  expect(rowCount).toBeGreaterThan(10_000);
  const headers = await orders.getByRole('columnheader').allTextContents();
  expect(headers).toEqual(
    expect.arrayContaining([
      'Side',
      'Shares',
      'Remaining',
      'Price',
      'Total',
      'Status',
      'Created',
      'Updated',
    ]),
  );
  expect(headers.join(' ')).not.toMatch(/Member|Account|IP/);
  // Its five columns fit at this width: the table, named by its caption, is no scrolling frame.
  const bestPrices = page.getByRole('table', {
    name: 'Best bid, best offer and spread per security',
  });
  await expect(bestPrices).toBeVisible();
  await expect(page.getByRole('region', { name: /Best prices by security/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Depth of / })).toBeVisible();
  await expect(
    page.getByRole('grid', { name: 'Executions' }).getByRole('row').nth(1),
  ).toBeVisible();

  // Windowed: pages of 100 orders, of which a few dozen rows are in the DOM; the keyboard
  // reaches the end of the page, and the footer pages on.
  expect(await orders.locator('[data-rowindex]').count()).toBeLessThan(60);
  // A cell without a link (the first is the order link).
  await orders.getByRole('gridcell').nth(1).click();
  await page.keyboard.press('Control+End');
  await expect(orders.locator('[data-rowindex="99"]')).toBeVisible();
  // The footer under the grid, in the section of the orders.
  const section = page.getByRole('region', { name: 'Orders' });
  await section.getByRole('button', { name: 'Go to next page' }).click();
  await expect(section.getByText(/^101–200 of 10,0\d\d$/)).toBeVisible();

  await page.getByLabel('Side').click();
  await page.getByRole('option', { name: 'Offers' }).click();
  await expect(page).toHaveURL(/side=offer/);
  await expect(orders.getByRole('row').nth(1)).toContainText('Offer');

  await expectNoSeriousA11yViolations(page, 'order book');

  await orders.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order \d+/ })).toBeVisible();
  await expect(page.getByText('Remaining shares')).toBeVisible();
  await expect(page.getByText('Created from IP')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'order detail');
});

/** Presses Tab until `target` has the focus; how many presses that took (Infinity past `max`). */
async function tabsTo(page: Page, target: Locator, max = 10): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return presses;
  }
  return Infinity;
}

test('a person goes through the orders from the keyboard and comes back to the same sorted page', async ({
  page,
}) => {
  await signedInAs(page, 'investor@demo.test');
  const orders = await openBook(page);
  const section = page.getByRole('region', { name: 'Orders' });

  // Sorted by price from its header with the keyboard, then the next page: both in the address.
  const price = orders.getByRole('columnheader', { name: 'Price' });
  await price.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]sort=pricePerShare\.asc/);
  // The grid shows the rows sorted before the person pages on, as one would wait to see them.
  await expect(price).toHaveAttribute('aria-sort', 'ascending');
  // The grid is one Tab stop: its row links do not stand between it and its pager.
  const next = section.getByRole('button', { name: 'Go to next page' });
  expect(await tabsTo(page, next)).toBeLessThanOrEqual(3);
  await page.keyboard.press('Enter');
  // The page renders again around a grid of 10,000 sorted rows, in a transition that yields to
  // other work: 0.3–0.5 s on an idle 2-core machine (bench/order-book.ts), over 10 s when its
  // cores were lent to two other busy processes besides the other workers. How long is the
  // benchmark's to say; the journey asks that the next page comes.
  await expect(section.getByText(/^101–200 of 10,0\d\d$/)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/[?&]page=2/);

  // Into the grid (its first row's Security cell), then to the row's order link with the arrows;
  // Enter opens the order.
  const firstRow = orders.locator('[role="row"][data-rowindex]').first();
  const orderId = (await firstRow.locator('[data-field="id"]').textContent())!.trim();
  const security = firstRow.locator('[data-field="securityId"]');
  await security.click();
  // The focused cell wears the theme's 3 px focus ring, as every other control does.
  expect(await security.evaluate((cell) => getComputedStyle(cell).outlineWidth)).toBe('3px');
  await page.keyboard.press('ArrowLeft');
  await expect(firstRow.getByRole('link', { name: orderId })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();

  // Back: the same sorted page.
  await page.goBack();
  await expect(section.getByText(/^101–200 of 10,0\d\d$/)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/[?&]sort=pricePerShare\.asc/);
  await expect(orders.locator('[role="row"][data-rowindex]').first()).toContainText(orderId);
  await expect(orders.getByRole('columnheader', { name: 'Price' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
});

test('a market holiday is a day without orders, naming the holiday, like a weekend', async ({
  page,
}) => {
  await signedInAs(page, 'investor@demo.test');
  await page.goto('/order-book?date=2026-11-26');
  await expect(page.getByRole('heading', { name: 'No orders on November 26, 2026' })).toBeVisible();
  // Exactly: the page's (visually hidden) status says the sentence too, after the day's title.
  await expect(
    page.getByText('Thanksgiving Day is a market holiday: the market takes no orders.', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show November 25, 2026' }).click();
  await expect(page).toHaveURL(/date=2026-11-25/);
  await expect(page.getByRole('grid', { name: 'Orders' }).getByRole('row').nth(1)).toBeVisible({
    timeout: 30_000,
  });
});

test('a weekend offers the previous trading day', async ({ page }) => {
  await signedInAs(page, 'investor@demo.test');
  await page.goto('/order-book?date=2026-03-14');
  await expect(page.getByRole('heading', { name: /No orders on/ })).toBeVisible();
  await page.getByRole('button', { name: /Show .*March 13, 2026/ }).click();
  await expect(page).toHaveURL(/date=2026-03-13/);
  await expect(page.getByRole('grid', { name: 'Orders' }).getByRole('row').nth(1)).toBeVisible({
    timeout: 30_000,
  });
});

test('a person types a trading day from the keyboard, and only that day is asked for', async ({
  page,
}) => {
  await signedInAs(page, 'investor@demo.test');
  const asked: string[] = [];
  page.on('request', (request) => {
    const day = /\/api\/order-book\/([^/?]+)/.exec(request.url())?.[1];
    if (day) asked.push(day);
  });
  await page.goto('/order-book?date=2026-03-14');
  await expect(page.getByRole('heading', { name: 'No orders on March 14, 2026' })).toBeVisible();

  // The browser's own date field, typed into segment by segment from its month.
  const day = page.getByLabel('Trading day (US Eastern)');
  await day.focus();
  await page.keyboard.type('11222026');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/date=2026-11-22/);
  await expect(day).toHaveValue('2026-11-22');
  await expect(page.getByRole('heading', { name: 'No orders on November 22, 2026' })).toBeVisible();

  // A year before 2000 is named and refused, and asks for nothing.
  await day.blur();
  await day.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('1999');
  await page.keyboard.press('Enter');
  await expect(day).toHaveAccessibleDescription('Trading day must be on or after 2000-01-01');
  await expect(page).toHaveURL(/date=2026-11-22/);
  expect(asked.filter((date) => date !== '2026-03-14')).toEqual(['2026-11-22']);
});

test('compliance sees every field of the book', async ({ page }) => {
  await signedInAs(page, 'compliance@demo.test');
  const orders = await openBook(page);
  const headers = await orders.getByRole('columnheader').allTextContents();
  expect(headers).toEqual(expect.arrayContaining(['Member', 'Account', 'Created from IP']));
  await expect(orders.getByRole('row').nth(1).getByRole('gridcell').nth(10)).not.toHaveText('—');
  await page.screenshot({ path: 'test-results/order-book-compliance.png' });
  await expectNoSeriousA11yViolations(page, 'order book, full view');
});

test('issuer staff see who placed their securities’ orders, never the IP address', async ({
  page,
}) => {
  await signedInAs(page, 'issuer@demo.test');
  const orders = await openBook(page);
  const headers = await orders.getByRole('columnheader').allTextContents();
  expect(headers).toEqual(expect.arrayContaining(['Member', 'Account']));
  expect(headers).not.toContain('Created from IP');
  await expect(
    page.getByText('Member and account columns are filled for your own securities only.'),
  ).toBeVisible();
  const executions = page.getByRole('grid', { name: 'Executions' });
  await expect(executions.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  expect(await executions.getByRole('columnheader').allTextContents()).not.toContain(
    'Matched from IP',
  );
  await expectNoSeriousA11yViolations(page, 'order book, issuer view');
});
