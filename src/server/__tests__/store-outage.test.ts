import { appendFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeIdOf, type Db } from '../store/db';
import { findRow } from '../store/rows';
import { OutcomeSpool } from '../store/spool';
import { getMoneyRequest } from '../store/money-requests';
import {
  breakStore,
  call,
  callSandbox,
  investableOffering,
  sandboxCalls,
  signIn,
  unitsAboveMinimum,
  useHarness,
} from './harness';

/*
 * The store fails (or stops answering) while a disbursement is at the upstream: the upstream
 * creates it, the BFF cannot record the outcome. The user is still told it was submitted, with
 * the upstream id and our reference; the outcome waits in the spool and the register shows it
 * once the store is back.
 */
let cookie: string;
let accountId: string;

// One statement timeout of 1.5 s: what a frozen store may hold a request for (the test below).
// Every investment asks for step-up (STEP_UP_INVESTMENT_ABOVE), whose check reads the store.
const h = useHarness({
  spool: true,
  env: { STORE_STATEMENT_TIMEOUT_MS: '1500', STEP_UP_INVESTMENT_ABOVE: '1' },
});
beforeAll(async () => {
  cookie = await signIn(h.app, 'investor@demo.test');
  accountId = h.manifest.investors[0].accountIds[0];
});

const disburse = (key: string) =>
  call(h.app, 'POST', `/api/accounts/${accountId}/disbursements`, {
    cookie,
    body: { type: 'ach', amount: '42.10' },
    headers: { 'idempotency-key': key },
  });

/** Resolves once the sandbox has received a call of `operation` (it may still be answering). */
async function atUpstream(operation: string): Promise<void> {
  while (((await sandboxCalls(h.sandboxUrl))[operation] ?? 0) === 0) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Sends a disbursement and takes the store away once the call of `operation` is at the sandbox
 * (held there for 400 ms), giving it back when the answer is in: the answer.
 */
async function disburseLosingTheStoreAt(
  key: string,
  operation: 'createCustodyFundDisbursement' | 'getExternalAccount',
  methods?: Parameters<typeof breakStore>[1],
  takeAway: () => () => void = () => breakStore(h.db, methods),
) {
  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  await callSandbox(h.sandboxUrl, '/__sandbox/faults', { operation, latencyMs: 400, times: 1 });
  const pending = disburse(key);
  await atUpstream(operation);
  const restore = takeAway();
  try {
    return await pending;
  } finally {
    restore();
  }
}

/** A reviewer asks for reconciliation now (what housekeeping does on its pass). */
async function reconcileByHand() {
  const staff = await signIn(h.app, 'compliance@demo.test');
  return call(h.app, 'POST', '/api/compliance/money-requests/reconcile', {
    cookie: staff,
    body: {},
  });
}

/** The "outcome unknown" audit events written for a request. */
const unknownEventsOf = (reference: string) =>
  h.db
    .selectFrom('audit_events')
    .select('object_id')
    .where('action', '=', 'money_request_unknown')
    .where('object_id', '=', reference)
    .execute();

/** Nothing could renew the claim's lease while the store was down: it has run out. */
const leaseRanOut = (key: string) =>
  h.db
    .updateTable('idempotency_records')
    .set({ lease_expires_at: new Date(Date.now() - 1_000) })
    .where('key', '=', key)
    .execute();

it('store down before sending: 503 with Retry-After, nothing submitted', async () => {
  const restore = breakStore(h.db);
  try {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const res = await disburse('outage-before-send-0001');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toMatchObject({ code: 'store_unavailable', submitted: 'no' });
    // The portal's sentence pair, why and what to do, which the form shows alone: no "Nothing
    // was submitted" (the outcome says so) and no second "try again".
    const next = 'Nothing in your request needs to change: send it again in a moment.';
    expect(res.json().error).toMatchObject({
      message: `The portal's database is not answering right now. ${next}`,
      nextStep: next,
    });
    expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement ?? 0).toBe(0);
  } finally {
    restore();
  }
});

