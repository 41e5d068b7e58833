import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { signedInStateDir } from '../playwright.config';

export type Role = 'investor' | 'issuer_staff' | 'compliance' | 'admin';

export const demoPassword = process.env.DEMO_PASSWORD ?? 'demo-password-2026';

export const demoUsers: { email: string; role: Role; roleLabel: string }[] = [
  { email: 'investor@demo.test', role: 'investor', roleLabel: 'Investor' },
  { email: 'investor2@demo.test', role: 'investor', roleLabel: 'Investor' },
  { email: 'issuer@demo.test', role: 'issuer_staff', roleLabel: 'Issuer staff' },
  { email: 'compliance@demo.test', role: 'compliance', roleLabel: 'Compliance reviewer' },
  { email: 'admin@demo.test', role: 'admin', roleLabel: 'Administrator' },
];

/** One demo user per role. */
export const oneUserPerRole = demoUsers.filter(
  (user, index) => demoUsers.findIndex((other) => other.role === user.role) === index,
);

export async function signIn(page: Page, email: string, password = demoPassword) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** Where the global set-up keeps a demo user's signed-in browser state (e2e/global-setup.ts). */
export const signedInStatePath = (email: string) => `${signedInStateDir}/${email}.json`;

type Cookies = Parameters<BrowserContext['addCookies']>[0];
const savedCookies = new Map<string, Cookies>();

/**
 * Signs the page's browser in as a demo user with the session the global set-up opened for them,
 * without the sign-in page, and opens `path` when given. For journeys that do not test signing
 * in: the journeys of both workers that sign in this way as one user share one session, so a
 * journey that ends sessions (signs out, ends other sessions, changes a password or a second
 * factor, disables the user) signs in with signIn, or as a user of its own.
 */
export async function signedInAs(page: Page, email: string, path?: string) {
  let cookies = savedCookies.get(email);
  if (!cookies) {
    cookies = (JSON.parse(readFileSync(signedInStatePath(email), 'utf8')) as { cookies: Cookies })
      .cookies;
    savedCookies.set(email, cookies);
  }
  await page.context().addCookies(cookies);
  if (path) await page.goto(path);
}

/** The accounts linked to the signed-in user, as the BFF's session lists them. */
export async function linkedAccountIds(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/session', { headers: { 'X-CSRF': '1' } });
  const { user } = (await response.json()) as { user: { accountIds: string[] } };
  if (user.accountIds.length === 0) throw new Error('The signed-in user has no linked account.');
  return user.accountIds;
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
  // The menu grows in from its button; a click while it is still scaled can land beside the item
  // (Playwright saw it stable between two frames of the transition). A person clicks once it is
  // open, so the test waits for the transition to end as well.
  await expect(page.locator('.MuiMenu-paper')).toHaveCSS('transform', 'none');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
}

/**
 * Waits until no finite CSS transition or animation is running (a button armed a moment after a
 * review shows fades its colour in; axe must measure the contrast at rest). Endless ones, such as
 * a progress bar's, never settle and are left out.
 */
export async function transitionsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const axeOptions: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  resultTypes: ['violations'],
};

/**
 * Runs axe-core in the page. It is injected once per document and reused while the page moves
 * between routes: @axe-core/playwright evaluates its 550 KB source again before every check and
 * merges per-frame results in a fresh blank page, which tripled the cost of each check on the
 * 2-core CI machine. The portal has no frames, so one in-page run sees everything.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(axeSource);
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: typeof import('axe-core').run } }).axe.run(
        document,
        options,
      ),
    axeOptions,
  );
}

/**
 * Opens a page the way a person moving through the portal does: inside the running app (the
 * router reacts to the history change as it does to the back button), so each check pays for
 * the page and its data, not for loading the whole app again.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/**
 * Counts the page's requests in flight, for pages opened inside the running app, where the
 * document's own `networkidle` state was reached long before. The returned wait resolves once
 * nothing has been in flight for 300 ms (a lazy chunk or a query that starts late).
 */
