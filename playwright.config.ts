import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * E2E_PORT lets several runs share a machine: the sandbox port, the data folders and the SPA build
 * folder all derive from it. The default run (npm test) uses 8181 and builds into dist/.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const SANDBOX_PORT = PORT + 10;
const baseURL = `http://127.0.0.1:${PORT}`;
export const sandboxURL = `http://127.0.0.1:${SANDBOX_PORT}`;
const dataDir = `.data/e2e-${PORT}`;
/** Each demo user's signed-in browser state, made once a run (e2e/global-setup.ts). */
export const signedInStateDir = `${dataDir}/signed-in`;
/** The local OpenID provider of the single sign-on journey (e2e/identity.spec.ts). */
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 8335);

/**
 * A system Chromium when the machine has one (CI images, containers without Playwright's
 * download), Playwright's own browser everywhere else. E2E_CHROMIUM names another binary.
 * Chromium's headless shell comes first: the same Blink without the browser's user interface,
 * it runs the whole suite in about 5 min where the full browser in headless mode took 8 to 9 on
 * the 2-core CI machine, every test CPU-bound (docs/benchmarks.md, "CI time").
 */
const systemChromium = [
  process.env.E2E_CHROMIUM ?? '',
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].find((path) => path && existsSync(path));
const launchOptions = systemChromium
  ? {
      executablePath: systemChromium,
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--no-sandbox',
      ],
    }
  : {};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Parallel runs on other ports must not delete each other's traces.
  outputDir: `${dataDir}/test-results`,
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // One worker more than the cores, at most four; the specs that share sandbox state run serially
  // inside. A journey waits part of its time (on the network, on its page's timers, on the
  // portal), so a third worker on two cores fills the waits: on a fast 2-core machine the suite
  // took 290 s with two workers (the cores 81 % busy), 258 s with three and 216 s with four. On a
  // slower one (the kind CI may get) four took 390 s and a journey ran out of its 10 s wait for
  // the order book's next page, where three took 356 s and all passed: each journey's waits must
  // hold on the slowest machine, so three.
  workers: Math.min(4, availableParallelism() + 1),
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A failed test keeps its trace: its actions with their locators and errors, network and
    // console, and its screenshot at the failure. Recorded for every test, the trace leaves out
    // what costs the most: the screencast (encoding frames cost about a sixth of the run's CPU on
    // the 2-core machine, 42 s against 35 s for two page walks) and the DOM snapshot taken around
    // every action (three specs took 50.5–54.6 s with them and 41.3–45.1 s without, runs in turns,
    // the SPA already built; docs/benchmarks.md, "CI time").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'America/New_York',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  webServer: {
    command: 'npm start',
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      DATA_DIR: `${dataDir}/portal`,
      SANDBOX_DATA_DIR: `${dataDir}/sandbox`,
      SPA_DIR: process.env.SPA_DIR ?? (PORT === 8181 ? 'dist' : `${dataDir}/dist`),
      // The whole run's BFF log, scanned for secrets and personal data.
      LOG_FILE: `${dataDir}/portal.log`,
      DEMO_PASSWORD: 'demo-password-2026',
      E2E_FRESH: '1',
      // A lost money request may be recorded as never arrived, and a lost issuer account save
      // as not held, after the quiet period (RECONCILE_NOT_SENT_AFTER_MS, 30 minutes by default),
      // at the least the upstream timeout plus the claim lease (src/server/lib/being-sent.ts).
      // Four journeys wait it out: a 3 s lease (renewed each second) and the shortest quiet
      // period keep that wait to 13 s. No housekeeping pass runs in a run, so no lost request is
      // settled behind a journey's back before its reviewer settles it.
      CLAIM_LEASE_MS: '3000',
      RECONCILE_NOT_SENT_AFTER_MS: '13000',
      HOUSEKEEPING_INTERVAL_MS: '3600000',
      // Every journey signs in from 127.0.0.1, a hundred times and more in a run.
      SIGN_IN_LIMIT_PER_ADDRESS: '2000',
      // Single sign-on against the local OpenID provider the identity journey starts on this
      // port (discovery happens at the first sign-in, so other specs never need it).
      OIDC_ISSUER_URL: `http://127.0.0.1:${OIDC_PORT}`,
      OIDC_CLIENT_ID: 'portal-test',
      OIDC_CLIENT_SECRET: 'portal-test-secret-0123456789abcdef',
      OIDC_GROUP_ROLES: 'portal-compliance=compliance',
    },
  },
});