it('store down after the upstream created it: submitted with the id, spooled, then in the register', async () => {
  const key = 'outage-after-send-00001';
  const res = await disburseLosingTheStoreAt(key, 'createCustodyFundDisbursement');
  // Never "try again": the receipt, with the upstream id and our reference.
  expect(res.statusCode).toBe(201);
  const receipt = res.json() as { requestId: string; amount: string };
  expect(receipt.requestId).toMatch(/[0-9a-f-]{36}/);
  const reference = String(res.headers['money-reference']);
  const spooled = h.readSpool();
  expect(spooled).toContain(reference);
  // Money outcomes, for this user only: appended and rewritten by the replay alike.
  const spoolMode = () => statSync(h.built.deps.spool.file).mode & 0o777;
  if (process.platform !== 'win32') expect(spoolMode()).toBe(0o600);

  // The store is back: the next housekeeping pass replays the spool.
  expect(await h.built.deps.spool.replay(h.db)).toEqual({ replayed: 1, remaining: 0, dropped: 0 });
  if (process.platform !== 'win32') expect(spoolMode()).toBe(0o600);
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({
    outcome: 'created',
    upstreamId: receipt.requestId,
    settledVia: 'spool',
  });
  const audits = await h.db
    .selectFrom('audit_events')
    .select('details')
    .where('action', '=', 'disbursement_requested')
    .execute();
  expect(
    audits.filter((a) => (a.details as { reference?: string }).reference === reference),
  ).toHaveLength(1);
  // A retry of the key replays the receipt; nothing is sent again, and a second replay of the
  // spool changes nothing.
  const retry = await disburse(key);
  expect(retry.statusCode).toBe(201);
  expect(retry.json().requestId).toBe(receipt.requestId);
  expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement).toBe(1);
  expect(await h.built.deps.spool.replay(h.db)).toEqual({ replayed: 0, remaining: 0, dropped: 0 });
});

it('store back before the spool is replayed: a retry is given the receipt, not "stopped before its outcome was known"', async () => {
  const key = 'outage-window-retry-0001';
  const res = await disburseLosingTheStoreAt(key, 'createCustodyFundDisbursement');
  expect(res.statusCode).toBe(201);
  const receipt = res.json() as { requestId: string };
  const reference = String(res.headers['money-reference']);
  // By the time the store is back the lease has run out, and no housekeeping pass has replayed
  // the spool yet.
  await leaseRanOut(key);
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({ outcome: 'pending' });

  const retry = await disburse(key);
  expect(retry.statusCode).toBe(201);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  expect(retry.headers['money-reference']).toBe(reference);
  expect(retry.json().requestId).toBe(receipt.requestId);
  // The register tells the same story at once: created, from the spooled outcome.
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({
    outcome: 'created',
    upstreamId: receipt.requestId,
    settledVia: 'spool',
  });
  expect(await unknownEventsOf(reference)).toHaveLength(0);
  expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement).toBe(1);
  // The spool's own replay later changes nothing.
  await h.built.deps.spool.replay(h.db);
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({ outcome: 'created' });
});

it('reconciling by hand before the spool is replayed records the spooled outcome, not "unknown"', async () => {
  const key = 'outage-window-reconcile-01';
  const res = await disburseLosingTheStoreAt(key, 'createCustodyFundDisbursement');
  expect(res.statusCode).toBe(201);
  const reference = String(res.headers['money-reference']);
  await leaseRanOut(key);

  expect((await reconcileByHand()).statusCode).toBe(200);
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({
    outcome: 'created',
    settledVia: 'spool',
  });
  expect(await unknownEventsOf(reference)).toHaveLength(0);
});

it('store down between the claim and the sending: "not sent", and once it is back the same request goes through, not "still being processed"', async () => {
  const key = 'outage-before-send-spooled-01';
  // The linked-bank read (§4.5) comes before anything is sent: the store goes while it is out.
  const res = await disburseLosingTheStoreAt(key, 'getExternalAccount', [
    'transaction',
    'selectFrom',
  ]);
  expect(res.statusCode).toBe(503);
  expect(res.json().error).toMatchObject({ code: 'store_unavailable', submitted: 'no' });
  const first = String(res.headers['money-reference']);
  // The store could not take the "not sent": it waits in the spool, naming this attempt.
  expect(h.readSpool()).toContain(`"kind":"not_sent"`);
  expect(await getMoneyRequest(h.db, first)).toMatchObject({ outcome: 'pending' });

  // The store is back and the person sends the same request again, at once: it is sent, under
  // the same register row (one a request), never "still being processed" or "unknown".
  const retry = await disburse(key);
  expect(retry.statusCode).toBe(201);
  expect(retry.headers['idempotent-replayed']).toBeUndefined();
  expect(retry.headers['money-reference']).toBe(first);
  expect(await getMoneyRequest(h.db, first)).toMatchObject({
    outcome: 'created',
    upstreamId: retry.json().requestId,
  });
  expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement).toBe(1);
  // The housekeeping pass's replay of the line changes nothing: it names the first attempt only,
  // so the retry's record and register row stay as they are.
  await h.built.deps.spool.replay(h.db);
  expect(await getMoneyRequest(h.db, first)).toMatchObject({ outcome: 'created' });
  const again = await disburse(key);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.json().requestId).toBe(retry.json().requestId);
  expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement).toBe(1);
});

