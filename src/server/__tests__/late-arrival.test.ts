import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reconciliationSummarySchema } from '../../contract/money-requests';
import { reconcile } from '../lib/reconciliation';
import { getMoneyRequest } from '../store/money-requests';
import { createCustodyFundDisbursement } from '../upstream/create-custody-fund-disbursement';
import { getCustodyFundMoves } from '../upstream/get-custody-fund-moves';
import {
  call,
  callSandbox,
  dropNextCall,
  idempotencyKeys,
  signIn,
  startHarness,
  type Harness,
} from './harness';

/*
 * The platform may create what it was sent after the portal stopped waiting for its answer, and
 * the interface document says nothing of how long that may take (§4.3 fund moves, §2.10: a
 * disbursement's additionalDetails, which carry our reference, are echoed into its fund move). So
 * absence soon after a lost answer never proves "not sent": only a long quiet period does
 * (RECONCILE_NOT_SENT_AFTER_MS), and a fund move that turns up later still corrects the register.
 * Time is never waited for: rows are dated back, or the pass is given its clock.
 */

const QUIET_MS = 30 * 60_000;

/**
 * A BFF that stops waiting for the platform after 400 ms and calls a request "not sent" after
 * QUIET_MS of quiet (with `env` on top), the investor and a reviewer signed in.
 */
async function startLateArrival(env: Record<string, string> = {}) {
  const h = await startHarness({
    env: { TRANSACT_TIMEOUT_MS: '400', RECONCILE_NOT_SENT_AFTER_MS: String(QUIET_MS), ...env },
  });
  return {
    h,
    investor: await signIn(h.app, 'investor@demo.test'),
    reviewer: await signIn(h.app, 'compliance@demo.test'),
    accountA: h.manifest.investors[0].accountIds[0],
  };
}

type LateArrival = Awaited<ReturnType<typeof startLateArrival>>;

/** A late-arrival BFF of the describe's own, started before its tests with `env` on top. */
function lateArrivalOfDescribe(env: Record<string, string>): LateArrival {
  const run = {} as LateArrival;
  beforeAll(async () => {
    Object.assign(run, await startLateArrival(env));
  });
  afterAll(() => run.h?.close());
  return run;
}

/** A disbursement whose connection dropped before the platform created anything: our reference. */
async function dropDisbursement(run: LateArrival, amount: string, key: string): Promise<string> {
  const { h, investor, accountA } = run;
  await dropNextCall(h.sandboxUrl, 'createCustodyFundDisbursement', { accountId: accountA });
  const res = await call(h.app, 'POST', `/api/accounts/${accountA}/disbursements`, {
    cookie: investor,
    body: { type: 'ach', amount },
    headers: { 'idempotency-key': key },
  });
  return res.json().error.reference as string;
}

