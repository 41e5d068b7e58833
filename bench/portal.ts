import { startSandbox, type RunningSandbox } from '../src/sandbox/index';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { fetchManifest, seedDemoUsers, type SandboxManifest } from '../src/server/demo-users';
import { openStore, type Db } from '../src/server/store/db';
import { createSession } from '../src/server/store/sessions';
import { findUserIdByEmail } from '../src/server/store/users';
import type { FastifyInstance } from 'fastify';

/** The real stack on 127.0.0.1 for benchmarks: sandbox + BFF on ephemeral ports, in-memory store. */
export interface BenchPortal {
  bffUrl: string;
  sandbox: RunningSandbox;
  manifest: SandboxManifest;
  app: FastifyInstance;
  db: Db;
  /** Opens a session straight in the store (sign-in is rate limited and deliberately slow). */
  sessionCookie(email: string): Promise<string>;
  close(): Promise<void>;
}

export async function startBenchPortal(): Promise<BenchPortal> {
  const sandbox = await startSandbox({ port: 0, dataDir: null });
  // BENCH_DATABASE_URL runs the store on a PostgreSQL server instead of embedded PGlite.
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', DEMO_PASSWORD: 'bench-password-1' });
  const db = await openStore({ dataDir: null, databaseUrl });
  const manifest = await fetchManifest(sandbox.url);
  await seedDemoUsers(db, manifest, 'bench-password-1');
  const { app } = await buildApp({
    config,
    db,
    sandbox: true,
    logger: false,
    upstream: {
      baseUrl: sandbox.url,
      clientId: sandbox.credentials.clientId,
      apiKey: sandbox.credentials.apiKey,
      auth: 'header',
      timeoutMs: 10_000,
      maxSockets: 64,
    },
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    bffUrl: address,
    sandbox,
    manifest,
    app,
    db,
    async sessionCookie(email) {
      const userId = await findUserIdByEmail(db, email);
      if (!userId) throw new Error(`no user ${email}`);
      const { token } = await createSession(
        db,
        userId,
        { idleMs: 3_600_000, absoluteMs: 3_600_000 },
        {},
      );
      return `portal_session=${token}`;
    },
    async close() {
      await app.close();
      await db.destroy();
      await sandbox.close();
    },
  };
}