it('a not-sent attempt left in the spool is settled "not sent" by the housekeeping pass, even once its lease ran out', async () => {
  const key = 'outage-before-send-spooled-02';
  const res = await disburseLosingTheStoreAt(key, 'getExternalAccount', [
    'transaction',
    'selectFrom',
  ]);
  expect(res.json().error).toMatchObject({ submitted: 'no' });
  const reference = String(res.headers['money-reference']);
  await leaseRanOut(key);

  // Reconciliation replays the spool before it expires dead claims (housekeeping.ts).
  expect((await reconcileByHand()).statusCode).toBe(200);
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({
    outcome: 'not_sent',
    settledVia: 'spool',
  });
  expect(await unknownEventsOf(reference)).toHaveLength(0);
  // The key is free again: the same request is sent.
  expect((await disburse(key)).statusCode).toBe(201);
});

/**
 * Fails the store's next read of `table` on its own, as a connection dropped under that query
 * would; every other query goes on. Returns the undo.
 */
function failNextReadOf(db: Db, table: string): () => void {
  const entries = db as unknown as { selectFrom: (from: unknown) => unknown };
  const original = entries.selectFrom;
  let failed = false;
  entries.selectFrom = function (this: unknown, from: unknown) {
    if (!failed && from === table) {
      failed = true;
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    }
    return original.call(this, from);
  };
  return () => {
    entries.selectFrom = original;
  };
}

it('the store fails inside the investment, before anything is sent (its step-up check): "not sent", never "may have reached the platform", and the next investment goes', async () => {
  const offering = await investableOffering(h.app, cookie);
  const invest = (key: string) =>
    call(h.app, 'POST', `/api/offerings/${offering.id}/investments`, {
      cookie,
      body: { accountId, units: unitsAboveMinimum(offering, 1) },
      headers: { 'idempotency-key': key },
    });
  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  // Above STEP_UP_INVESTMENT_ABOVE (1 here) the step-up check reads whether the investor has a
  // second factor: the one read that fails.
  const restore = failNextReadOf(h.db, 'second_factors');
  let res;
  try {
    res = await invest('outage-in-handler-0001');
  } finally {
    restore();
  }
  expect(res.statusCode).toBe(503);
  expect(res.json().error).toMatchObject({ code: 'store_unavailable', submitted: 'no' });
  expect(res.json().error.message).not.toMatch(/may or may not|may have/);
  const reference = String(res.headers['money-reference']);
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({ outcome: 'not_sent' });
  expect(await unknownEventsOf(reference)).toHaveLength(0);
  expect((await sandboxCalls(h.sandboxUrl)).createTrade ?? 0).toBe(0);

  // Nothing stands in the way: a new investment is sent, once.
  const next = await invest('outage-in-handler-0002');
  expect(next.statusCode).toBe(201);
  expect((await sandboxCalls(h.sandboxUrl)).createTrade).toBe(1);
});

it('store down under a read: 503 saying why and when to look again, not "Nothing was changed"', async () => {
  // The register's read is a plain query, not a transaction: it fails as the connection does.
  const restore = breakStore(h.db, ['selectFrom']);
  try {
    const res = await call(h.app, 'GET', `/api/accounts/${accountId}/money-requests`, { cookie });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toMatchObject({
      code: 'store_unavailable',
      message: "The portal's database is not answering right now. Please try again in a moment.",
      nextStep: 'Please try again in a moment.',
    });
  } finally {
    restore();
  }
});

/**
 * Every new transaction waits for a server that does not answer (a PostgreSQL server frozen, not
 * down); the undo fails them as pg's own wait does when it runs out.
 */
function freezeStore(db: Db): () => void {
  const entries = db as unknown as { transaction: unknown };
  const original = entries.transaction;
  const waiting: ((err: Error) => void)[] = [];
  entries.transaction = () => ({
    execute: () => new Promise((_resolve, reject) => waiting.push(reject)),
  });
  return () => {
    entries.transaction = original;
    for (const reject of waiting.splice(0)) reject(new Error('Query read timeout'));
  };
}

it('store frozen after the upstream created it: the receipt within the statement timeout, the outcome spooled', async () => {
  // Answered while the store is still frozen: the wait was bounded, not ended by the thaw.
  const res = await disburseLosingTheStoreAt(
    'frozen-after-send-0001',
    'createCustodyFundDisbursement',
    undefined,
    () => freezeStore(h.db),
  );
  expect(res.statusCode).toBe(201);
  const receipt = res.json() as { requestId: string };
  const reference = String(res.headers['money-reference']);
  expect(h.readSpool()).toContain(reference);

  // The store answers again: the replay records what the person was told.
  expect(await h.built.deps.spool.replay(h.db)).toEqual({ replayed: 1, remaining: 0, dropped: 0 });
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({
    outcome: 'created',
    upstreamId: receipt.requestId,
  });
});

