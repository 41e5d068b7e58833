import type { Page, Response } from '@playwright/test';
import { sandboxSecrets } from './helpers';

/** What a leak check looks for and reports: the upstream credentials, found somewhere. */
export const secrets = sandboxSecrets();

export type Leak = { secret: string; where: string };

export function findSecrets(text: string, where: string): Leak[] {
  return secrets
    .filter((secret) => text.includes(secret.value))
    .map((secret) => ({ secret: secret.name, where }));
}

/** Everything the browser received: bodies and headers of every response. */
export function collectResponses(page: Page) {
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

export async function browserStateLeaks(page: Page, where: string): Promise<Leak[]> {
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
