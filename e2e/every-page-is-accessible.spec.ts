import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  linkedAccountIds,
  oneUserPerRole,
  openInApp,
  signedInAs,
  trackRequests,
  type Role,
} from './helpers';
import { portalPages, type PortalPage } from './pages';
import { browserStateLeaks, collectResponses, type Leak } from './secrets';

const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
];

/** The page shows its heading, its data has settled, axe finds nothing serious, it fits. */
async function check(
  page: Page,
  portalPage: PortalPage,
  where: string,
  settled: () => Promise<void>,
  soft: boolean,
) {
  const verify = soft ? expect.soft : expect;
  await expect(page.getByRole('heading', { level: 1, name: portalPage.heading })).toBeVisible();
  await settled();
  // Let loading states settle so the check sees the page as people do.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, where, verify);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  verify(overflow, `${where} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
  const layout = await page.evaluate(tableLayout);
  // On a desktop every column of every table shows without scrolling its frame: no security
  // name, header or date cut at the frame's edge. On a phone the frames scroll, by design.
  if ((page.viewportSize()?.width ?? 0) >= 1280) {
    verify(layout.clipped, `${where}: tables that hide columns at desktop width`).toEqual([]);
  }
  verify(layout.brokenFigures, `${where}: money figures broken across lines`).toEqual([]);
}

/**
 * Runs in the page. `clipped`: table frames (our scrollable regions and MUI X grids) whose
 * content is wider than the frame. `brokenFigures`: cells holding only a money figure or a
 * number whose text renders on more than one line.
 */
function tableLayout() {
  const frames = [
    ...document.querySelectorAll<HTMLElement>(
      '[role="region"][tabindex], .MuiDataGrid-virtualScroller',
    ),
  ];
  const clipped = frames
    .filter((frame) => frame.scrollWidth - frame.clientWidth > 1)
    .map(
      (frame) =>
        `${frame.getAttribute('aria-label') ?? frame.closest('[aria-label]')?.getAttribute('aria-label') ?? 'a table'} (${frame.scrollWidth - frame.clientWidth} px hidden)`,
    );
  const figure = /^[-−+]?[$]?\s?\d[\d,]*(\.\d+)?%?$/;
  const brokenFigures = [...document.querySelectorAll<HTMLElement>('td, th, [role="gridcell"]')]
    .filter((cell) => figure.test((cell.textContent ?? '').trim()))
    .filter((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return lines.size > 1;
    })
    .map((cell) => (cell.textContent ?? '').trim());
  return { clipped, brokenFigures };
}

/**
 * Who checks which page: each page once per viewport, as one role that may open it. A page
 * several roles share rotates through them by page and by viewport, so both viewports see it
 * through different eyes and every role's navigation is checked on several pages, without
 * measuring the same screen four times over.
 */
function checkerOf(portalPage: PortalPage, index: number, viewportIndex: number): Role {
  const roles = portalPage.roles ?? [];
  return roles[(index + viewportIndex) % roles.length];
}

// The walks are independent: both workers share them.
test.describe.configure({ mode: 'parallel' });

viewports.forEach((viewport, viewportIndex) => {
  test.describe(`on a ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const portalPage of portalPages.filter((candidate) => candidate.roles === null)) {
      test(`${portalPage.name} is accessible`, async ({ page }) => {
        const settled = trackRequests(page);
        await page.goto(await portalPage.path(page.request));
        await check(page, portalPage, `${portalPage.name} (${viewport.name})`, settled, false);
      });
    }

    const signedIn = portalPages.filter((candidate) => candidate.roles);
    for (const user of oneUserPerRole) {
      const pages = signedIn.filter(
        (candidate, index) => checkerOf(candidate, index, viewportIndex) === user.role,
      );
      // One signed-in session walks all of the role's pages; each page is its own step, and a
      // failing page is reported without hiding the pages after it.
      test(`as ${user.roleLabel}: ${pages.map((p) => p.name).join(', ')}`, async ({ page }) => {
        test.setTimeout(30_000 + pages.length * 20_000);
        const settled = trackRequests(page);
        const responseLeaks = collectResponses(page);
        const leaks: Leak[] = [];
        await signedInAs(page, user.email, '/offerings');
        for (const portalPage of pages) {
          const where = `${portalPage.name} as ${user.role} (${viewport.name})`;
          await test.step(portalPage.name, async () => {
            await openInApp(page, await portalPage.path(page.request));
            await check(page, portalPage, where, settled, true);
            leaks.push(...(await browserStateLeaks(page, where)));
          });
        }
        // No response the walk received and no cookie or web storage holds an upstream credential.
        leaks.push(...(await responseLeaks()));
        expect(leaks).toEqual([]);
      });
    }
  });
});

/*
 * What opens on top of a page or appears after an action: the mobile navigation drawer, the
 * user menu, review and reveal dialogs, and forms showing their errors. Each is checked with axe
 * while open: no serious or critical violation.
 */
test.describe('dialogs, menus, drawers and form errors are accessible', () => {
  test('the mobile navigation drawer, open (375 px)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signedInAs(page, 'investor@demo.test', '/offerings');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation menu' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the open navigation drawer');
  });

  test('the user menu, open', async ({ page }) => {
    await signedInAs(page, 'investor@demo.test', '/offerings');
    await page.locator('button[aria-haspopup="menu"]').first().click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the open user menu');
  });

  test('the disbursement form with its errors, then its review dialog', async ({ page }) => {
    await signedInAs(page, 'investor@demo.test');
    const accountId = (await linkedAccountIds(page.request))[0];
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
    // The second investor's fourth account has no custody account yet, and the IRA journey
    // (investor-opens-an-ira.spec.ts) requests one for the third: the wizard is offered here.
    await signedInAs(page, 'investor2@demo.test');
    const accountId = (await linkedAccountIds(page.request))[3];
    await page.goto(`/accounts/${accountId}/ira`);
    await page.getByLabel('Address line 1').fill('');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Choose your marital status')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the IRA wizard showing errors');
  });

  test("a reviewer's reveal dialog, with its reason error", async ({ page }) => {
    await signedInAs(page, 'compliance@demo.test');
    await page.goto('/compliance/accounts/A1040000');
    await page.getByRole('button', { name: 'Reveal Tax ID' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reveal Tax ID' });
    await dialog.getByLabel('Reason').fill('short');
    await dialog.getByRole('button', { name: 'Reveal' }).click();
    await expect(dialog.getByText('Reason must be at least 10 characters')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the reveal dialog showing its error');
  });
});