export function trackRequests(page: Page): () => Promise<void> {
  let inFlight = 0;
  let changedAt = Date.now();
  const change = (delta: number) => () => {
    inFlight += delta;
    changedAt = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return () =>
    expect
      .poll(() => inFlight <= 0 && Date.now() - changedAt >= 300, { intervals: [100] })
      .toBe(true);
}

/** Fails on serious or critical accessibility violations, listing each with where it occurs. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  where: string,
  check: typeof expect | typeof expect.soft = expect,
) {
  // Check the page as a person reads it, not halfway through a load or a transition. What a
  // dialog hides from assistive technology (aria-hidden) is not read, loaded or not: a page
  // waiting behind "sign in again" for the person to come back is checked as the dialog.
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('[aria-busy="true"]')].filter(
            (element) => !element.closest('[aria-hidden="true"]'),
          ).length,
      ),
    )
    .toBe(0);
  await transitionsSettled(page);
  const results = await runAxe(page);
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.html.slice(0, 160)}`)
        .join('\n'),
  );
  check(report, `accessibility violations on ${where}`).toEqual([]);
}

/**
 * The upstream credentials of the sandbox: from the environment when set, otherwise the defaults
 * documented in .env.example (the same values the sandbox starts with).
 */
export function sandboxSecrets(): { name: string; value: string }[] {
  const documented = readEnvExample();
  const names = ['SANDBOX_API_KEY', 'SANDBOX_CLIENT_ID', 'SANDBOX_LIMITED_API_KEY'];
  const secrets = names
    .map((name) => ({ name, value: process.env[name] || documented[name] || '' }))
    .filter((secret) => secret.value.length > 0);
  if (!secrets.some((secret) => secret.name === 'SANDBOX_API_KEY')) {
    throw new Error('No sandbox API key known: set SANDBOX_API_KEY or add it to .env.example.');
  }
  return secrets;
}

function readEnvExample(): Record<string, string> {
  let text = '';
  try {
    text = readFileSync('.env.example', 'utf8');
  } catch {
    return {};
  }
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)=([^#\s]*)/.exec(line);
    if (match) values[match[1]] = match[2];
  }
  return values;
}

/** A phone held in the hand, as the portal's phone journeys measure it. */
export const PHONE_IN_HAND = { width: 375, height: 740 };

/**
 * A dialog on a phone: its title and the button that does its act wholly on the screen (a tall
 * form scrolls its fields between them, never the act off the screen), nothing of it beside the
 * screen, the focus inside it, and the page behind not scrolling.
 */
export async function expectDialogFitsTheScreen(
  page: Page,
  dialog: Locator,
  title: string,
  act: string,
) {
  await expect(dialog.getByRole('heading', { name: title })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: act, exact: true })).toBeInViewport({
    ratio: 1,
  });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
}

/**
 * The buttons and links drawn on the page that a thumb must aim at harder than 44 px allows, with
 * the height they take. A link counts unless it sits in running text (a sentence, which WCAG
 * 2.5.8 leaves at the text's size): alone in its line, or in a line of facts ("Account A1040173 ·
 * Direction: Out"). A link's reach beyond its box on touch (the theme's tap-area) counts as its
 * height.
 */
export async function smallTargets(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, [role="button"], a')]
      .filter((el) => {
        if (el.tagName !== 'A' || el.classList.contains('tap-target')) return true;
        const line = el.parentElement?.textContent?.trim() ?? '';
        return !/\.(\s|$)/.test(line.replace(el.textContent?.trim() ?? '', ''));
      })
      .map((el) => {
        const box = el.getBoundingClientRect();
        const reach = Number.parseFloat(getComputedStyle(el, '::after').height) || 0;
        return { el, box, height: Math.max(box.height, reach) };
      })
      // Drawn, and not waiting above the page for the keyboard (the skip link).
      .filter(({ box, height }) => box.width > 0 && box.bottom + window.scrollY > 0 && height < 44)
      .map(({ el, height }) => `${el.textContent || el.getAttribute('aria-label')}: ${height}`),
  );
}
