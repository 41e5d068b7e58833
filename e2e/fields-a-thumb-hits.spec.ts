import { expect, test, type Page } from '@playwright/test';
import { signedInAs } from './helpers';

/**
 * The fields drawn on the page (text boxes, selects, the search-as-you-type filters' boxes) that
 * are less than 44 px tall, as buttons are not on a phone (theme.ts, onTouch). An
 * Autocomplete's own text box sits inside its box, which is the target; a select's hidden input
 * (aria-hidden, for the form's value) is no target.
 */
async function shortFields(page: Page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"]):not([aria-hidden="true"]), select, [role="combobox"]',
      ),
    ]
      .map((el) => {
        const target = el.closest('.MuiAutocomplete-inputRoot') ?? el;
        const box = target.getBoundingClientRect();
        const label = el.getAttribute('aria-label') ?? el.id;
        return { label, box };
      })
      .filter(({ box }) => box.width > 0 && box.height < 44)
      .map(({ label, box }) => `${label}: ${Math.round(box.height)}`),
  );
}

test('on a 375 px phone every filter, sort and small field is a target a thumb hits', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signedInAs(page, 'investor@demo.test');
  // The skip link, shown once the keyboard reaches it.
  await page.goto('/accounts');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await skip.focus();
  await expect(skip).toBeInViewport();
  expect((await skip.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  for (const path of [
    '/accounts/A1040000/money',
    '/holdings',
    '/order-book?date=2026-03-10',
    '/market-hours',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('select, [role="combobox"]').first()).toBeVisible();
    expect(await shortFields(page), path).toEqual([]);
  }

  await page.context().clearCookies();
  await signedInAs(page, 'admin@demo.test');
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await shortFields(page), 'users').toEqual([]);
  // An investor: their dialog links accounts (Kind, Platform id).
  await page.getByRole('button', { name: 'Manage investor@demo.test' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(/^Platform id/)).toBeVisible();
  expect(await shortFields(page), 'manage').toEqual([]);
});