describe('a lost answer and a platform that answers late', () => {
  let h: Harness;
  let investor: string;
  let reviewer: string;
  let accountA: string;

  // A BFF, store and sandbox of each test's own: reconciliation passes over every request of the
  // store, so a request another test left unknown or "not sent" (and later created at the
  // platform) would be counted in this test's summary, and a fault it left would drop this
  // test's call.
  beforeEach(async () => {
    ({ h, investor, reviewer, accountA } = await startLateArrival());
  });
  afterEach(() => h?.close());

  const key = idempotencyKeys('late-key');
  const reconcileNow = async () => {
    const res = await call(h.app, 'POST', '/api/compliance/money-requests/reconcile', {
      cookie: reviewer,
    });
    expect(res.statusCode).toBe(200);
    return reconciliationSummarySchema.parse(res.json());
  };
  /** A disbursement whose connection dropped before the platform created anything. */
  const lostDisbursement = async (amount: string) => {
    const reference = await dropDisbursement({ h, investor, reviewer, accountA }, amount, key());
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');
    return reference;
  };
  /** A reconciliation pass run here, as the scheduled job runs it, with `options` on top. */
  const passWith = (options: Partial<Parameters<typeof reconcile>[0]>) =>
    reconcile({
      db: h.db,
      upstream: h.built.deps.upstream,
      settledBy: 'system',
      notSentAfterMs: QUIET_MS,
      disbursementsListed: true,
      recheckNotSentMs: 86_400_000,
      ...options,
    });
  /** As if its call had begun this long ago. */
  const sentAgo = (reference: string, ms: number) => {
    const at = new Date(Date.now() - ms);
    return h.db
      .updateTable('money_requests')
      .set({ created_at: at, sent_at: at })
      .where('reference', '=', reference)
      .execute();
  };
  /** The platform creates it now, late, carrying our reference as the portal sent it (§2.10). */
  const arrivesLate = (reference: string, amount: string) =>
    createCustodyFundDisbursement(
      h.built.deps.upstream,
      { type: 'ach', accountId: accountA, amount },
      { reference },
    );
  /** The fund moves of the account that carry our reference, by reference number. */
  const movesCarrying = async (reference: string) =>
    (
      await getCustodyFundMoves(h.built.deps.upstream, {
        accountId: accountA,
        offset: 0,
        limit: 500,
      })
    ).moves
      .filter((move) => move.portalReference === reference)
      .map((move) => move.referenceNumber)
      .sort();
  const auditOf = (reference: string, action: string) =>
    h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('object_id', '=', reference)
      .where('action', '=', action)
      .execute();

  it('not found 30 s after it was sent, it stays unknown: it may still arrive', async () => {
    const reference = await lostDisbursement('17.25');
    await sentAgo(reference, 30_000);
    const summary = await reconcileNow();
    expect(summary).toMatchObject({ notSent: 0, notFoundYet: 1, unreadable: 0 });
    const row = await getMoneyRequest(h.db, reference);
    expect(row?.outcome).toBe('unknown');

    // It arrives at the platform 40 s after it was sent: the next pass finds it.
    const move = await arrivesLate(reference, '17.25');
    expect(move.amount).toBe('17.25');
    const later = await reconcileNow();
    expect(later.created).toBeGreaterThanOrEqual(1);
    const found = await getMoneyRequest(h.db, reference);
    expect(found?.outcome).toBe('created');
  });

  /*
   * A move the platform sends unreadable (a blank status, an odd amount or date: §2.9 gives the
   * fields, real traffic only their types) is left out of the list (one odd record never hides
   * the others), yet it exists: it may be the very move a lost request made.
   */
  const sendsUnreadable = (fields: Record<string, string | number | null>) =>
    callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyFundMoves',
      // The newest move comes first (§4.3): the one that arrived late.
      oddRecord: { position: 0, fields },
      when: { accountId: accountA },
    });

  it('a late move the platform sends unreadable is found all the same, by the note in its description', async () => {
    const reference = await lostDisbursement('27.25');
    await sentAgo(reference, QUIET_MS + 1_000);
    await arrivesLate(reference, '27.25');
    const [move] = await movesCarrying(reference);
    await sendsUnreadable({ status: '' });
    const summary = await reconcileNow();
    expect(summary).toMatchObject({ created: 1, notSent: 0 });
    expect(await getMoneyRequest(h.db, reference)).toMatchObject({
      outcome: 'created',
      upstreamId: move,
    });
  });

  it('an unreadable move whose reference number cannot be read either leaves its request unknown, not "not sent"', async () => {
    const reference = await lostDisbursement('28.25');
    await sentAgo(reference, QUIET_MS + 1_000);
    await arrivesLate(reference, '28.25');
    await sendsUnreadable({ status: '', referenceNumber: null });
    const summary = await reconcileNow();
    expect(summary).toMatchObject({ created: 0, notSent: 0, unreadable: 1 });
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');
  });

  it('an unreadable move whose description cannot be read either may be any request: absence proves nothing', async () => {
    const reference = await lostDisbursement('29.25');
    await sentAgo(reference, QUIET_MS + 1_000);
    await sendsUnreadable({ status: '', description: 7 });
    const summary = await reconcileNow();
    expect(summary).toMatchObject({ notSent: 0, unreadable: 1 });
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');
  });

  it('not found after the quiet period, it is settled not sent', async () => {
    const reference = await lostDisbursement('18.25');
    await sentAgo(reference, QUIET_MS + 1_000);
    const summary = await reconcileNow();
    expect(summary.notSent).toBe(1);
    expect(await getMoneyRequest(h.db, reference)).toMatchObject({
      outcome: 'not_sent',
      settledVia: 'reconciliation',
    });
  });

  it('a fund move that turns up after "not sent" corrects it to created, audited as such, naming a request sent again meanwhile', async () => {
    const reference = await lostDisbursement('19.25');
    await sentAgo(reference, QUIET_MS + 1_000);
    await reconcileNow();
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('not_sent');

    // Told it was not sent, the investor sent it again; then the first one reached the platform.
    const again = await call(h.app, 'POST', `/api/accounts/${accountA}/disbursements`, {
      cookie: investor,
      body: { type: 'ach', amount: '19.25' },
      headers: { 'idempotency-key': key() },
    });
    expect(again.statusCode).toBe(201);
    const againRef = (again.json() as { reference: string }).reference;
    await arrivesLate(reference, '19.25');

    const summary = await reconcileNow();
    expect(summary.foundAfterNotSent).toBe(1);
    const row = await getMoneyRequest(h.db, reference);
    expect(row).toMatchObject({ outcome: 'created', settledVia: 'reconciliation' });
    expect(row?.upstreamId).toMatch(/^CFM/);
    expect(row?.message).toBe(
      `Recorded as not sent, but found at the platform since as ${row?.upstreamId}: it did reach the platform. Do not send it again. It was sent again meanwhile as ${againRef}, so the money may move twice: contact support and quote both references.`,
    );
    const [event] = await auditOf(reference, 'money_request_found_after_not_sent');
    expect(event).toMatchObject({ outcome: 'succeeded', object_type: 'money_request' });
    expect(event.details).toMatchObject({
      settled: 'created',
      was: 'not_sent',
      wasSettledVia: 'reconciliation',
      upstreamId: row?.upstreamId,
      sentAgainAs: [againRef],
      // Like every settling event, it names its request and who settled it how.
      kind: 'disbursement',
      accountId: accountA,
      amount: '19.25',
      forUser: row?.userId,
      by: event.user_id,
      via: 'reconciliation',
    });

    // The investor's timeline says the same.
    const timeline = await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, {
      cookie: investor,
    });
    const entry = (
      timeline.json() as { entries: { reference: string | null; state: string }[] }
    ).entries.find((e) => e.reference === reference);
    expect(entry?.state).toContain(`It was sent again meanwhile as ${againRef}`);

    // Once corrected, a later pass leaves it alone: one audit event.
    expect((await reconcileNow()).foundAfterNotSent).toBe(0);
    expect(await auditOf(reference, 'money_request_found_after_not_sent')).toHaveLength(1);
  });

  it('a same-key retry after "not sent" whose first send also arrives: both fund moves are named, audited, and on the timeline', async () => {
    await dropNextCall(h.sandboxUrl, 'createCustodyFundDisbursement', { accountId: accountA });
    const sameKey = key();
    const send = () =>
      call(h.app, 'POST', `/api/accounts/${accountA}/disbursements`, {
        cookie: investor,
        body: { type: 'ach', amount: '24.25' },
        headers: { 'idempotency-key': sameKey },
      });
    const reference = (await send()).json().error.reference as string;
    await sentAgo(reference, QUIET_MS + 1_000);
    await reconcileNow();
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('not_sent');

    // Told it was not sent, the investor sends it again with the same key: the same reference.
    const retried = await send();
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toMatchObject({ reference });
    const requestId = (await getMoneyRequest(h.db, reference))!.upstreamId;
    // Then the first send reaches the platform, carrying the same reference (§2.10).
    await arrivesLate(reference, '24.25');
    const moves = await movesCarrying(reference);
    expect(moves).toHaveLength(2);

    const summary = await reconcileNow();
    expect(summary.foundTwice).toBe(1);
    const row = await getMoneyRequest(h.db, reference);
    expect(row).toMatchObject({ outcome: 'created', upstreamId: requestId });
    expect([...row!.fundMovesFound].sort()).toEqual(moves);
    const [event] = await auditOf(reference, 'money_request_found_twice');
    expect([...(event.details as { fundMoves: string[] }).fundMoves].sort()).toEqual(moves);
    expect(event.details).toMatchObject({
      upstreamId: requestId,
      kind: 'disbursement',
      accountId: accountA,
      amount: '24.25',
      forUser: row?.userId,
      by: event.user_id,
      via: 'reconciliation',
    });

    // The register names both, for the reviewer and for the investor.
    const register = await call(
      h.app,
      'GET',
      `/api/compliance/money-requests?reference=${reference}`,
      { cookie: reviewer },
    );
    expect([...register.json().requests[0].fundMoves].sort()).toEqual(moves);

    // The investor's timeline lists both fund moves, each told that the money may have moved twice.
    const timeline = await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, {
      cookie: investor,
    });
    const entries = (
      timeline.json() as { entries: { id: string; reference: string | null; state: string }[] }
    ).entries.filter((entry) => entry.reference === reference);
    expect(entries.map((entry) => entry.id).sort()).toEqual(moves);
    for (const entry of entries) expect(entry.state).toContain('the money may have moved twice');

    // A later pass names nothing new: one audit event.
    expect((await reconcileNow()).foundTwice).toBe(0);
    expect(await auditOf(reference, 'money_request_found_twice')).toHaveLength(1);
  });

  it('a same-key retry whose answer is lost too: both sends found, one settles it, the other is named', async () => {
    const sameKey = key();
    const lose = async () => {
      await dropNextCall(h.sandboxUrl, 'createCustodyFundDisbursement', { accountId: accountA });
      return call(h.app, 'POST', `/api/accounts/${accountA}/disbursements`, {
        cookie: investor,
        body: { type: 'ach', amount: '25.25' },
        headers: { 'idempotency-key': sameKey },
      });
    };
    const reference = (await lose()).json().error.reference as string;
    await sentAgo(reference, QUIET_MS + 1_000);
    await reconcileNow();
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('not_sent');
    expect((await lose()).json().error.reference).toBe(reference);
    // Both sends reach the platform late, each carrying the same reference (§2.10).
    await arrivesLate(reference, '25.25');
    await arrivesLate(reference, '25.25');
    const moves = await movesCarrying(reference);
    expect(moves).toHaveLength(2);

    const summary = await reconcileNow();
    expect(summary.foundTwice).toBe(1);
    const row = await getMoneyRequest(h.db, reference);
    expect(row?.outcome).toBe('created');
    expect([...row!.fundMovesFound].sort()).toEqual(moves);
    expect(moves).toContain(row!.upstreamId);
    expect(await auditOf(reference, 'money_request_found_twice')).toHaveLength(1);
  });

  it('a "not sent" older than a day is no longer looked for', async () => {
    const reference = await lostDisbursement('20.25');
    await sentAgo(reference, QUIET_MS + 1_000);
    await reconcileNow();
    await arrivesLate(reference, '20.25');
    const summary = await passWith({ now: () => new Date(Date.now() + 86_400_000 + 60_000) });
    expect(summary.foundAfterNotSent).toBe(0);
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('not_sent');
  });

  it('absent from fund moves read only in part, it stays unknown: it may be among those not read', async () => {
    const reference = await lostDisbursement('20.75');
    await sentAgo(reference, QUIET_MS + 1_000);
    // One move of the account read, of the several the sandbox seeds it with.
    const partial = await passWith({ maxPages: 1, pageSize: 1 });
    expect(partial).toMatchObject({ notSent: 0, unreadable: 1, stillUnknown: 1 });
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');
    // Every move read: its absence now tells.
    expect(await passWith({})).toMatchObject({ notSent: 1, unreadable: 0 });
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('not_sent');
  });

  it('when the fund moves cannot be read, nothing is settled and the summary says why', async () => {
    const reference = await lostDisbursement('21.25');
    await sentAgo(reference, QUIET_MS + 1_000);
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyFundMoves',
      httpStatus: 503,
    });
    const summary = await reconcileNow();
    expect(summary).toMatchObject({ notSent: 0, unreadable: 1, notFoundYet: 0 });
    expect(summary.stillUnknown).toBeGreaterThanOrEqual(1);
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');
  });
});

