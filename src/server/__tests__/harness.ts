import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { apiErrorSchema, type ApiError } from '../../contract/errors';
import { offeringListSchema, type Offering } from '../../contract/offerings';
import { startSandbox } from '../../sandbox/index';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig, type Config } from '../config';
import { fetchManifest, seedDemoUsers, type SandboxManifest } from '../demo-users';
import { openStore, type Db } from '../store/db';
import { createUser, link } from '../store/users';
import { openMoneyRequest, type MoneyRequestInit } from '../store/money-requests';
import type { LinkKind } from '../store/schema';
import type { Role } from '../../contract/session';
import { loggerOptions } from '../logger';

export const DEMO_PASSWORD = 'demo-password-for-tests';
export const ORIGIN = 'http://127.0.0.1:8080';
/**
 * The data key of every BFF a test builds, as every instance of a deployment shares one: the
 * stores here live in memory or in a throwaway database, so no key file is written to DATA_DIR.
 */
export const TEST_DATA_KEY = randomBytes(32).toString('base64');

export interface Harness {
  app: FastifyInstance;
  built: BuiltApp;
  db: Db;
  config: Config;
  sandboxUrl: string;
  manifest: SandboxManifest;
  credentials: { clientId: string; apiKey: string; limitedApiKey: string };
  /** What the outcome spool holds now (the outcomes the store could not record); needs `spool`. */
  readSpool(): string;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  /** Use the sandbox's limited key (lacks custody_account.read.pii_medium). */
  limitedKey?: boolean;
  databaseUrl?: string;
  /** Multiplies the route limits of the policy table (suites that send many requests on purpose). */
  limitScale?: number;
  /** The clock of the BFF's time-based caches. */
  now?: () => number;
  /** Where the BFF writes its log, with the portal's logger options at `info` (none by default). */
  logStream?: Writable;
  /** A built SPA to serve beside the API, as `npm start` serves dist/. */
  spaDir?: string;
  /** Give the BFF an outcome spool in a temp folder of its own, removed on close. */
  spool?: boolean;
}

/**
 * The real stack minus the browser: a sandbox on an ephemeral port as the upstream, an in-memory
 * store, and the BFF built with `buildApp` and exercised through `app.inject()`.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ port: 0, dataDir: null });
  const testDb = options.databaseUrl ? null : await createTestDatabase();
  const databaseUrl = options.databaseUrl ?? testDb?.url;
  const config = loadConfig({
    PORT: '8080',
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    TRANSACT_TIMEOUT_MS: '3000',
    // Off unless a test turns it on: the suites send the same request from one account often.
    SAME_REQUEST_WINDOW_MINUTES: '0',
    DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const db = await openStore({ databaseUrl: config.databaseUrl, dataDir: null });
  const manifest = await fetchManifest(sandbox.url);
  await seedDemoUsers(db, manifest, DEMO_PASSWORD);
  const spoolDir = options.spool ? mkdtempSync(path.join(tmpdir(), 'portal-spool-')) : null;
  const spoolFile = spoolDir ? path.join(spoolDir, 'outcome-spool.ndjson') : undefined;
  const built = await buildApp({
    config,
    db,
    sandbox: true,
    logger: options.logStream
      ? { ...(loggerOptions('info') as Record<string, unknown>), stream: options.logStream }
      : false,
    limitScale: options.limitScale,
    now: options.now,
    spaDir: options.spaDir,
    spoolFile,
    upstream: {
      baseUrl: sandbox.url,
      clientId: sandbox.credentials.clientId,
      apiKey: options.limitedKey ? sandbox.credentials.limitedApiKey : sandbox.credentials.apiKey,
      auth: config.upstreamAuth,
      timeoutMs: config.upstreamTimeoutMs,
      maxSockets: config.upstreamMaxSockets,
      breaker: config.upstreamBreaker,
    },
  });
  await built.app.ready();
  return {
    app: built.app,
    built,
    db,
    config,
    sandboxUrl: sandbox.url,
    manifest,
    credentials: sandbox.credentials,
    readSpool() {
      if (!spoolFile) throw new Error('the spool is read from a harness started with spool: true');
      return readFileSync(spoolFile, 'utf8');
    },
    async close() {
      await built.app.close();
      // The BFF's connections to the sandbox go with it: one whose call the BFF gave up on (a
      // timeout) would otherwise still be busy when the sandbox closes, which then waits for it
      // as for any keep-alive connection (72 s).
      built.deps.upstream.close();
      await db.destroy();
      await sandbox.close();
      await testDb?.drop();
      if (spoolDir) rmSync(spoolDir, { recursive: true, force: true });
    },
  };
}

/**
 * The harness of the test file (or describe block) that calls this: started before its tests and
 * closed after them, as the sandbox's suites do with useSandbox. Its fields are there from the
 * first hook registered after this call on, not while the file is being read.
 */
