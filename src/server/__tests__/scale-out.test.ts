import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { fetchManifest, seedDemoUsers, type SandboxManifest } from '../demo-users';
import { openStore, type Db } from '../store/db';
import type { SessionCache } from '../store/session-cache';
import {
  call,
  callSandbox,
  createTestDatabase,
  DEMO_PASSWORD,
  TEST_DATA_KEY,
  sandboxCalls,
  signIn,
} from './harness';

/**
 * Instances keep no state of their own. Two BFF instances on one
 * PostgreSQL database behave as one. Runs when TEST_DATABASE_URL names a server. A sign-out on
 * one reaches the other's session cache by the server's notification (store/auth-epoch.ts): the
 * tests wait for it to arrive (`caughtUp`), never for a time.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled)
  console.info('scale-out test skipped: set TEST_DATABASE_URL (scripts/postgres.sh start)');

describe.skipIf(!enabled)('two BFF instances on one PostgreSQL', () => {
  let sandbox: RunningSandbox;
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let manifest: SandboxManifest;
  const instances: { app: FastifyInstance; db: Db; sessions: SessionCache }[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, dataDir: null });
    testDb = await createTestDatabase();
    manifest = await fetchManifest(sandbox.url);
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({
        DATABASE_URL: testDb!.url,
        DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
        LOG_LEVEL: 'silent',
        DEMO_PASSWORD,
      });
      const db = await openStore({ databaseUrl: config.databaseUrl, dataDir: null });
      if (i === 0) await seedDemoUsers(db, manifest, DEMO_PASSWORD);
      const { app, sessions } = await buildApp({
        config,
        db,
        sandbox: true,
        logger: false,
        upstream: {
          baseUrl: sandbox.url,
          clientId: sandbox.credentials.clientId,
          apiKey: sandbox.credentials.apiKey,
          auth: 'header',
          timeoutMs: 5_000,
          maxSockets: 16,
        },
      });
      instances.push({ app, db, sessions });
    }
  });

  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.db.destroy();
    }
    await sandbox?.close();
    await testDb?.drop();
  });

  it('a session made on one instance works on the other', async () => {
    const [a, b] = instances;
    const cookie = await signIn(a.app, 'investor@demo.test');
    const res = await call(b.app, 'GET', '/api/session', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('investor@demo.test');
  });

  /** What GET /api/session answers on an instance for the cookie. */
  const sessionOn = async (app: FastifyInstance, cookie: string) =>
    (await call(app, 'GET', '/api/session', { cookie })).json();
  // Why, too: the instance that did not end it reads that from the store.
  const ENDED = { signedIn: false, ended: true, sessionEnded: 'revoked' };

  it('sign-out on one instance revokes the session on both', async () => {
    const [a, b] = instances;
    const cookie = await signIn(a.app, 'investor2@demo.test');
    expect((await call(b.app, 'DELETE', '/api/session', { cookie })).statusCode).toBe(204);
    await a.sessions.caughtUp();
    expect(await sessionOn(a.app, cookie)).toEqual(ENDED);
    expect(await sessionOn(b.app, cookie)).toEqual(ENDED);
  });

  it('a session both instances have cached ends on both at the sign-out on one', async () => {
    const [a, b] = instances;
    const cookie = await signIn(a.app, 'issuer@demo.test');
    // Both instances now hold the session in memory.
    expect((await call(a.app, 'GET', '/api/session', { cookie })).statusCode).toBe(200);
    expect((await call(b.app, 'GET', '/api/session', { cookie })).statusCode).toBe(200);
    expect((await call(a.app, 'DELETE', '/api/session', { cookie })).statusCode).toBe(204);
    await b.sessions.caughtUp();
    expect(await sessionOn(b.app, cookie)).toEqual(ENDED);
    expect(await sessionOn(a.app, cookie)).toEqual(ENDED);
  });

  it('two saves of one security’s hours at once, one on each instance, do not cross: the later is refused', async () => {
    // Before the sign-in failures below, which the sign-in limit counts against the next ones.
    const [a, b] = instances;
    const securityId = String(manifest.issuers[0].securityIds![0]);
    const url = `/api/securities/${securityId}/market-hours`;
    const issuer = await signIn(a.app, 'issuer@demo.test');
    const admin = await signIn(b.app, 'admin@demo.test');
    const opened = (await call(a.app, 'GET', url, { cookie: issuer })).json().securityHours.days;
    await callSandbox(sandbox.url, '/__sandbox/calls/reset', {});
    // The first save is slow at the platform: the other instance's save comes meanwhile.
    await callSandbox(sandbox.url, '/__sandbox/faults', {
      operation: 'updateSecurityMarketHours',
      latencyMs: 300,
      times: 1,
    });
    const week = (friday: object) => ({
      monday: { closed: false, open: '09:30', close: '16:00' },
      tuesday: { closed: false, open: '09:30', close: '16:00' },
      wednesday: { closed: false, open: '09:30', close: '16:00' },
      thursday: { closed: false, open: '09:30', close: '16:00' },
      friday,
      expected: opened,
    });
    const answers = await Promise.all([
      call(a.app, 'PUT', url, { cookie: issuer, body: week({ closed: true }) }),
      call(b.app, 'PUT', url, {
        cookie: admin,
        body: week({ closed: false, open: '10:00', close: '12:00' }),
      }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const calls = await sandboxCalls(sandbox.url);
    expect(calls.updateSecurityMarketHours, JSON.stringify(calls)).toBe(1);
  });

  it('sign-in failures count across both instances', async () => {
    const email = 'compliance@demo.test';
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const app = instances[i % 2].app;
      codes.push(
        (await call(app, 'POST', '/api/session', { body: { email, password: `nope-${i}` } }))
          .statusCode,
      );
    }
    // Eight failures are allowed in the window wherever they land; the ninth is refused.
    expect(codes.slice(0, 8).every((c) => c === 401)).toBe(true);
    expect(codes.slice(8).every((c) => c === 429)).toBe(true);
  });

  it('20 concurrent wrong passwords split across both instances: only the limit is evaluated', async () => {
    const email = 'admin@demo.test';
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(instances[i % 2].app, 'POST', '/api/session', {
          body: { email, password: `wrong-${i}` },
        }).then((r) => r.statusCode),
      ),
    );
    expect(codes.filter((c) => c === 401)).toHaveLength(8);
    expect(codes.filter((c) => c === 429)).toHaveLength(12);
  });

  it('20 concurrent duplicate disbursements split across both instances create exactly one', async () => {
    const [a, b] = instances;
    const accountId = manifest.investors[0].accountIds[0];
    const cookie = await signIn(a.app, 'investor@demo.test');
    await callSandbox(sandbox.url, '/__sandbox/calls/reset', {});
    const key = randomUUID();
    const body = { type: 'ach', amount: '12.34' };
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(i % 2 ? b.app : a.app, 'POST', `/api/accounts/${accountId}/disbursements`, {
          cookie,
          body,
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(replies[0].statusCode));
    expect(replies[0].statusCode).toBeLessThan(300);
    const ids = new Set(replies.map((r) => r.json().requestId as string));
    expect(ids.size).toBe(1);
    const calls = await sandboxCalls(sandbox.url);
    expect(calls.createCustodyFundDisbursement, JSON.stringify(calls)).toBe(1);
  });
});