/*
 * How long a "not sent" is looked for again is a setting (RECONCILE_RECHECK_NOT_SENT_MS, one day by
 * default): the platform's delay is not bounded by the interface document (§4.3, §2.10).
 */
describe('the recheck window of a "not sent" is configured', () => {
  const run = lateArrivalOfDescribe({
    RECONCILE_RECHECK_NOT_SENT_MS: String(3 * 86_400_000),
  });

  it('a "not sent" settled two days ago is still found when the window is three days', async () => {
    const { h, reviewer, accountA } = run;
    const reference = await dropDisbursement(run, '22.25', `recheck-key-${Date.now()}-abcdef`);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await h.db
      .updateTable('money_requests')
      .set({ outcome: 'not_sent', settled_via: 'reconciliation', settled_at: twoDaysAgo })
      .where('reference', '=', reference)
      .execute();
    await createCustodyFundDisbursement(
      h.built.deps.upstream,
      { type: 'ach', accountId: accountA, amount: '22.25' },
      { reference },
    );
    const res = await call(h.app, 'POST', '/api/compliance/money-requests/reconcile', {
      cookie: reviewer,
    });
    expect(reconciliationSummarySchema.parse(res.json()).foundAfterNotSent).toBe(1);
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('created');
  });
});

/*
 * Against a platform not known to list a disbursement's money among the fund moves
 * (DISBURSEMENTS_LISTED_AS_FUND_MOVES=no, the default against the real API), absence proves
 * nothing of a disbursement however long: it stays unknown for a reviewer, who may settle it with
 * the platform's request id. A deposit is the fund move it makes (§4.4): its absence still tells.
 */