export function useHarness(options: HarnessOptions = {}, timeoutMs?: number): Harness {
  return heldHarness(options, timeoutMs, beforeAll, afterAll);
}

/**
 * As useHarness, but a harness of each test's own, started before it and closed after it: for
 * files whose tests change what the platform or the store holds for the one account they share
 * (a linked bank, requests a reconciliation pass counts), so no test finds another's leftovers.
 */
export function useHarnessPerTest(options: HarnessOptions = {}, timeoutMs?: number): Harness {
  return heldHarness(options, timeoutMs, beforeEach, afterEach);
}

function heldHarness(
  options: HarnessOptions,
  timeoutMs: number | undefined,
  before: typeof beforeAll,
  after: typeof afterAll,
): Harness {
  const holder = {} as Harness;
  before(async () => {
    Object.assign(holder, await startHarness(options));
  }, timeoutMs);
  after(async () => {
    if ('close' in holder) await holder.close();
  });
  return holder;
}

export interface CallOptions {
  cookie?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the X-CSRF header (to test that it is required). */
  noCsrf?: boolean;
  origin?: string | null;
}

/**
 * A store of a test file's own, opened before its tests and destroyed after: on PostgreSQL with
 * TEST_DATABASE_URL (scripts/postgres.sh start), else on embedded PGlite. Read `.db` in a test.
 */
export function useTestStore(): { readonly db: Db } {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openStore({ databaseUrl: testDb?.url, dataDir: null });
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await testDb?.drop();
  });
  return {
    get db() {
      if (!db) throw new Error('the test store is opened in beforeAll: read it in a test');
      return db;
    },
  };
}

/**
 * With TEST_DATABASE_URL (a PostgreSQL server; `scripts/postgres.sh start`), every harness gets a
 * database of its own, so the suite runs against PostgreSQL as well as against embedded PGlite.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const { default: pg } = await import('pg');
  const name = `portal_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Calls the BFF as the SPA does: X-CSRF header and, on writes, a same-origin Origin. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(options.noCsrf ? {} : { 'x-csrf': '1' }) };
  if (options.origin !== null && method !== 'GET') headers.origin = options.origin ?? ORIGIN;
  if (options.cookie) headers.cookie = options.cookie;
  Object.assign(headers, options.headers);
  return app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
}

/**
 * A source of Idempotency-Keys, a new one per submission as the SPA makes them:
 * `<prefix>-<time>-<n>-abcdef`, the prefix naming the suite, the suffix keeping even a short one
 * within the BFF's 16 to 100 characters (routes/define.ts).
 */
export function idempotencyKeys(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}-${Date.now()}-${++n}-abcdef`;
}

/** The error of a BFF error reply, read by the contract's schema: a reply off the contract fails the test. */
export function apiErrorOf(res: LightMyRequestResponse): ApiError {
  return apiErrorSchema.parse(res.json()).error;
}

/** Signs a demo user in and returns the cookie header to send with later calls. */
export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD) {
  const res = await call(app, 'POST', '/api/session', { body: { email, password } });
  if (res.statusCode !== 200)
    throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies[0];
  return `${cookie.name}=${cookie.value}`;
}

/**
 * A user of one test's own, with the demo password: what another test does to its factors,
 * sessions, role or links cannot reach it. Its email is new each call (`<role>-<n>@example.test`).
 */
export async function newUser(
  h: Pick<Harness, 'db'>,
  role: Role,
  links: readonly { kind: LinkKind; upstreamId: string }[] = [],
): Promise<{ id: string; email: string }> {
  const email = `${role.replaceAll('_', '-')}-${randomUUID().slice(0, 8)}@example.test`;
  const id = await createUser(h.db, { email, name: email, role, password: DEMO_PASSWORD });
  for (const l of links) await link(h.db, id, l.kind, l.upstreamId);
  return { id, email };
}

export async function callSandbox(sandboxUrl: string, path: string, body?: unknown) {
  const res = await fetch(`${sandboxUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return res.json() as Promise<unknown>;
}

