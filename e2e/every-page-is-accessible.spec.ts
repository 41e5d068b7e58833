import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, oneUserPerRole, signIn } from './helpers';
import { pagesFor, portalPages, type PortalPage } from './pages';

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
];

type StorageState = Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>;

async function visit(page: Page, portalPage: PortalPage, where: string) {
  await page.goto(await portalPage.path(page.request));
  await expect(page.getByRole('heading', { level: 1, name: portalPage.heading })).toBeVisible();
  // Let loading states settle so the check sees the page as people do.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, where);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** One sign-in per role and viewport, shared by that role's pages (sign-in is rate limited). */
async function signedInState(browser: Browser, email: string): Promise<StorageState> {
  const page = await browser.newPage();
  await signIn(page, email);
  const state = await page.context().storageState();
  await page.close();
  return state;
}

for (const viewport of viewports) {
  const size = { width: viewport.width, height: viewport.height };

  test.describe(`on a ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: size });

    for (const portalPage of portalPages.filter((candidate) => candidate.roles === null)) {
      test(`${portalPage.name} is accessible`, async ({ page }) => {
        await visit(page, portalPage, `${portalPage.name} (${viewport.name})`);
      });
    }

    for (const user of oneUserPerRole) {
      test.describe(`as ${user.roleLabel}`, () => {
        let state: StorageState;
        test.beforeAll(async ({ browser }) => {
          state = await signedInState(browser, user.email);
        });

        for (const portalPage of pagesFor(user.role).filter((candidate) => candidate.roles)) {
          test(`${portalPage.name} is accessible`, async ({ browser }) => {
            const context = await browser.newContext({ storageState: state, viewport: size });
            const page = await context.newPage();
            await visit(page, portalPage, `${portalPage.name} as ${user.role} (${viewport.name})`);
            await context.close();
          });
        }
      });
    }
  });
}

/*
 * What opens on top of a page or appears after an action: the mobile navigation drawer, the
 * user menu, review and reveal dialogs, and forms showing their errors. Each is checked with axe
 * while open: no serious or critical violation.
 */
test.describe('dialogs, menus, drawers and form errors are accessible', () => {
  test('the mobile navigation drawer, open (375 px)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, 'investor@demo.test');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation menu' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the open navigation drawer');
  });

  test('the user menu, open', async ({ page }) => {
    await signIn(page, 'investor@demo.test');
    await page.locator('button[aria-haspopup="menu"]').first().click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the open user menu');
  });

  test('the disbursement form with its errors, then its review dialog', async ({ page }) => {
    await signIn(page, 'investor@demo.test');
    const accountId = await firstLinkedAccount(page);
    await page.goto(`/accounts/${accountId}/disbursements/new`);
    await page.getByLabel('Domestic wire (U.S. bank)').check();
    await page.getByRole('button', { name: 'Review request' }).click();
    await expect(page.getByText('Routing number is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the disbursement form showing errors');

    await page.getByLabel('ACH transfer to your linked bank account').check();
    await page.getByLabel(/^Amount \(USD\)/).fill('10');
    await page.getByRole('button', { name: 'Review request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review your disbursement request' });
    await expect(dialog).toBeVisible();
    // Send request arms a moment after the dialog shows (a double click cannot confirm unseen).
    await expect(dialog.getByRole('button', { name: 'Send request' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'the disbursement review dialog');
  });

  test('the IRA wizard showing the errors of its first step', async ({ page }) => {
    await signIn(page, 'investor@demo.test');
    const accountId = await firstLinkedAccount(page);
    await page.goto(`/accounts/${accountId}/ira`);
    await page.getByLabel('Address line 1').fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Choose your marital status')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the IRA wizard showing errors');
  });

  test("a reviewer's reveal dialog, with its reason error", async ({ page }) => {
    await signIn(page, 'compliance@demo.test');
    await page.goto('/compliance/accounts/A1040000');
    await page.getByRole('button', { name: 'Reveal Tax ID' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reveal Tax ID' });
    await dialog.getByLabel('Reason').fill('short');
    await dialog.getByRole('button', { name: 'Reveal' }).click();
    await expect(dialog.getByText('Reason must be at least 10 characters')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the reveal dialog showing its error');
  });
});

async function firstLinkedAccount(page: Page): Promise<string> {
  const response = await page.request.get('/api/session', { headers: { 'X-CSRF': '1' } });
  const { user } = (await response.json()) as { user: { accountIds: string[] } };
  return user.accountIds[0];
}
