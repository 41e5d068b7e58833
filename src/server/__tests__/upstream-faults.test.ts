import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  call,
  callSandbox,
  clearFaults,
  sandboxCalls,
  settleLeftUnknown,
  signIn,
  useHarness,
} from './harness';

/**
 * Upstream faults injected through the sandbox's control endpoints. Reads retry, each operation's
 * breaker opens on its own failure rate and recovers, creates are never repeated, and every
 * answer says whether anything was submitted. The BFF's upstream timeout here is 1 s; a breaker
 * opens when more than half of at least 5 calls in 1 s fail and probes again after 500 ms. Only
 * Date is faked: the breakers' clock is moved instead of waiting.
 */
let cookie: string;
let accountId: string;
/** Each demo investor's accounts with that investor's cookie: six accounts of two people. */
let everyAccount: { cookie: string; accountId: string }[];

const h = useHarness({
  env: {
    TRANSACT_TIMEOUT_MS: '1000',
    TRANSACT_BREAKER_FAILURE_RATE: '0.5',
    TRANSACT_BREAKER_WINDOW_MS: '1000',
    TRANSACT_BREAKER_MIN_RPS: '5',
    TRANSACT_BREAKER_RESET_MS: '500',
  },
});
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  cookie = await signIn(h.app, 'investor@demo.test');
  accountId = h.manifest.investors[0].accountIds[0];
  const second = await signIn(h.app, 'investor2@demo.test');
  everyAccount = [
    ...h.manifest.investors[0].accountIds.map((id) => ({ cookie, accountId: id })),
    ...h.manifest.investors[1].accountIds.map((id) => ({ cookie: second, accountId: id })),
  ];
});
afterAll(async () => {
  vi.useRealTimers();
});
afterEach(async () => {
  await clearFaults(h.sandboxUrl);
  await settleLeftUnknown(h.db);
  // Each test starts with closed breakers and an empty window: move past the pause, then one good
  // read in each of the window's five slices (the sampling breaker drops a slice per call).
  vi.setSystemTime(Date.now() + 2_000);
  for (let slice = 0; slice < 5; slice += 1) {
    vi.setSystemTime(Date.now() + 250);
    expect((await readAccount()).statusCode).toBe(200);
  }
  await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
});

/** The fault was met upstream, not short-circuited by an open breaker. */
async function reachedUpstream(operation: string) {
  expect((await sandboxCalls(h.sandboxUrl))[operation] ?? 0).toBeGreaterThan(0);
}

const fault = (rule: Record<string, unknown>) =>
  callSandbox(h.sandboxUrl, '/__sandbox/faults', rule);
const readAccount = () => call(h.app, 'GET', `/api/accounts/${accountId}`, { cookie });
/**
 * Reads each of six accounts once, one after another: six failures of their own when the
 * platform fails them all (the breaker counts a read that failed already within its window once).
 */
async function readEveryAccount(): Promise<number[]> {
  const statuses: number[] = [];
  for (const one of everyAccount) {
    const res = await call(h.app, 'GET', `/api/accounts/${one.accountId}`, { cookie: one.cookie });
    statuses.push(res.statusCode);
  }
  return statuses;
}
const disburse = (key = randomUUID()) =>
  call(h.app, 'POST', `/api/accounts/${accountId}/disbursements`, {
    cookie,
    body: { type: 'ach', amount: '3.21' },
    headers: { 'idempotency-key': key },
  });

describe('the wait a page announces', () => {
  it('is the longest a read may take at this TRANSACT_TIMEOUT_MS: three attempts of 1 s and their backoffs', async () => {
    const session = await call(h.app, 'GET', '/api/session', { cookie });
    expect(session.json().longestReadMs).toBe(3 * 1_000 + 100 + 200);
  });
});

