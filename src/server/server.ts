import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Config, UpstreamSettings } from './config';
import { buildApp, type BuiltApp } from './app';
import { isExclusiveStore, openStore, type Db } from './store/db';
import { lockFolder } from './store/folder-lock';
import { makePrivate } from './store/private-folder';
import { endForeignLeases } from './store/idempotency';
import { endSendsOfStoppedProcess } from './store/approvals';
import { lostSendOutcome } from './routes/approvals';
import { startHousekeeping } from './housekeeping';
import { keepServingOnStrayRejections } from './lib/stray-rejections';
import { removeDemoUsers } from './store/users';
import { fetchManifest, seedDemoUsers, type DemoUser } from './demo-users';

export interface RunningPortal {
  url: string;
  sandboxUrl?: string;
  demoUsers: DemoUser[];
  built: BuiltApp;
  db: Db;
  close(): Promise<void>;
}

export interface StartOptions {
  spaDir?: string;
  /** Wipe the data folders first (fresh e2e runs). */
  fresh?: boolean;
}

const SPOOL_FOLDER_ADVICE =
  "With DATABASE_URL it still holds this process's outcome spool (money outcomes waiting for the store), which no other process may replay or empty: give each portal process a DATA_DIR of its own, or stop that process first.";

/** Starts the BFF, and the sandbox in-process when no real upstream is configured. */
export async function startPortal(
  config: Config,
  options: StartOptions = {},
): Promise<RunningPortal> {
  if (options.fresh) {
    rmSync(config.dataDir, { recursive: true, force: true });
    rmSync(config.sandboxDataDir, { recursive: true, force: true });
    if (config.logFile) rmSync(config.logFile, { force: true });
  }
  if (config.logFile) mkdirSync(path.dirname(config.logFile), { recursive: true });
  // The store is shared on a PostgreSQL server, DATA_DIR is not: it holds this process's outcome
  // spool, which another process on the same folder (a second instance, a PGlite portal of the
  // same checkout, whose store locks the folder the same way) would replay into its own store or
  // truncate. Taken before anything starts; a failed start exits the process, which releases it.
  // The spool and the data key file are this user's only, as a PGlite folder is (openStore).
  if (config.databaseUrl) makePrivate(config.dataDir);
  const spoolLock = config.databaseUrl ? lockFolder(config.dataDir, SPOOL_FOLDER_ADVICE) : null;

  // The sandbox and the store start side by side: each takes a second or more on a small machine.
  const opened = openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.store,
    onIdleError: (err) =>
      console.warn(`Store: a database connection failed (${err.message}); it will be reopened.`),
  });
  // Until it is awaited below, a failure to open must not surface as an unhandled rejection.
  opened.catch(() => undefined);
  let sandbox: { url: string; close(): Promise<void> } | undefined;
  let upstreamSettings: UpstreamSettings;
  if (config.upstream) {
    upstreamSettings = config.upstream;
  } else {
    // The sandbox is only loaded here, and only without a real upstream.
    const { startSandbox } = await import('../sandbox/index');
    const started = await startSandbox({
      port: config.sandboxPort,
      dataDir: config.sandboxDataDir,
    }).catch(async (err: unknown) => {
      await opened.then((db) => db.destroy()).catch(() => undefined);
      throw err;
    });
    sandbox = started;
    upstreamSettings = {
      baseUrl: started.url,
      clientId: started.credentials.clientId,
      apiKey: started.credentials.apiKey,
      auth: config.upstreamAuth,
      timeoutMs: config.upstreamTimeoutMs,
      maxSockets: config.upstreamMaxSockets,
      breaker: config.upstreamBreaker,
    };
  }

  const db = await opened.catch(async (err: unknown) => {
    await sandbox?.close().catch(() => undefined);
    throw err;
  });
  // The demo users are seeded while the app is built: the check of their password runs on the
  // thread pool (argon2) while the routes are registered on the main thread, and neither needs
  // the other. Both are done before the portal listens.
  const seeding: Promise<DemoUser[]> = sandbox
    ? fetchManifest(sandbox.url).then((manifest) =>
        seedDemoUsers(db, manifest, config.demoPassword),
      )
    : removeDemoUsers(db).then(() => []);
  // Until it is awaited below, a failure must not surface as an unhandled rejection.
  seeding.catch(() => undefined);
  // Expired sessions are pruned by the first housekeeping pass (below), not before the portal
  // listens: the session check refuses them anyway.

  const built = await buildApp({
    config,
    db,
    upstream: upstreamSettings,
    sandbox: Boolean(sandbox),
    spaDir: options.spaDir,
  });
  // One stray failed promise is logged, not a reason to end every request in flight.
  const strayRejections = keepServingOnStrayRejections(built.app.log);
  const demo = await seeding.catch(async (err: unknown) => {
    strayRejections();
    await built.app.close().catch(() => undefined);
    throw err;
  });
  // On a locked PGlite folder no other process can hold a claim: claims left by a process that
  // died are ended now, and the first housekeeping pass (below) marks them unknown and reconciles.
  if (isExclusiveStore(db)) {
    const ended = await endForeignLeases(db, built.deps.instanceId);
    if (ended > 0) built.app.log.warn({ ended }, 'claims of a stopped process found at start-up');
  }
  // Approvals a stopped process was sending (on PostgreSQL, those whose instance is gone): they
  // read "outcome unknown" already, and are stored so now.
  const cut = await endSendsOfStoppedProcess(db, lostSendOutcome);
  if (cut > 0)
    built.app.log.warn({ cut }, 'approvals a stopped process was sending found at start-up');
  const housekeeping = startHousekeeping({
    db,
    upstream: built.deps.upstream,
    spool: built.deps.spool,
    config,
    log: built.app.log,
  });
  const address = await built.app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  const url = config.port === 0 ? `http://${config.host}:${port}` : config.publicUrl;

  return {
    url,
    sandboxUrl: sandbox?.url,
    demoUsers: demo,
    built,
    db,
    async close() {
      housekeeping.stop();
      await built.app.close();
      await db.destroy();
      await sandbox?.close();
      strayRejections();
      spoolLock?.release();
    },
  };
}
