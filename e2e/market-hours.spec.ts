import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signedInAs, signIn, signOut } from './helpers';
import { injectFault, removeFault } from './investor-helpers';
import { openBook } from './pages';

test('issuer staff set the trading hours of their own security and see the read-back', async ({
  page,
}) => {
  await signedInAs(page, 'issuer@demo.test', '/offerings');
  await page.getByRole('link', { name: 'Trading hours of my securities' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Trading hours of my securities' }),
  ).toBeVisible();
  await expect(page.getByLabel('Monday opens (ET)')).toBeVisible();

  await page.getByLabel('Monday opens (ET)').fill('16:00');
  await page.getByLabel('Monday closes (ET)').fill('09:00');
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Monday closing time must be after the opening time')).toBeVisible();

  await page.getByLabel('Monday opens (ET)').fill('08:45');
  await page.getByLabel('Monday closes (ET)').fill('15:15');
  await page.getByLabel('Closed on Wednesday').check();
  await page.getByRole('button', { name: 'Save hours' }).click();
  const saved = page.getByRole('table', { name: /^Saved hours of / });
  await expect(saved).toBeVisible();
  await expect(saved.getByRole('row', { name: /Monday/ })).toContainText('8:45 AM – 3:15 PM');
  await expect(saved.getByRole('row', { name: /Wednesday/ })).toContainText('Closed');
  // The save is listed under the form, newest first, with who made it and each day changed.
  const changes = page.getByRole('region', { name: 'Changes to these hours' });
  const latest = changes.getByRole('listitem').first();
  await expect(latest.getByRole('heading', { level: 3 })).toHaveText('Saved');
  await expect(latest).toContainText('by issuer@demo.test');
  await expect(latest).toContainText(/Monday: .+ → 8:45 AM – 3:15 PM ET/);
  await expect(latest).toContainText(/Wednesday: .+ → Closed/);
  await expect(latest.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expectNoSeriousA11yViolations(page, 'security hours');
});

test('a save on hours an admin changed since the issuer opened the page is refused, and saved again on them', async ({
  page,
  browser,
}) => {
  await signedInAs(page, 'issuer@demo.test');
  await page.goto('/market-hours/securities?security=10002');
  await expect(page.getByLabel('Monday opens (ET)')).toBeVisible();

  // Meanwhile an admin, in another browser, changes Friday.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedInAs(admin, 'admin@demo.test');
  await admin.goto('/market-hours/securities?security=10002');
  await admin.getByLabel('Closed on Friday').uncheck();
  await admin.getByLabel('Friday opens (ET)').fill('11:10');
  await admin.getByLabel('Friday closes (ET)').fill('12:20');
  await admin.getByRole('button', { name: 'Save hours' }).click();
  await expect(admin.getByRole('table', { name: /^Saved hours of / })).toContainText(
    '11:10 AM – 12:20 PM',
  );
  await adminContext.close();

  // The issuer, on the page still open, changes Monday only.
  await page.getByLabel('Monday opens (ET)').fill('10:30');
  await page.getByLabel('Monday closes (ET)').fill('15:30');
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The hours were not saved' }),
  ).toContainText(
    'Someone else changed Friday since you opened this page (now 11:10 AM – 12:20 PM): review and save again.',
  );
  await expect(
    page.getByText(
      'Someone else changed Friday since you opened this page: the platform now holds 11:10 AM – 12:20 PM.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Monday opens (ET)')).toHaveValue('10:30');
  await expectNoSeriousA11yViolations(page, 'security hours changed since they were read');
  // On a phone the day changed and the way on stay within the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  const take = page.getByRole('button', { name: 'Use the platform’s hours for Friday' });
  await take.scrollIntoViewIfNeeded();
  await expect(take).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  );

  await take.click();
  await page.getByRole('button', { name: 'Save hours' }).click();
  const saved = page.getByRole('table', { name: /^Saved hours of / });
  await expect(saved.getByRole('row', { name: /Monday/ })).toContainText('10:30 AM – 3:30 PM');
  await expect(saved.getByRole('row', { name: /Friday/ })).toContainText('11:10 AM – 12:20 PM');
});

