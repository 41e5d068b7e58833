import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Response } from '@playwright/test';
import { oneUserPerRole, sandboxSecrets, signIn } from './helpers';
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
    const leaks = collectResponses(page);
    const found: Leak[] = [];
    await signIn(page, user.email);
    for (const portalPage of pagesFor(user.role).filter((candidate) => candidate.roles)) {
      await page.goto(await portalPage.path(page.request));
      await expect(page.getByRole('heading', { level: 1, name: portalPage.heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      found.push(...(await browserStateLeaks(page, `${portalPage.name} as ${user.role}`)));
    }
    found.push(...(await leaks()));
    expect(found).toEqual([]);
  });
}

test('no JavaScript or other built asset holds an upstream credential', async ({ request }) => {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; css?: string[]; assets?: string[] }
  >;
  const files = new Set(['/']);
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
      files.add(`/${file}`);
    }
  }
  const found: Leak[] = [];
  for (const file of files) {
    const response = await request.get(file);
    expect(response.ok(), `${file} is served`).toBe(true);
    found.push(...findSecrets(await response.text(), file));
  }
  expect(found).toEqual([]);
});
