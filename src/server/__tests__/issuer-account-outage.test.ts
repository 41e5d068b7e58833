import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { savedIssuerAccountResultSchema } from '../../contract/issuer-workspace';
import type { Db } from '../store/db';
import { OutcomeSpool } from '../store/spool';
import { callSandbox, call, sandboxCalls, signIn, startHarness, type Harness } from './harness';

/*
 * An issuer account save (createIssuerAccount §4.6, which only creates: a second save adds a
 * second record) while the store fails or the BFF stops: the person and the page always know
 * what became of it.
 */
let h: Harness;
let cookie: string;
let issuerId: string;
const dir = mkdtempSync(path.join(tmpdir(), 'portal-issuer-spool-'));
const spoolFile = path.join(dir, 'outcome-spool.ndjson');

beforeAll(async () => {
  h = await startHarness();
  cookie = await signIn(h.app, 'issuer@demo.test');
  issuerId = h.manifest.issuers[0].issuerId;
  h.built.deps.spool = new OutcomeSpool(spoolFile);
}, 120_000);
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Makes every statement fail as a stopped PostgreSQL server does; returns the undo. */
function breakStore(db: Db): () => void {
  const methods = ['transaction', 'selectFrom', 'insertInto', 'updateTable', 'deleteFrom'] as const;
  const originals = methods.map((m) => [m, db[m]] as const);
  for (const m of methods) {
    (db as unknown as Record<string, unknown>)[m] = () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
    };
  }
  return () => {
    for (const [m, original] of originals) (db as unknown as Record<string, unknown>)[m] = original;
  };
}

const account = {
  companyName: 'Blue Mesa Holdings LLC',
  issuingCountry: 'US',
  companyState: 'CO',
  checkedNoIssuerAccount: true,
};
const url = () => `/api/issuers/${issuerId}/issuer-account`;
const save = (key: string) =>
  call(h.app, 'POST', url(), { cookie, body: account, headers: { 'idempotency-key': key } });
const stateOf = async () =>
  savedIssuerAccountResultSchema.parse((await call(h.app, 'GET', url(), { cookie })).json());

it('the platform saved it while the store was down: the receipt, and the page shows it saved, not "lost its answer"', async () => {
  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
    operation: 'createIssuerAccount',
    latencyMs: 400,
    times: 1,
  });
  const key = 'issuer-outage-save-0001';
  const pending = save(key);
  for (;;) {
    if (((await sandboxCalls(h.sandboxUrl)).createIssuerAccount ?? 0) > 0) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  const restore = breakStore(h.db);
  let res;
  try {
    res = await pending;
  } finally {
    restore();
  }
  // What the platform answered, never "may or may not have been submitted".
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().records.length).toBeGreaterThan(0);
  expect(readFileSync(spoolFile, 'utf8')).toContain('Blue Mesa Holdings LLC');

  // The store is back, the spool not replayed yet: the page shows the account saved, and
  // nothing to settle.
  const state = await stateOf();
  expect(state.saved?.records).toEqual(res.json().records);
  expect(state.unsettled).toEqual([]);
  const audits = await h.db
    .selectFrom('audit_events')
    .select('action')
    .where('object_id', '=', issuerId)
    .where('action', 'in', ['issuer_account_create', 'request_outcome_unknown'])
    .execute();
  expect(audits).toEqual([{ action: 'issuer_account_create' }]);

  // The housekeeping pass's replay changes nothing more; a retry of the key gets the receipt,
  // and a new save is refused as already saved. One call only.
  await h.built.deps.spool.replay(h.db);
  expect((await stateOf()).saved?.records).toEqual(res.json().records);
  const retry = await save(key);
  expect(retry.statusCode).toBe(201);
  expect(retry.json()).toEqual(res.json());
  const another = await save('issuer-outage-save-0002');
  expect(another.statusCode).toBe(409);
  expect(another.json().error.message).toMatch(/already saved/);
  expect((await sandboxCalls(h.sandboxUrl)).createIssuerAccount).toBe(1);
});