test('on a wide screen each day of the trading hours form stands on one line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs(page, 'issuer@demo.test');
  await page.goto('/market-hours/securities');
  for (const day of ['Monday', 'Wednesday', 'Friday']) {
    const box = page.getByRole('checkbox', { name: `Closed on ${day}` });
    await expect(box).toBeVisible();
    // The box and its words, no taller than the box itself: "Closed on Wednesday" took three
    // lines of its narrow column.
    const label = await page.locator('label', { has: box }).boundingBox();
    expect(label!.height, `the ${day} box's label`).toBeLessThanOrEqual(48);
  }
});

test('market hours read at 375 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signedInAs(page, 'investor@demo.test');
  await page.goto('/market-hours');
  await expect(page.getByRole('heading', { level: 1, name: 'Market hours' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /The market is (open|closed)/ }),
  ).toBeVisible();
  await expect(
    // The week of the BFF's clock: this one on a weekday, the coming one on a weekend.
    page.getByRole('table', { name: /^Trading hours (this|the coming) week, / }).getByRole('row'),
  ).toHaveCount(8);
  // The hours an issuer set for one security are there for investors too.
  await expect(page.getByRole('table', { name: /^Trading hours of / })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'market hours at 375 px');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(overflow).toBe(false);

  await openBook(page);
  // One column of short lines an order: every figure on screen, the order's page one tap away.
  const orders = page.getByRole('grid', { name: 'Orders' });
  await expect(orders.getByRole('columnheader')).toHaveText(['Orders']);
  await expect(orders.getByRole('gridcell').first()).toContainText(
    /^\d+ · (Bid|Offer) · \w+[\d,.]+ of [\d,.]+ shares left at \$[\d,.]+, \$[\d,.]+/,
  );
  await expectNoSeriousA11yViolations(page, 'order book at 375 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  );
});

test.describe('market hours on the narrowest phones, in a zone with a long name', () => {
  // The week table's third heading names the viewer's zone: America/Los_Angeles was cut at the
  // edge of a 375 px screen, the table 28 px wider than its frame.
  test.use({ timezoneId: 'America/Los_Angeles' });

  for (const width of [375, 320]) {
    test(`every hours table fits ${width} px without sideways scrolling`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signedInAs(page, 'investor@demo.test');
      await page.goto('/market-hours');
      const week = page.getByRole('table', { name: /^Trading hours (this|the coming) week, / });
      await expect(week.getByRole('row')).toHaveCount(8);
      await expect(page.getByRole('table', { name: /^Trading hours of / })).toBeVisible();
      await expect(week.getByRole('columnheader').nth(2)).toHaveText(
        'Your time (America/Los_Angeles)',
      );
      const hidden = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[role="region"][tabindex]')]
          .filter((frame) => frame.scrollWidth - frame.clientWidth > 1)
          .map(
            (frame) =>
              `${frame.getAttribute('aria-label')}: ${frame.scrollWidth - frame.clientWidth} px`,
          ),
      );
      expect(hidden).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
      ).toBe(false);
    });
  }
});

test('on the trading-hours page one navigation entry is current', async ({ page }) => {
  await signedInAs(page, 'issuer@demo.test');
  await page.goto('/market-hours/securities');
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  await expect(nav.locator('[aria-current="page"]')).toContainText('Trading hours');
});

/**
 * Issuer staff open `day` of security `securityId` from `opens` to 16:00 and save; the connection
 * drops before the platform has the save (the sandbox's `drop`). Answers the warning it leaves.
 */
async function loseAnHoursSave(page: Page, securityId: string, day: string, opens: string) {
  // A session of its own: one journey signs out of it afterwards, which would end the shared one.
  await signIn(page, 'issuer@demo.test');
  await page.goto(`/market-hours/securities?security=${securityId}`);
  const opensField = page.getByLabel(`${day} opens (ET)`);
  await expect(opensField).toBeVisible();
  await page.getByLabel(`Closed on ${day}`).uncheck();
  const fault = await injectFault(page, {
    operation: 'updateSecurityMarketHours',
    drop: true,
    times: 1,
    when: { securityId },
  });
  try {
    await opensField.fill(opens);
    await page.getByLabel(`${day} closes (ET)`).fill('16:00');
    await page.getByRole('button', { name: 'Save hours' }).click();
    const unknown = page.getByRole('alert').filter({
      hasText: 'We do not know whether the hours were saved',
    });
    await expect(unknown).toBeVisible();
    return unknown;
  } finally {
    await removeFault(page, fault);
  }
}