/** How many calls of each operation the sandbox received since its last reset. */
export async function sandboxCalls(sandboxUrl: string): Promise<Record<string, number>> {
  const snapshot = (await callSandbox(sandboxUrl, '/__sandbox/calls')) as {
    byOperation: Record<string, number>;
  };
  return snapshot.byOperation;
}

/**
 * Settles every money request a test left of unknown outcome (or made to look still in flight)
 * as never sent, as a reviewer who checked the platform would: while one stands, the next
 * deposit, disbursement or investment of its kind for that account is refused unless
 * acknowledged (lib/standing-requests.ts), and the tests that call this are about something else.
 * It runs between tests, when no call of theirs is in flight.
 */
export async function settleLeftUnknown(db: Db): Promise<void> {
  const at = new Date();
  await db
    .updateTable('money_requests')
    .set({ outcome: 'not_sent', settled_at: at, settled_via: 'manual', settled_by: 'test' })
    .where('outcome', 'in', ['unknown', 'pending'])
    .where('kind', '!=', 'ira_supplement')
    .execute();
}

/**
 * A save of an issuer account as an instance holds it mid-call: its key claimed by `userId` on
 * `instance`, its lease running for `leaseMs` from `at`, with what it sent (routes/define.ts
 * keepSent). Whether that instance is alive is the test's (store/instances.ts announcePresence).
 */
export async function issuerSaveInFlight(
  db: Db,
  save: {
    userId: string;
    issuerId: string;
    key: string;
    instance: string;
    at: Date;
    leaseMs: number;
    sent: unknown;
  },
): Promise<void> {
  await db
    .insertInto('idempotency_records')
    .values({
      user_id: save.userId,
      route: 'POST /api/issuers/:issuerId/issuer-account',
      key: save.key,
      request_hash: 'h',
      state: 'pending',
      created_at: save.at,
      updated_at: save.at,
      owner_instance: save.instance,
      lease_expires_at: new Date(save.at.getTime() + save.leaseMs),
      subject_type: 'issuer',
      subject_id: save.issuerId,
      sent: JSON.stringify(save.sent),
    })
    .execute();
}

type StoreMethod = 'transaction' | 'selectFrom' | 'insertInto' | 'updateTable' | 'deleteFrom';

/**
 * Makes the store's given entry points fail as a dropped PostgreSQL connection does (every new
 * transaction, by default); returns the undo.
 */
export function breakStore(db: Db, methods: readonly StoreMethod[] = ['transaction']): () => void {
  const entries = db as unknown as Record<StoreMethod, unknown>;
  const originals = methods.map((m) => [m, entries[m]] as const);
  for (const m of methods) {
    entries[m] = () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    };
  }
  return () => {
    for (const [m, original] of originals) entries[m] = original;
  };
}

/**
 * Makes the sandbox drop the connection of the next call of `operation` (of those whose body
 * matches `when`, if given): its answer is lost.
 */
export function dropNextCall(
  sandboxUrl: string,
  operation: string,
  when?: Record<string, unknown>,
): Promise<unknown> {
  return callSandbox(sandboxUrl, '/__sandbox/faults', {
    operation,
    drop: true,
    times: 1,
    ...(when ? { when } : {}),
  });
}

/** Ends every fault the tests injected into the sandbox (docs/sandbox.md, DELETE /__sandbox/faults). */
export async function clearFaults(sandboxUrl: string): Promise<void> {
  await fetch(`${sandboxUrl}/__sandbox/faults`, { method: 'DELETE' });
}

