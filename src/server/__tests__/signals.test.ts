import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { fakeSpaDir, freePort, run, startScript } from './processes';

/*
 * SIGTERM reaches the server that `npm start` starts: the command of the start script is run as
 * npm runs it (sh -c), and the signal sent to that process ends the server within the shutdown
 * deadline; the data folder is unlocked afterwards.
 */
const dataRoot = mkdtempSync(path.join(tmpdir(), 'portal-signals-'));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

/** What `npm start` is given here: the port, the shared data folder, and `env` on top. */
const portalEnv = (port: number, env: Record<string, string> = {}) => ({
  PORT: String(port),
  SANDBOX_PORT: '0',
  DATA_DIR: path.join(dataRoot, 'portal'),
  SANDBOX_DATA_DIR: path.join(dataRoot, 'sandbox'),
  SPA_DIR: fakeSpaDir('signals'),
  LOG_LEVEL: 'silent',
  ...env,
});

it('SIGTERM to the process npm start starts ends the server within the deadline', async () => {
  const port = await freePort();
  const portal = run(startScript(), portalEnv(port, { SHUTDOWN_DEADLINE_MS: '3000' }));
  await portal.waitFor(/Portal ready in/, 150_000);
  const health = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(health.status).toBe(200);

  portal.child.kill('SIGTERM');
  // Exit code 0: drained and closed before the deadline (the deadline path exits with 1).
  expect(await portal.exited(3_000 + 2_000)).toBe(0);
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

  // A second process may now open the same folder (the lock went with the first).
  const again = run(startScript(), portalEnv(port));
  await again.waitFor(/Portal ready in/, 150_000);
  // While it runs, a third process on the same folder fails fast with a plain sentence.
  const third = run(
    startScript(),
    portalEnv(await freePort(), { SANDBOX_DATA_DIR: path.join(dataRoot, 'sandbox-3') }),
  );
  expect(await third.exited(30_000)).toBe(1);
  expect(third.output()).toMatch(/is in use by another portal process \(pid \d+\)/);
  again.child.kill('SIGINT');
  expect(await again.exited(15_000)).toBe(0);
}, 400_000);