test('issuer staff check a trading-hours save whose answer was lost, and a reviewer finds it in the audit log', async ({
  page,
}) => {
  const unknown = await loseAnHoursSave(page, '10001', 'Thursday', '11:45');
  await expect(unknown).toContainText(
    /For help with it, contact support and give them this reference: [0-9a-f-]{36}\./,
  );
  const supportId = (await unknown.textContent())!.match(
    /give them this reference: ([0-9a-f-]{36})/,
  )![1];

  await unknown.getByRole('button', { name: 'Check the hours now' }).click();
  // The answer takes the warning's place: one state on screen.
  await expect(page.getByText(/The platform holds other hours than you asked for/)).toBeVisible();
  await expect(unknown).toHaveCount(0);
  // The list of changes, read again, settles the one save in its own entry: no second entry.
  const changes = page.locator('section').filter({
    has: page.getByRole('heading', { name: 'Changes to these hours' }),
  });
  await expect(changes.getByRole('heading', { level: 3 }).first()).toHaveText(
    'Answer lost, then found not saved',
  );
  await expect(changes.getByText(/^A save whose answer was lost was checked/)).toHaveCount(0);

  // A reviewer finds who asked for which hours, and what the check found, by that support id.
  await signOut(page);
  await signedInAs(page, 'compliance@demo.test');
  for (const action of ['request_outcome_unknown', 'security_hours_attempt_settled']) {
    // Read as the audit log page reads it (with the page's X-CSRF header).
    const events = await page.evaluate(async (url) => {
      const res = await fetch(url, { headers: { 'X-CSRF': '1' } });
      return ((await res.json()) as { events: Record<string, unknown>[] }).events;
    }, `/api/audit-events?action=${action}`);
    const event = events.find((e) => JSON.stringify(e).includes(supportId)) as {
      objectId: string;
      userEmail: string;
      details: { asked: Record<string, string> };
    };
    expect(event, action).toMatchObject({
      objectId: '10001',
      userEmail: 'issuer@demo.test',
      details: { asked: { thursday: '11:45–16:00 ET' } },
    });
  }
  await page.goto('/audit');
  const log = page.getByRole('grid', { name: 'Audit events' });
  await expect(log.getByText(/Lost security-hours save settled/).first()).toBeVisible();
  await expect(
    log.getByText(/Hours asked for \(.*Thursday 11:45 AM – 4:00 PM ET/).first(),
  ).toBeVisible();
});

test('a trading-hours save whose answer was lost is settled from the list of changes after a reload', async ({
  page,
}) => {
  await loseAnHoursSave(page, '10002', 'Monday', '09:15');
  // The page is left: the warning and its button go with it; the list keeps the lost save.
  await page.reload();
  const changes = page.locator('section').filter({
    has: page.getByRole('heading', { name: 'Changes to these hours' }),
  });
  const lost = changes.getByRole('listitem').filter({
    hasText: 'Answer lost: not known whether it was saved',
  });
  await expect(lost.first()).toBeVisible();
  await lost.first().getByRole('button', { name: 'Check now' }).click();
  const finding = changes.getByRole('status').filter({ hasText: /^Checked: the platform holds/ });
  await expect(finding).toContainText('so it was not applied');
  await expect(finding).toBeFocused();
  await expect(changes.getByText('Answer lost, then found not saved').first()).toBeVisible();
  // One save, one entry: the check settled it and is no change of its own.
  await expect(changes.getByText(/^A save whose answer was lost was checked/)).toHaveCount(0);
});

test('on a market holiday the market hours say the market is closed today, by name', async ({
  page,
}) => {
  await signedInAs(page, 'investor@demo.test');
  // Thanksgiving Day 2026, 11:00 in New York, on the browser's clock (the status is computed
  // there, with the exchange calendar the order book uses).
  await page.clock.setFixedTime(new Date('2026-11-26T16:00:00Z'));
  await page.goto('/market-hours');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'The market is closed today (Thanksgiving Day). It opens ' }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: /^Trading hours (this|the coming) week, / }),
  ).toContainText('Weekends and U.S. market holidays are closed');
});