/** How many calls of `operation` the sandbox received since its last reset. */
export async function sandboxCallsOf(sandboxUrl: string, operation: string): Promise<number> {
  return (await sandboxCalls(sandboxUrl))[operation] ?? 0;
}

/**
 * The offerings the suites invest in, as the investor's portal lists them: approved or open, with
 * more than 100 units left, so that no test buys one out from under another.
 */
async function investableOfferings(app: FastifyInstance, cookie: string) {
  const res = await call(app, 'GET', '/api/offerings', { cookie });
  return offeringListSchema
    .parse(res.json())
    .offerings.filter(
      (o) => ['approved', 'open'].includes(o.status) && Number(o.remainingShares) > 100,
    );
}

/**
 * The demo investor signed in, with their first two accounts and the offerings to invest in; a
 * sandbox with fewer than two fails the suite (the suites compare one offering with another).
 */
export async function investorWithTwoOfferings(h: Pick<Harness, 'app' | 'manifest'>) {
  const investor = await signIn(h.app, 'investor@demo.test');
  const [accountA, accountB] = h.manifest.investors[0].accountIds;
  const offerings = await investableOfferings(h.app, investor);
  if (offerings.length < 2) throw new Error('the sandbox has fewer than two investable offerings');
  return { investor, accountA, accountB, offerings };
}

/** The first of `investableOfferings`; a sandbox without one fails the suite, not a later assertion. */
export async function investableOffering(app: FastifyInstance, cookie: string): Promise<Offering> {
  const [offering] = await investableOfferings(app, cookie);
  if (!offering) throw new Error('the sandbox has no investable offering');
  return offering;
}

/** The units of an offering's minimum investment (rounded up) plus `extra`, as a request sends them. */
export function unitsAboveMinimum(offering: Offering, extra: number): string {
  return String(Math.ceil(Number(offering.minAmount) / Number(offering.unitPrice)) + extra);
}

/**
 * A trade made at the platform directly, not through the BFF: as when the call arrived and only
 * its answer was lost. Returns the platform's trade id.
 */
export async function tradeAtPlatform(
  h: Pick<Harness, 'sandboxUrl' | 'credentials'>,
  trade: { accountId: string; offeringId: string; units: string },
): Promise<string> {
  const res = await fetch(`${h.sandboxUrl}/index.php/v3/createTrade`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${h.credentials.clientId}:${h.credentials.apiKey}`,
    },
    body: JSON.stringify(trade),
  });
  return String(
    ((await res.json()) as { purchaseDetails: [boolean, { tradeId: string }[]] })
      .purchaseDetails[1][0].tradeId,
  );
}

/** The offering catalogue cannot be read: the BFF's cached read is dropped and the sandbox's next ten reads of it answer malformed JSON. */
export async function breakCatalogue(h: Harness): Promise<void> {
  h.built.deps.offerings.invalidate();
  for (const operation of ['offerings', 'getAllOffers']) {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation,
      malformedJson: true,
      times: 10,
    });
  }
}

/**
 * The fast-check parameters of the fuzz tests: `runs` generated inputs per route, drawn from a
 * fixed seed, so a run in CI tries the same inputs each time and a failure comes back on the
 * next run. FUZZ_RUNS=1000 searches deeper by hand; FUZZ_SEED=random (or any number) draws
 * other inputs. The properties and the coverage checks of each route are the same either way.
 */
export function fuzzParameters(runs: number): { numRuns: number; seed?: number } {
  const seed = process.env.FUZZ_SEED ?? '20261130';
  return {
    numRuns: Number(process.env.FUZZ_RUNS ?? runs),
    ...(seed === 'random' ? {} : { seed: Number(seed) }),
  };
}

/**
 * A register row opened as a claim opens one, for tests that need a row without a route: each
 * key asks its own request (its hash is the key's). Returns its reference.
 */
export async function openedRequest(
  db: Db,
  scope: { userId: string; route: string; key: string },
  init: MoneyRequestInit,
  at: Date,
): Promise<string> {
  const opened = await openMoneyRequest(
    db,
    { ...scope, requestHash: `test:${scope.key}` },
    init,
    at,
  );
  if (opened.kind !== 'opened') throw new Error(`the key ${scope.key} was refused: ${opened.kind}`);
  return opened.reference;
}
