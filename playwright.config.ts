import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real stack: `npm start` (sandbox + BFF + built SPA) on its own ports
 * and data folders. E2E_PORT lets several runs share a machine: everything else derives from it.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
const sandboxPort = port + 10;
export const baseURL = `http://127.0.0.1:${port}`;
export const sandboxURL = `http://127.0.0.1:${sandboxPort}`;

// Debian's Chromium when present (this machine cannot download browsers), Playwright's elsewhere.
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'off',
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--no-sandbox',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npm start',
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: `.data/e2e-${port}/portal`,
      SANDBOX_DATA_DIR: `.data/e2e-${port}/sandbox`,
      SPA_DIR: process.env.SPA_DIR ?? (port === 8181 ? 'dist' : `.data/e2e-${port}/dist`),
      LOG_FILE: process.env.E2E_LOG_FILE ?? `.data/e2e-${port}/portal.log`,
      E2E_FRESH: '1',
      DEMO_PASSWORD: 'demo-password-2026',
    },
  },
});
