import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { fetchManifest, seedDemoUsers, type SandboxManifest } from '../src/server/demo-users';
import type { Db } from '../src/server/store/db';
import { createSession } from '../src/server/store/sessions';
import { findUserIdByEmail } from '../src/server/store/users';

/** The demo users' password in every benchmark. */
export const BENCH_PASSWORD = 'bench-password-1';

export interface BenchBffOptions {
  /** The sandbox the BFF calls, and the credentials it was started with. */
  sandbox: { url: string; credentials: { clientId: string; apiKey: string } };
  db: Db;
  /** 0 for any free port; a known port where sign-ins must come from PUBLIC_URL. */
  port?: number;
  /** A built SPA to serve, for the benchmarks that drive a browser. */
  spaDir?: string;
}

/**
 * The BFF as the benchmarks run it on 127.0.0.1: logs off (BENCH_LOG_FILE=path logs at `info`
 * into that file, as `npm start` logs to its output: one line a request when it is answered,
 * carrying its upstream calls), the demo users seeded from the upstream's manifest, and a socket pool
 * wide enough for the load they send.
 */
export async function startBenchBff({ sandbox, db, port = 0, spaDir }: BenchBffOptions): Promise<{
  app: FastifyInstance;
  url: string;
  manifest: SandboxManifest;
}> {
  const logFile = process.env.BENCH_LOG_FILE || undefined;
  const config = loadConfig({
    PORT: String(port),
    // The store lives in memory: a key for this run, not a key file in the data folder.
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: logFile ? 'info' : 'silent',
    ...(logFile ? { LOG_FILE: logFile } : {}),
    DEMO_PASSWORD: BENCH_PASSWORD,
  });
  const manifest = await fetchManifest(sandbox.url);
  await seedDemoUsers(db, manifest, BENCH_PASSWORD);
  const { app } = await buildApp({
    config,
    db,
    sandbox: true,
    ...(logFile ? {} : { logger: false as const }),
    spaDir,
    upstream: {
      baseUrl: sandbox.url,
      clientId: sandbox.credentials.clientId,
      apiKey: sandbox.credentials.apiKey,
      auth: 'header',
      timeoutMs: 10_000,
      maxSockets: 64,
    },
  });
  const url = await app.listen({ port, host: '127.0.0.1' });
  return { app, url, manifest };
}

/** Opens a session straight in the store (sign-in is rate limited and deliberately slow). */
export async function benchSessionCookie(db: Db, email: string): Promise<string> {
  const userId = await findUserIdByEmail(db, email);
  if (!userId) throw new Error(`no user ${email}`);
  const { token } = await createSession(
    db,
    userId,
    { idleMs: 3_600_000, absoluteMs: 3_600_000 },
    {},
  );
  return `portal_session=${token}`;
}
