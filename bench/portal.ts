import { startSandbox, type RunningSandbox } from '../src/sandbox/index';
import type { SandboxManifest } from '../src/server/demo-users';
import { openStore, type Db } from '../src/server/store/db';
import type { FastifyInstance } from 'fastify';
import { benchSessionCookie, startBenchBff } from './bff';

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
  const db = await openStore({ dataDir: null, databaseUrl });
  const { app, url, manifest } = await startBenchBff({ sandbox, db });
  return {
    bffUrl: url,
    sandbox,
    manifest,
    app,
    db,
    sessionCookie: (email) => benchSessionCookie(db, email),
    async close() {
      await app.close();
      await db.destroy();
      await sandbox.close();
    },
  };
}
