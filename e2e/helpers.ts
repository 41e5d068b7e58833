import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

export async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
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

/** Fails on serious or critical accessibility violations, listing each with where it occurs. */

export async function expectNoSeriousA11yViolations(page: Page, where: string) {
  // Check the page as a person reads it, not halfway through a load or a transition.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await transitionsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
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
  expect(report, `accessibility violations on ${where}`).toEqual([]);
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
