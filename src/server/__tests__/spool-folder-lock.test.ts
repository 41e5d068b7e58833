import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startPortal } from '../server';
import { TEST_DATA_KEY } from './harness';

/*
 * With PostgreSQL the store is shared, but DATA_DIR is not: it holds the process's outcome spool.
 * A second process on the same folder (another instance, a PGlite portal of the same checkout)
 * would replay that spool into its own store or empty it, so it is refused at start-up, before
 * anything starts, with a sentence naming the folder and DATA_DIR (docs/deploy.md).
 */
const root = mkdtempSync(path.join(tmpdir(), 'portal-spool-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('with DATABASE_URL, a portal whose DATA_DIR another live process holds refuses to start, naming it', async () => {
  const dataDir = path.join(root, 'portal');
  const lockFile = path.join(dataDir, 'portal.lock');
  // The other process: the test runner's parent, alive for the whole test.
  const other = `${process.ppid} ${hostname()}`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile, `${other}\n`);
  const config = loadConfig({
    PORT: '0',
    SANDBOX_PORT: '0',
    // Never reached: the refusal comes before the store is opened.
    DATABASE_URL: 'postgres://portal@127.0.0.1:1/none',
    DATA_DIR: dataDir,
    SANDBOX_DATA_DIR: path.join(root, 'sandbox'),
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    LOG_LEVEL: 'silent',
  });
  await expect(startPortal(config)).rejects.toThrow(
    `The data folder ${dataDir} is in use by another portal process (pid ${process.ppid}). With DATABASE_URL it still holds this process's outcome spool`,
  );
  await expect(startPortal(config)).rejects.toThrow(
    /give each portal process a DATA_DIR of its own/,
  );
  // The other process's lock is left as it was.
  expect(readFileSync(lockFile, 'utf8').trim()).toBe(other);
});