describe('a platform not known to list disbursements among the fund moves', () => {
  const run = lateArrivalOfDescribe({
    DISBURSEMENTS_LISTED_AS_FUND_MOVES: 'no',
  });
  /** A disbursement whose answer was lost, sent longer ago than the quiet period: our reference. */
  async function lostBeforeTheQuietPeriod(amount: string, key: string): Promise<string> {
    const reference = await dropDisbursement(run, amount, `${key}-${Date.now()}-abcdef`);
    const longAgo = new Date(Date.now() - QUIET_MS - 60_000);
    await run.h.db
      .updateTable('money_requests')
      .set({ created_at: longAgo, sent_at: longAgo })
      .where('reference', '=', reference)
      .execute();
    return reference;
  }

  it('leaves a lost disbursement unknown after the quiet period, and a reviewer settles it with the request id the platform shows', async () => {
    const { h, reviewer } = run;
    const reference = await lostBeforeTheQuietPeriod('23.75', 'unlisted-key');
    const res = await call(h.app, 'POST', '/api/compliance/money-requests/reconcile', {
      cookie: reviewer,
    });
    expect(reconciliationSummarySchema.parse(res.json())).toMatchObject({
      notSent: 0,
      stillUnknown: 1,
    });
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');

    const settled = await call(
      h.app,
      'POST',
      `/api/compliance/money-requests/${reference}/settle`,
      {
        cookie: reviewer,
        body: {
          outcome: 'created',
          upstreamId: '2b1b40f3-f0d7-4fb9-9065-36c48b47b564',
          reason: 'The platform lists this disbursement request',
        },
      },
    );
    expect(settled.statusCode).toBe(200);
    expect(await getMoneyRequest(h.db, reference)).toMatchObject({
      outcome: 'created',
      upstreamId: '2b1b40f3-f0d7-4fb9-9065-36c48b47b564',
      upstreamIdKind: 'disbursement_request',
    });
    // No fund move of the account has that id, so it is named as the request id it is, and the
    // register looks for its fund move by our reference as for one the platform answered.
    expect(settled.json()).toMatchObject({ platformIdKind: 'disbursement_request' });
    const listed = await call(
      h.app,
      'GET',
      `/api/compliance/money-requests?reference=${reference}`,
      { cookie: reviewer },
    );
    expect(listed.json().requests).toEqual([
      expect.objectContaining({
        platformIdKind: 'disbursement_request',
        fundMoveUnknown: 'older',
      }),
    ]);
  });

  it('takes an id that is a fund move of the account as that fund move, checked as one', async () => {
    const { h, reviewer, accountA } = run;
    const reference = await lostBeforeTheQuietPeriod('24.50', 'unlisted-move');
    // It reached the platform after all, carrying our reference (§2.10).
    await createCustodyFundDisbursement(
      h.built.deps.upstream,
      { type: 'ach', accountId: accountA, amount: '24.50' },
      { reference },
    );
    const { moves } = await getCustodyFundMoves(h.built.deps.upstream, {
      accountId: accountA,
      offset: 0,
      limit: 500,
    });
    const move = moves.find((m) => m.portalReference === reference)!.referenceNumber;
    const settle = (upstreamId: string) =>
      call(h.app, 'POST', `/api/compliance/money-requests/${reference}/settle`, {
        cookie: reviewer,
        body: { outcome: 'created', upstreamId, reason: 'The platform lists its fund move' },
      });

    // While the platform cannot be asked whether the id is a fund move, nothing is settled.
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyFundMove',
      httpStatus: 503,
      times: 3,
      when: { accountId: accountA },
    });
    const unanswered = await settle(move);
    expect(unanswered.statusCode).toBe(503);
    expect(unanswered.json().error).toMatchObject({
      code: 'upstream_unavailable',
      submitted: 'no',
    });
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');

    const settled = await settle(move);
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({
      outcome: 'created',
      upstreamId: move,
      platformIdKind: 'fund_move',
    });
    expect((await getMoneyRequest(h.db, reference))?.upstreamIdKind).toBe('fund_move');
  });

  it('refuses "never arrived" while a fund move of the account carries it, and while the moves cannot be read', async () => {
    const { h, reviewer, accountA } = run;
    const arrived = await lostBeforeTheQuietPeriod('25.50', 'never-arrived-but-did');
    await createCustodyFundDisbursement(
      h.built.deps.upstream,
      { type: 'ach', accountId: accountA, amount: '25.50' },
      { reference: arrived },
    );
    const settle = (reference: string, body: object) =>
      call(h.app, 'POST', `/api/compliance/money-requests/${reference}/settle`, {
        cookie: reviewer,
        body: { reason: 'Checked in the platform console', ...body },
      });

    const refused = await settle(arrived, { outcome: 'not_sent' });
    expect(refused.statusCode).toBe(409);
    const move =
      /^The platform lists fund move (CFM\w+) carrying (MR-\w+): it arrived\. Settle it as created with that fund move\. Nothing was settled\.$/.exec(
        refused.json().error.message,
      );
    expect(move?.[2]).toBe(arrived);
    expect((await getMoneyRequest(h.db, arrived))?.outcome).toBe('unknown');
    // Settled as the message says (one disbursement of an account stands at a time).
    expect((await settle(arrived, { outcome: 'created', upstreamId: move![1] })).statusCode).toBe(
      200,
    );

    // The fund moves cannot be read: the platform may hold it, so nothing is recorded.
    const lost = await lostBeforeTheQuietPeriod('26.50', 'never-arrived-indeed');
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyFundMoves',
      httpStatus: 503,
      times: 3,
      when: { accountId: accountA },
    });
    const unread = await settle(lost, { outcome: 'not_sent' });
    expect(unread.statusCode).toBe(503);
    expect(unread.json().error).toMatchObject({ code: 'upstream_unavailable', submitted: 'no' });
    expect((await getMoneyRequest(h.db, lost))?.outcome).toBe('unknown');

    // No move carries it: the reviewer's word is recorded.
    expect((await settle(lost, { outcome: 'not_sent' })).statusCode).toBe(200);
    expect((await getMoneyRequest(h.db, lost))?.outcome).toBe('not_sent');
  });

  it('refuses "never arrived" while the platform lists its move in a form the portal cannot read', async () => {
    const { h, reviewer, accountA } = run;
    const reference = await lostBeforeTheQuietPeriod('27.50', 'never-arrived-unreadable');
    await createCustodyFundDisbursement(
      h.built.deps.upstream,
      { type: 'ach', accountId: accountA, amount: '27.50' },
      { reference },
    );
    // The newest move, the one that carries it, comes with a blank status (§2.9, §4.3).
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyFundMoves',
      oddRecord: { position: 0, fields: { status: '' } },
      times: 1,
      when: { accountId: accountA },
    });
    const refused = await call(
      h.app,
      'POST',
      `/api/compliance/money-requests/${reference}/settle`,
      {
        cookie: reviewer,
        body: { reason: 'Checked in the platform console', outcome: 'not_sent' },
      },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(
      new RegExp(
        `^The platform lists a fund move carrying ${reference} \\(CFM\\w+\\), which it sent in a form the portal cannot read: it arrived\\.`,
      ),
    );
    expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');
  });
});
