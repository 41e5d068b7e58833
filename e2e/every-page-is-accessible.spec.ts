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