it("a spooled outcome of a request this store never held (another portal's spool on the same folder) stays in the spool", async () => {
  const spool = h.built.deps.spool;
  const userId = (await h.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'investor@demo.test')
    .executeTakeFirstOrThrow())!.id;
  spool.append({
    scope: {
      userId,
      route: 'POST /api/offerings/:id/investments',
      key: 'elsewhere-01',
      requestHash: 'h',
    },
    outcome: { state: 'done', status: 201, body: { tradeId: '302952' } },
    reference: 'MR-ELSEWHERE1',
    settlement: { outcome: 'created', upstreamId: '302952', via: 'response', by: 'system' },
    audits: [],
    at: new Date().toISOString(),
    store: 'the store of another portal',
  });
  try {
    // Writing it here would change no register row, yet count it done and truncate it away.
    expect(await spool.replay(h.db)).toEqual({ replayed: 0, remaining: 1, dropped: 0 });
    expect(h.readSpool()).toContain('MR-ELSEWHERE1');
  } finally {
    writeFileSync(spool.file, '');
  }
});

describe('spooled lines whose row this store no longer holds', () => {
  let dir: string;
  let spool: OutcomeSpool;
  let told: { details: Record<string, unknown>; message: string }[];
  let userId: string;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-spool-gone-'));
    told = [];
    spool = new OutcomeSpool(path.join(dir, 'outcome-spool.ndjson'), {
      storeId: storeIdOf(h.db),
      log: { warn: (details, message) => told.push({ details: { ...details }, message }) },
    });
    userId = (await h.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'investor@demo.test')
      .executeTakeFirstOrThrow())!.id;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A spooled outcome of a request on `route` with `key`, as routes/define.ts writes it. */
  const line = (key: string, reference: string | null) => ({
    scope: { userId, route: 'POST /api/issuers/:issuerId/account', key, requestHash: 'h' },
    outcome: { state: 'done' as const, status: 201, body: { saved: true } },
    reference,
    audits: [],
    at: new Date().toISOString(),
  });

  it('a money line whose register row is gone from its own store is logged once at warn with its reference, and leaves the spool', async () => {
    spool.append(line('gone-money-01', 'MR-PRUNED0001'));
    expect(await spool.replay(h.db)).toEqual({ replayed: 0, remaining: 0, dropped: 1 });
    expect(spool.read()).toEqual([]);
    expect(told).toEqual([
      {
        details: expect.objectContaining({ reference: 'MR-PRUNED0001', key: 'gone-money-01' }),
        message: expect.stringMatching(/^spooled outcome dropped: its row is gone/),
      },
    ]);
    expect(await spool.replay(h.db)).toEqual({ replayed: 0, remaining: 0, dropped: 0 });
    expect(told).toHaveLength(1);
  });

  it('a line without a reference whose record was pruned is dropped, not written back as a record brought back to life', async () => {
    spool.append(line('gone-save-01', null));
    expect(await spool.replay(h.db)).toEqual({ replayed: 0, remaining: 0, dropped: 1 });
    expect(await findRow(h.db, 'idempotency_records', 'key', 'gone-save-01')).toBeUndefined();
    expect(told[0]).toMatchObject({ details: { reference: null, key: 'gone-save-01' } });
  });

  it('a line appended after one torn by a crash mid-append is read whole: only the torn one is lost', () => {
    spool.append(line('before-torn-01', 'MR-BEFORETORN'));
    // What a process killed in the middle of its write leaves: a line without its end.
    appendFileSync(spool.file, '{"scope":{"userId":"u","route":"POST /a');
    spool.append(line('after-torn-01', 'MR-AFTERTORN1'));
    expect(spool.read().map((entry) => ('reference' in entry ? entry.reference : null))).toEqual([
      'MR-BEFORETORN',
      'MR-AFTERTORN1',
    ]);
  });

  it('a line written for another store stays, told once at warn with the store it names', async () => {
    spool.append({ ...line('elsewhere-02', 'MR-ELSEWHERE2'), store: 'another store' });
    expect(await spool.replay(h.db)).toEqual({ replayed: 0, remaining: 1, dropped: 0 });
    expect(await spool.replay(h.db)).toEqual({ replayed: 0, remaining: 1, dropped: 0 });
    expect(told).toEqual([
      {
        details: expect.objectContaining({ reference: 'MR-ELSEWHERE2', store: 'another store' }),
        message: expect.stringMatching(/^spooled outcome kept: this store does not hold its row/),
      },
    ]);
  });
});
