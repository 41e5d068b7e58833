import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../store/db';
import { getMoneyRequest } from '../store/money-requests';
import { call, callSandbox, sandboxCalls, signIn, useHarness } from './harness';

/*
 * The store stops answering at all (a PostgreSQL server frozen, not down) while a disbursement is
 * at the upstream. The upstream creates it; the outcome's write gets one statement timeout
 * (STORE_STATEMENT_TIMEOUT_MS, 400 ms here) in all, then goes to the spool and the person gets the
 * receipt at once, not when the server comes back (docs/deploy.md, "Bounded waits").
 */
let cookie: string;
let accountId: string;

const h = useHarness({ spool: true, env: { STORE_STATEMENT_TIMEOUT_MS: '400' } });
beforeAll(async () => {
  cookie = await signIn(h.app, 'investor@demo.test');
  accountId = h.manifest.investors[0].accountIds[0];
});

/** Every new transaction waits for a server that does not answer; `thaw` fails them as pg does. */
function freezeStore(db: Db): { thaw(): void } {
  const entries = db as unknown as { transaction: unknown };
  const original = entries.transaction;
  const waiting: ((err: Error) => void)[] = [];
  entries.transaction = () => ({
    execute: () => new Promise((_resolve, reject) => waiting.push(reject)),
  });
  return {
    thaw() {
      entries.transaction = original;
      for (const reject of waiting.splice(0)) reject(new Error('Query read timeout'));
    },
  };
}

/** Resolves once the sandbox has received a call of `operation` (it may still be answering). */
async function atUpstream(operation: string): Promise<void> {
  while (((await sandboxCalls(h.sandboxUrl))[operation] ?? 0) === 0) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

it('store frozen after the upstream created it: the receipt within the statement timeout, the outcome spooled', async () => {
  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
  await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
    operation: 'createCustodyFundDisbursement',
    latencyMs: 300,
    times: 1,
  });
  const pending = call(h.app, 'POST', `/api/accounts/${accountId}/disbursements`, {
    cookie,
    body: { type: 'ach', amount: '42.30' },
    headers: { 'idempotency-key': 'frozen-after-send-0001' },
  });
  await atUpstream('createCustodyFundDisbursement');
  const frozen = freezeStore(h.db);
  let res: Awaited<typeof pending>;
  try {
    // Answered while the store is still frozen: the wait was bounded, not ended by the thaw.
    res = await pending;
  } finally {
    frozen.thaw();
  }
  expect(res.statusCode).toBe(201);
  const receipt = res.json() as { requestId: string };
  const reference = String(res.headers['money-reference']);
  expect(h.readSpool()).toContain(reference);

  // The store answers again: the replay records what the person was told.
  expect(await h.built.deps.spool.replay(h.db)).toEqual({ replayed: 1, remaining: 0 });
  expect(await getMoneyRequest(h.db, reference)).toMatchObject({
    outcome: 'created',
    upstreamId: receipt.requestId,
  });
}, 15_000);
