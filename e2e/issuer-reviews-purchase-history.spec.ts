import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signedInAs } from './helpers';

test('issuer staff open the 2,000-trade offering: virtualized, sortable, exact totals, chart and CSV', async ({
  page,
}) => {
  // A long journey over the largest page (2,000 trades, sorting, a chart, a CSV, then axe over it
  // all): about half the default minute on a 2-core machine running two browsers.
  test.setTimeout(180_000);
  await signedInAs(page, 'issuer@demo.test', '/offerings');
  await page.getByRole('link', { name: 'My offerings' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My offerings' })).toBeVisible();
  const offerings = page.getByRole('table', { name: 'My offerings' });
  // Only the issuer's own offerings are listed (issuer 1101 of the sandbox seed).
  await expect(offerings.getByRole('row')).toHaveCount(4);
  await offerings.getByRole('link', { name: 'Aspen Ridge Growth Fund I' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Aspen Ridge Growth Fund I' }),
  ).toBeVisible({ timeout: 30_000 });
  const trades = page.getByRole('grid', { name: 'Trades' });
  await expect(trades).toHaveAttribute('aria-rowcount', '2101', { timeout: 30_000 });
  // Virtualized: pages of 100, of which a few dozen rows are in the DOM, not 2,100.
  const rendered = await trades.getByRole('row').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(80);

  // The summary splits the trades by status as My investments does: settled (Amount raised) and
  // waiting for payment (Committed) add up to every trade, which agrees with the platform's own
  // summary (no warning); shares sold and left are the offering's figures.
  const summary = page.locator('dl').first();
  await expect(summary).toContainText('Amount raised');
  const figure = async (label: string) =>
    Number(
      (
        (await summary
          .locator('div', { has: page.locator('dt', { hasText: label }) })
          .locator('dd')
          .first()
          .textContent()) ?? ''
      ).replace(/[^0-9.]/g, ''),
    );
  const raised = await figure('Amount raised');
  const committed = await figure('Committed, not yet settled');
  expect(raised).toBeGreaterThan(0);
  expect(committed).toBeGreaterThan(0);
  expect(Math.round((raised + committed) * 100)).toBe(411_252_000);
  await expect(summary).toContainText('411,252');
  await expect(summary).toContainText('400,000');
  await expect(page.getByText("The platform's summary does not match its trades")).toHaveCount(0);
  await expect(trades.getByRole('columnheader', { name: /^Status/ })).toBeVisible();

  // The chart loads lazily and says in words what it shows.
  await expect(
    page.getByRole('img', { name: 'Amount raised over time against the target' }),
  ).toBeVisible();
  await expect(page.locator('figcaption')).toContainText('of the $8,112,520.00 target');
  await expect(page.locator('figcaption')).toContainText('Days are in your time zone');

  // Newest first; sorting by amount, both ways, with aria-sort on the header.
  await expect(trades.getByRole('columnheader', { name: /^Date/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const amountHeader = trades.getByRole('columnheader', { name: /^Amount/ });
  await expect(amountHeader).toHaveAttribute('aria-sort', 'none');
  await amountHeader.click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
  const firstAmount = async () =>
    (await trades.getByRole('row').nth(1).getByRole('gridcell').nth(2).textContent()) ?? '';
  const highest = await firstAmount();
  await amountHeader.click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
  const lowest = await firstAmount();
  const value = (text: string) => Number(text.replace(/[^0-9.]/g, ''));
  expect(value(highest)).toBeGreaterThan(value(lowest));

  // Scrolling to the end of the page renders the rows there; the footer pages on.
  await trades
    .locator('.MuiDataGrid-virtualScroller')
    .evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(trades.locator('[data-rowindex="99"]')).toBeVisible();
  const section = page.getByRole('region', { name: 'Trades' });
  await section.getByRole('button', { name: 'Go to next page' }).click();
  await expect(section.getByText('101–200 of 2,100')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('purchase-history-5201.csv');
  const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'trade_id,account_id,account_name,amount_usd,shares,status,purchased_at_utc,not_read',
  );
  // Dollars with cents, as the register's and fund moves' exports write them.
  expect(lines[1]).toMatch(/,\d+\.\d{2,},\d/);
  expect(lines).toHaveLength(2101);

  // A search narrows the export too: what is downloaded is what is shown. It starts on the first
  // page of the matches, and the address keeps it.
  await page.getByLabel('Find an investor').fill('quinn');
  await expect(page).toHaveURL(/[?&]q=quinn/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  // Counts read as the locale groups them (2,100), as the summary's do.
  const status = page.getByText(/^\d[\d,]* of 2,100 trades, /);
  await expect(status).toBeVisible();
  const shownCount = ((await status.textContent()) ?? '').split(' of ')[0];
  const matching = Number(shownCount.replaceAll(',', ''));
  expect(matching).toBeGreaterThan(0);
  const narrowed = page.waitForEvent('download');
  await page
    .getByRole('button', {
      name: `Export ${shownCount} matching trade${matching === 1 ? '' : 's'} (CSV)`,
    })
    .click();
  // Named after what it holds, beside the whole history's file rather than in its place.
  expect((await narrowed).suggestedFilename()).toBe('purchase-history-5201-searched.csv');
  const narrowedCsv = readFileSync((await (await narrowed).path())!, 'utf8').replace(/^\uFEFF/, '');
  const narrowedLines = narrowedCsv.trimEnd().split('\r\n');
  expect(narrowedLines).toHaveLength(matching + 1);
  expect(narrowedLines.slice(1).every((line) => /quinn/i.test(line))).toBe(true);

  await expectNoSeriousA11yViolations(page, 'purchase history');
});

test('issuer staff cannot open another issuer’s purchase history', async ({ page }) => {
  await signedInAs(page, 'issuer@demo.test');
  await page.goto('/issuer/offerings/5204');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Offering not available' }),
  ).toBeVisible();
});

test('the purchase history works on a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInAs(page, 'issuer@demo.test');
  await page.goto('/issuer/offerings/5201');
  // One column of three lines a trade: on a phone every figure of a trade is on screen, and a
  // select sorts them as the column headers do on a wide screen.
  const trades = page.getByRole('grid', { name: 'Trades' });
  await expect(trades).toHaveAttribute('aria-rowcount', '2101', { timeout: 30_000 });
  const first = trades.getByRole('row').nth(1);
  await expect(first).toContainText(/\$[\d,]+\.\d\d/);
  await expect(first).toContainText(/Shares [\d,]+/);
  // Three lines a trade: 25 a page, not 100 (some fifty screens), the grid's pager turning them.
  await expect(trades.getByRole('row')).toHaveCount(26);
  await expect(
    page.getByRole('region', { name: 'Trades' }).getByText('1–25 of 2,100'),
  ).toBeVisible();
  // The amounts of the first rows in view, to see the order the select asked for.
  const amounts = async () =>
    (await trades.getByRole('row').allTextContents())
      .map((text) => /\$([\d,]+\.\d\d)/.exec(text)?.[1])
      .filter((amount): amount is string => amount !== undefined)
      .slice(0, 8)
      .map((amount) => Number(amount.replace(/,/g, '')));
  const inOrder = (values: number[], sign: 1 | -1) =>
    values.length > 2 &&
    values.every((v, i) => i === 0 || sign * (v - values[i - 1]) >= 0) &&
    values[0] !== values[values.length - 1];
  const sortBy = page.getByRole('combobox', { name: 'Sort trades by' });
  await sortBy.selectOption('Amount, ascending');
  await expect(page).toHaveURL(/[?&]sort=amount\.asc/);
  await expect.poll(async () => inOrder(await amounts(), 1)).toBe(true);
  await sortBy.selectOption('Amount, descending');
  await expect(page).toHaveURL(/[?&]sort=amount\.desc/);
  await expect.poll(async () => inOrder(await amounts(), -1)).toBe(true);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'purchase history on a phone');
});

test('the raise chart labels every mark of its time axis, evenly spaced, wide and on a phone', async ({
  page,
}) => {
  await signedInAs(page, 'issuer@demo.test');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/issuer/offerings/5201');
    const chart = page.getByRole('img', { name: 'Amount raised over time against the target' });
    const axis = chart.locator('.MuiChartsAxis-directionX');
    await expect(axis.locator('.MuiChartsAxis-tickLabel').first()).toBeVisible();
    // The library leaves a mark without its label where labels would collide: each mark must
    // keep its label, or the axis reads "Aug 16, Aug 30" with no Aug 23 between.
    const labels = await axis.locator('.MuiChartsAxis-tickLabel').allTextContents();
    await expect(axis.locator('.MuiChartsAxis-tick')).toHaveCount(labels.length);
    expect(labels.length, `${width} px: ${labels.join(', ')}`).toBeGreaterThanOrEqual(3);
    const xs = await axis
      .locator('.MuiChartsAxis-tickLabel')
      .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().x));
    const gaps = xs.slice(1).map((x, i) => x - xs[i]);
    // Evenly spaced, within the few pixels a month's length or a label's width moves them.
    expect(Math.max(...gaps) - Math.min(...gaps), `${width} px: ${labels.join(', ')}`).toBeLessThan(
      12,
    );
  }
});