describe('reads under upstream faults', () => {
  it('retries a read through a short burst of 5xx answers and succeeds', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    await fault({ operation: 'getAccount', httpStatus: 503, times: 2 });
    const res = await readAccount();
    expect(res.statusCode).toBe(200);
    expect((await sandboxCalls(h.sandboxUrl)).getAccount).toBe(3);
  });

  it('gives up on a read past its timeout with 504 and "nothing was submitted"', async () => {
    await fault({ operation: 'getAccount', latencyMs: 5_000 });
    const res = await readAccount();
    expect(res.statusCode).toBe(504);
    expect(res.json().error).toMatchObject({ code: 'upstream_timeout', submitted: 'no' });
  });

  it('turns a malformed JSON answer into 503 without data', async () => {
    await fault({ operation: 'getAccount', malformedJson: true });
    const res = await readAccount();
    expect(res.statusCode).toBe(503);
    expect(Object.keys(res.json())).toEqual(['error']);
    await reachedUpstream('getAccount');
  });

  it('survives dropped connections on reads (retried, then 503)', async () => {
    await fault({ operation: 'getAccount', drop: true });
    const res = await readAccount();
    expect(res.statusCode).toBe(503);
    expect(res.json().error.submitted).toBe('no');
    await reachedUpstream('getAccount');
  });

  it('answers a forced 103 as the portal not set up, sending the person to support, never blaming them', async () => {
    await fault({ operation: 'getAccount', statusCode: '103' });
    const res = await readAccount();
    expect(res.statusCode).toBe(503);
    // Its own code: the pages offer no Try again, which would be refused alike until it is fixed.
    expect(res.json().error.code).toBe('upstream_misconfigured');
    expect(res.json().error.message).toMatch(/not set up correctly\. Please contact support/);
    expect(res.json().error.message).not.toMatch(/in a moment/);
    expect(res.body).not.toMatch(/API Key|developer/i);
    await reachedUpstream('getAccount');
  });

  it('says in the list why an account could not be read, with the support id', async () => {
    await fault({ operation: 'getAccount', statusCode: '103', when: { accountId } });
    const res = await call(h.app, 'GET', '/api/accounts', { cookie });
    expect(res.statusCode).toBe(200);
    const unloaded = res.json().accounts.find((a: { id: string }) => a.id === accountId);
    expect(unloaded).toMatchObject({ loaded: false });
    expect(unloaded.error).toMatchObject({
      code: 'upstream_misconfigured',
      message: expect.stringMatching(/not set up correctly\. Please contact support/),
      requestId: res.headers['x-request-id'],
    });
  });

  it('names the missing permission on a forced 110', async () => {
    await fault({ operation: 'getAccount', statusCode: '110' });
    const res = await readAccount();
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('upstream_permission');
    await reachedUpstream('getAccount');
  });

  it('opens the breaker after repeated failures, fails fast, then recovers', async () => {
    await fault({ operation: 'getAccount', httpStatus: 500 });
    expect(everyAccount).toHaveLength(6);
    expect(await readEveryAccount()).toEqual([503, 503, 503, 503, 503, 503]);
    const reachedBefore = (await sandboxCalls(h.sandboxUrl)).getAccount;
    const fastFail = await readAccount();
    expect(fastFail.statusCode).toBe(503);
    // While open, the upstream is not called at all.
    expect((await sandboxCalls(h.sandboxUrl)).getAccount).toBe(reachedBefore);

    await clearFaults(h.sandboxUrl);
    // Recovery: half a second after the fault ends, the probe goes through and closes it.
    vi.setSystemTime(Date.now() + 501);
    expect((await readAccount()).statusCode).toBe(200);
    expect((await readAccount()).statusCode).toBe(200);
  });

  it('50% 5xx on one operation under load leaves the other operations at 0% errors', async () => {
    const others = () =>
      Promise.all([
        call(h.app, 'GET', `/api/accounts/${accountId}/fund-moves`, { cookie }),
        call(h.app, 'GET', `/api/accounts/${accountId}/custody-account`, { cookie }),
        call(h.app, 'GET', `/api/accounts/${accountId}/fund-moves?offset=1&limit=5`, { cookie }),
      ]);
    const otherStatuses: number[] = [];
    const failingStatuses: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      // Every other attempt of getAccount fails (one 503 rule used up per round).
      if (round % 2 === 0) await fault({ operation: 'getAccount', httpStatus: 503, times: 1 });
      const [failing, rest] = await Promise.all([readAccount(), others()]);
      failingStatuses.push(failing.statusCode);
      otherStatuses.push(...rest.map((r) => r.statusCode));
    }
    expect(otherStatuses.filter((status) => status !== 200)).toEqual([]);
    expect(otherStatuses).toHaveLength(36);
    // The failing operation itself is served: its failures are retried, not amplified.
    expect(failingStatuses.filter((status) => status === 200).length).toBeGreaterThan(6);

    // Now getAccount fails outright: its breaker opens, the others keep answering.
    await fault({ operation: 'getAccount', httpStatus: 503 });
    await readEveryAccount();
    const [open, rest] = await Promise.all([readAccount(), others()]);
    expect(open.statusCode).toBe(503);
    expect(open.json().error.submitted).toBe('no');
    expect(rest.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await clearFaults(h.sandboxUrl);
    vi.setSystemTime(Date.now() + 501);
    expect((await readAccount()).statusCode).toBe(200);
  });
});

