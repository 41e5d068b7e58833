import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, oneUserPerRole, signIn } from './helpers';
import { pagesFor, portalPages, type PortalPage } from './pages';

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
];

async function visit(page: Page, portalPage: PortalPage, where: string) {
  await page.goto(await portalPage.path(page.request));
  await expect(page.getByRole('heading', { level: 1, name: portalPage.heading })).toBeVisible();
  // Let loading states settle so the check sees the page as people do.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, where);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

for (const viewport of viewports) {
  test.describe(`on a ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the public pages are accessible', async ({ page }) => {
      for (const portalPage of portalPages.filter((candidate) => candidate.roles === null)) {
        await visit(page, portalPage, `${portalPage.name} (${viewport.name})`);
      }
    });

    for (const user of oneUserPerRole) {
      test(`every page of ${user.roleLabel} is accessible`, async ({ page }) => {
        await signIn(page, user.email);
        for (const portalPage of pagesFor(user.role).filter((candidate) => candidate.roles)) {
          await visit(page, portalPage, `${portalPage.name} as ${user.role} (${viewport.name})`);
        }
      });
    }
  });
}
