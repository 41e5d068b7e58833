import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { oneUserPerRole, openInApp, sandboxSecrets, signIn, trackRequests } from './helpers';
import { pagesFor, portalPages } from './pages';

const secrets = sandboxSecrets();

type Leak = { secret: string; where: string };

function findSecrets(text: string, where: string): Leak[] {
  return secrets
    .filter((secret) => text.includes(secret.value))
    .map((secret) => ({ secret: secret.name, where }));
}

/** Everything the browser received: bodies and headers of every response. */
function collectResponses(page: Page) {
  const pending: Promise<Leak[]>[] = [];
  page.on('response', (response: Response) => {
    pending.push(
      (async () => {
        const where = `${response.request().method()} ${response.url()}`;
        const headers = (await response.headersArray())
          .map((header) => `${header.name}: ${header.value}`)
          .join('\n');
        const leaks = findSecrets(headers, `${where} (headers)`);
        // Redirects have no body to read.
        const body = await response.body().catch(() => Buffer.alloc(0));
        return [...leaks, ...findSecrets(body.toString('utf8'), `${where} (body)`)];
      })(),
    );
  });
  return async () => (await Promise.all(pending)).flat();
}

async function browserStateLeaks(page: Page, where: string): Promise<Leak[]> {
  const cookies = await page.context().cookies();
  const storage = await page.evaluate(() => {
    const dump = (store: Storage) =>
      Array.from({ length: store.length }, (_, index) => {
        const key = store.key(index) ?? '';
        return `${key}=${store.getItem(key) ?? ''}`;
      }).join('\n');
    return `${dump(window.localStorage)}\n${dump(window.sessionStorage)}`;
  });
  return [
    ...findSecrets(
      cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('\n'),
      `${where} (cookies)`,
    ),
    ...findSecrets(storage, `${where} (web storage)`),
  ];
}

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

for (const user of oneUserPerRole) {
  test(`no page shown to ${user.roleLabel} holds an upstream credential`, async ({ page }) => {
    const pages = pagesFor(user.role).filter((candidate) => candidate.roles);
    test.setTimeout(30_000 + pages.length * 10_000);
    const leaks = collectResponses(page);
    const settled = trackRequests(page);
    const found: Leak[] = [];
    await signIn(page, user.email);
    for (const portalPage of pages) {
      await openInApp(page, await portalPage.path(page.request));
      await expect(page.getByRole('heading', { level: 1, name: portalPage.heading })).toBeVisible();
      await settled();
      found.push(...(await browserStateLeaks(page, `${portalPage.name} as ${user.role}`)));
    }
    found.push(...(await leaks()));
    expect(found).toEqual([]);
  });
}

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
