import { expect, test, type APIRequestContext } from '@playwright/test';
import { portalPages } from './pages';
import { browserStateLeaks, collectResponses, findSecrets, secrets, type Leak } from './secrets';

test('the check finds a credential that is present', () => {
  for (const secret of secrets) {
    expect(findSecrets(`prefix ${secret.value} suffix`, 'planted')).toContainEqual({
      secret: secret.name,
      where: 'planted',
    });
  }
});

test('the public pages hold no upstream credential', async ({ page }) => {
  const leaks = collectResponses(page);
  const found: Leak[] = [];
  for (const portalPage of portalPages.filter((candidate) => candidate.roles === null)) {
    await page.goto(await portalPage.path(page.request));
    await expect(page.getByRole('heading', { level: 1, name: portalPage.heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    found.push(...(await browserStateLeaks(page, portalPage.name)));
  }
  found.push(...(await leaks()));
  expect(found).toEqual([]);
});

// Every signed-in page is walked, by each role, in every-page-is-accessible.spec.ts, which checks
// the same responses and browser state for credentials; the BFF's authorization matrix checks
// every route's answer to every role as well.

/**
 * Every file the app can load, found the way a browser would: from index.html, then every chunk
 * and stylesheet named in the code already found (static imports, lazy routes, preload lists).
 */
async function crawlAssets(request: APIRequestContext): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const queue = ['/'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (found.has(path)) continue;
    const response = await request.get(path);
    expect(response.ok(), `${path} is served`).toBe(true);
    const text = await response.text();
    found.set(path, text);
    for (const match of text.matchAll(
      /["'`(]((?:\.{1,2}\/|\/)?(?:assets\/)?[\w.-]+\.(?:js|css))["'`)]/g,
    )) {
      const reference = match[1];
      const resolved = reference.startsWith('assets/')
        ? `/${reference}`
        : new URL(reference, `http://portal${path}`).pathname;
      if (!found.has(resolved) && resolved.startsWith('/assets/')) queue.push(resolved);
    }
  }
  return found;
}

test('no JavaScript or other built asset holds an upstream credential', async ({ request }) => {
  const assets = await crawlAssets(request);
  expect([...assets.keys()].filter((path) => path.endsWith('.js')).length).toBeGreaterThan(5);
  const found = [...assets].flatMap(([path, text]) => findSecrets(text, path));
  expect(found).toEqual([]);
});