describe('creates under upstream faults', () => {
  it("refuses a disbursement whose bank read the platform refused for the portal's credentials: send it again once support fixed it, not in a moment", async () => {
    await fault({ operation: 'getExternalAccount', statusCode: '103' });
    const res = await disburse();
    expect(res.statusCode).toBe(503);
    const why = 'The portal’s access to the platform is not set up correctly.';
    const next =
      'Nothing in your request needs to change: contact support, and send it again once they have fixed it.';
    expect(res.json().error).toMatchObject({
      code: 'upstream_misconfigured',
      submitted: 'no',
      message: `${why} ${next}`,
      nextStep: next,
    });
    expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement ?? 0).toBe(0);
  });

  it("a create the platform refused for the portal's access (103) may have arrived: one message says so, who must act and what to do (§5 rule 8, §7)", async () => {
    await fault({ operation: 'createCustodyFundDisbursement', statusCode: '103' });
    const res = await disburse();
    const error = res.json().error;
    expect(error).toMatchObject({ code: 'upstream_misconfigured', submitted: 'unknown' });
    expect(error.message).toBe(
      `The platform refused the portal’s access, which the portal’s operators must fix, so we cannot tell whether this reached it. Do not send it again. We check with the platform and settle it; if it stays unknown, contact support and quote our reference. Our reference: ${error.reference}.`,
    );
    // The register says why it is unknown, not "no answer came back": an answer came.
    const listed = await call(h.app, 'GET', `/api/accounts/${accountId}/money-requests`, {
      cookie,
    });
    const row = listed
      .json()
      .requests.find((r: { reference: string }) => r.reference === error.reference);
    expect(row).toMatchObject({ outcome: 'unknown', unknownBecause: 'access_refused' });
    const timeline = await call(h.app, 'GET', `/api/accounts/${accountId}/timeline`, { cookie });
    const entry = timeline
      .json()
      .entries.find((e: { reference: string | null }) => e.reference === error.reference);
    expect(entry.state).toBe(
      'Outcome unknown: The platform refused the portal’s access, which the portal’s operators must fix, so we cannot tell whether this reached it.',
    );
  });

  it('refuses an ACH disbursement whose linked bank cannot be read: nothing sent, with our reference', async () => {
    // §4.5: ACH goes to the bank linked through linkExternalAccount. Unable to confirm one, the
    // BFF sends nothing rather than an ACH the platform may have nowhere to pay.
    await fault({ operation: 'getExternalAccount', httpStatus: 500 });
    const res = await disburse();
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'upstream_unavailable', submitted: 'no' });
    expect(res.json().error.reference).toMatch(/^MR-/);
    await reachedUpstream('getExternalAccount');
    expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement ?? 0).toBe(0);
    // Nothing was sent, so it reads as the portal's own not-sent refusals do: one sentence pair,
    // why and what to do, which the form shows alone and the register and timeline keep as they
    // are, without "Nothing was submitted" (the outcome says so) or a second next step.
    const why = 'The service is unavailable right now.';
    const next = 'Nothing in your request needs to change: send it again in a moment.';
    expect(res.json().error).toMatchObject({ message: `${why} ${next}`, nextStep: next });
    const reference = res.json().error.reference as string;
    const register = await call(h.app, 'GET', `/api/accounts/${accountId}/money-requests`, {
      cookie,
    });
    const rows = register.json().requests as { reference: string }[];
    expect(rows.find((row) => row.reference === reference)).toMatchObject({
      outcome: 'not_sent',
      message: why,
      nextStep: next,
    });
    const timeline = await call(h.app, 'GET', `/api/accounts/${accountId}/timeline`, { cookie });
    const entries = timeline.json().entries as { reference: string | null }[];
    expect(entries.find((entry) => entry.reference === reference)).toMatchObject({
      state: `Not sent: ${why}`,
      next,
    });
  });

  it('a create whose connection dropped keeps the words of an unknown outcome, never a not-sent pair', async () => {
    await fault({ operation: 'createCustodyFundDisbursement', drop: true, times: 1 });
    const dropped = await disburse();
    expect(dropped.json().error.submitted).toBe('unknown');
    expect(dropped.json().error.nextStep).toBeUndefined();
    expect(dropped.json().error.message).toMatch(/It may or may not have reached the platform/);
  });

  it('never repeats a create whose connection dropped, and says the outcome is unknown', async () => {
    await fault({ operation: 'createCustodyFundDisbursement', drop: true, times: 1 });
    const key = randomUUID();
    const first = await disburse(key);
    expect(first.statusCode).toBeGreaterThanOrEqual(500);
    expect(first.json().error.submitted).toBe('unknown');
    expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement).toBe(1);
    // Retrying with the same key replays the unknown outcome instead of sending again.
    const retry = await disburse(key);
    expect(retry.json().error.submitted).toBe('unknown');
    expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement).toBe(1);
  });

  it('never retries a create on a 5xx answer', async () => {
    await fault({ operation: 'createCustodyFundDisbursement', httpStatus: 502 });
    const res = await disburse();
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement).toBe(1);
  });

  it('a create answered 103 has an unknown outcome: never sent again, the person told not to send it again', async () => {
    await fault({ operation: 'createCustodyFundDisbursement', statusCode: '103', times: 1 });
    const key = randomUUID();
    const refused = await disburse(key);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toMatchObject({
      code: 'upstream_misconfigured',
      submitted: 'unknown',
    });
    // One instruction, the register's: the portal settles it, so it is not to be sent again.
    expect(refused.json().error.message).toMatch(
      /Do not send it again\. We check with the platform and settle it; if it stays unknown, contact support and quote our reference\. Our reference: MR-/,
    );
    expect(refused.json().error.message).not.toMatch(/check before trying again/);
    expect(refused.json().error.message).not.toMatch(/Nothing was submitted|API Key|developer/i);
    // The same key replays the unknown outcome: the write is not sent a second time.
    const retry = await disburse(key);
    expect(retry.json().error.submitted).toBe('unknown');
    expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement).toBe(1);
  });

  it('says nothing was submitted when the upstream refuses with 110', async () => {
    await fault({ operation: 'createCustodyFundDisbursement', statusCode: '110', times: 1 });
    const key = randomUUID();
    const refused = await disburse(key);
    expect(refused.json().error.submitted).toBe('no');
    // Nothing happened, so the same request may go through now.
    const again = await disburse(key);
    expect(again.statusCode).toBe(201);
  });
});
