import Big from 'big.js';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainAmount } from '../../contract/decimal';
import { EASTERN, todayInZone } from '../../contract/time';
import { openStore, type Db } from '../store/db';
import { claim, complete, releaseFromSpool, type IdempotencyScope } from '../store/idempotency';
import { announcePresence, liveInstances, type Presence } from '../store/instances';
import {
  getMoneyRequest,
  listMoneyRequests,
  listMoneyRequestsOfAccount,
  REFERENCE_PATTERN,
} from '../store/money-requests';
import { likelyThisRequest, type SettlementCandidate } from '../../contract/money-requests';
import { toSupplementRequest } from '../../contract/ira';
import { createCustodyFundDisbursement } from '../upstream';
import { buildSupplementRequest } from '../upstream/add-custody-account-supplement';
import {
  apiErrorOf,
  breakCatalogue,
  call,
  callSandbox,
  clearFaults,
  dropNextCall,
  idempotencyKeys,
  investableOffering,
  openedRequest,
  sandboxCallsOf,
  settleLeftUnknown,
  signIn,
  tradeAtPlatform,
  unitsAboveMinimum,
  useHarness,
} from './harness';

/*
 * The register of money requests: every disbursement, investment and IRA supplement the BFF sends
 * is recorded with our reference and its outcome, in the same transaction as the idempotency
 * record and the audit event.
 */

describe('register through the BFF', () => {
  let investor: string;
  let accountA: string;
  let userId: string;

  const h = useHarness({ env: { TRANSACT_TIMEOUT_MS: '400' } });
  beforeAll(async () => {
    investor = await signIn(h.app, 'investor@demo.test');
    [accountA] = h.manifest.investors[0].accountIds;
    const row = await h.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'investor@demo.test')
      .executeTakeFirstOrThrow();
    userId = row.id;
  });
  afterEach(async () => {
    await clearFaults(h.sandboxUrl);
    await settleLeftUnknown(h.db);
  });

  const get = (url: string, cookie: string) => call(h.app, 'GET', url, { cookie });
  const key = idempotencyKeys('register-key');
  const disburse = (body: unknown, k = key()) =>
    call(h.app, 'POST', `/api/accounts/${accountA}/disbursements`, {
      cookie: investor,
      body,
      headers: { 'idempotency-key': k },
    });

  it('records a created disbursement with our reference, the upstream id and one audit event', async () => {
    const res = await disburse({ type: 'ach', amount: '12.34' });
    expect(res.statusCode).toBe(201);
    const reference = String(res.headers['money-reference']);
    expect(reference).toMatch(REFERENCE_PATTERN);
    const receipt = res.json() as { requestId: string; additionalDetails: string | null };
    // §2.10: additionalDetails is echoed, so it carries our reference for reconciliation.
    expect(receipt.additionalDetails).toContain(reference);

    const row = await getMoneyRequest(h.db, reference);
    expect(row).toMatchObject({
      userId,
      accountId: accountA,
      kind: 'disbursement',
      amount: '12.34',
      currency: 'USD',
      outcome: 'created',
      upstreamId: receipt.requestId,
      settledVia: 'response',
      settledBy: 'system',
    });
    const audits = await h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'disbursement_requested')
      .execute();
    const mine = audits.filter(
      (a) => (a.details as { reference?: string } | null)?.reference === reference,
    );
    expect(mine).toHaveLength(1);
  });

  it('a request whose instance was killed mid-call reads "outcome unknown" at once on a reload, not "being sent" for its lease', async () => {
    // The claim as an instance left it when it was killed a moment after claiming the key: its
    // lease (15 s) has not run out, and no call of it can be running any more.
    const killed = await announcePresence(h.db, 'instance-killed-mid-call');
    const claimed = await claim(
      h.db,
      {
        userId,
        route: 'POST /api/accounts/:accountId/disbursements',
        key: key(),
        requestHash: 'h',
      },
      {
        instanceId: 'instance-killed-mid-call',
        leaseMs: 15_000,
        money: { kind: 'disbursement', accountId: accountA, amount: '8.00', method: 'ach' },
      },
    );
    if (claimed.kind !== 'claimed') throw new Error(`claimed expected, got ${claimed.kind}`);
    await killed.close();
    // A PostgreSQL server lists a session a moment after its client's goodbye (instances.ts).
    for (let reads = 0; reads < 10_000; reads++) {
      if (!(await liveInstances(h.db, ['instance-killed-mid-call'])).size) break;
    }

    const reload = await get(`/api/accounts/${accountA}/money-requests?unsettled=true`, investor);
    expect(reload.statusCode).toBe(200);
    const row = (reload.json() as { requests: { reference: string }[] }).requests.find(
      (r) => r.reference === claimed.reference,
    );
    expect(row).toMatchObject({
      outcome: 'unknown',
      message: expect.stringContaining('stopped before its outcome was known'),
    });
  });

  it('records nothing for an account of someone else; a timeout is unknown and names the reference', async () => {
    const refused = await call(h.app, 'POST', `/api/accounts/A1040692/disbursements`, {
      cookie: investor,
      body: { type: 'ach', amount: '1' },
      headers: { 'idempotency-key': key() },
    });
    // Not the investor's account: refused before anything is claimed (no register row).
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.submitted).toBe('no');

    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'createCustodyFundDisbursement',
      latencyMs: 1500,
      times: 1,
    });
    const slow = await disburse({ type: 'ach', amount: '7.00' });
    expect(slow.statusCode).toBe(504);
    const error = apiErrorOf(slow);
    expect(error.submitted).toBe('unknown');
    expect(error.reference).toMatch(REFERENCE_PATTERN);
    expect(error.message).toContain(error.reference);
    // The register's one instruction, not an invitation to check and try again.
    expect(error.message).toBe(
      `The service did not answer in time. It may or may not have reached the platform. Do not send it again. We check with the platform and settle it; if it stays unknown, contact support and quote our reference. Our reference: ${error.reference}.`,
    );
    const row = await getMoneyRequest(h.db, error.reference!);
    expect(row).toMatchObject({ outcome: 'unknown', amount: '7', upstreamId: null });
    // The attempt is in the audit log too, by our reference, with who sent it and about which
    // account, written with its outcome.
    const events = await h.db
      .selectFrom('audit_events')
      .select(['action', 'user_email', 'object_type', 'outcome', 'details'])
      .where('object_id', '=', error.reference!)
      .execute();
    expect(events).toEqual([
      {
        action: 'money_request_unknown',
        user_email: 'investor@demo.test',
        object_type: 'money_request',
        outcome: 'unknown',
        details: expect.objectContaining({ account: accountA, code: 'upstream_timeout' }),
      },
    ]);
  });

  describe('a reviewer settles an unknown outcome by hand', () => {
    let reviewer: string;
    let reviewerId: string;
    beforeAll(async () => {
      reviewer = await signIn(h.app, 'compliance@demo.test');
      reviewerId = (
        await h.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'compliance@demo.test')
          .executeTakeFirstOrThrow()
      ).id;
    });
    const settle = (reference: string, body: unknown, cookie = reviewer) =>
      call(h.app, 'POST', `/api/compliance/money-requests/${reference}/settle`, { cookie, body });
    /**
     * Settling `reference` as created with `upstreamId` is refused (409) under `confirmation`
     * with `message`, and nothing is settled; with that confirmation it is. The settled reply.
     */
    const refusedUntilConfirmed = async (
      reference: string,
      upstreamId: string,
      confirmation: 'confirmDifferentUnits' | 'confirmMadeBefore',
      message: string,
    ) => {
      const reason = 'Found it at the platform, in this account';
      const refused = await settle(reference, { outcome: 'created', upstreamId, reason });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.fields).toEqual([{ field: confirmation, message }]);
      expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');
      const confirmed = await settle(reference, {
        outcome: 'created',
        upstreamId,
        reason,
        [confirmation]: true,
      });
      expect(confirmed.statusCode).toBe(200);
      return confirmed;
    };
    /** An investment of `units` from account A whose connection dropped: its reference. */
    const lostInvestment = async (offeringId: string, units: string) => {
      await dropNextCall(h.sandboxUrl, 'createTrade');
      const lost = await call(h.app, 'POST', `/api/offerings/${offeringId}/investments`, {
        cookie: investor,
        body: { accountId: accountA, units },
        headers: { 'idempotency-key': key() },
      });
      return lost.json().error.reference as string;
    };
    const upstreamCreates = () => sandboxCallsOf(h.sandboxUrl, 'createCustodyFundDisbursement');
    /** A disbursement whose connection dropped: its outcome is unknown. */
    const lostDisbursement = async (amount: string) => {
      await dropNextCall(h.sandboxUrl, 'createCustodyFundDisbursement');
      const k = key();
      const res = await disburse({ type: 'ach', amount }, k);
      const reference = res.json().error.reference as string;
      expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');
      return { reference, key: k };
    };

    it('not with a fund move the platform made before the disbursement was made here, unless confirmed', async () => {
      const lost = await lostDisbursement('13.40');
      const moves = (
        await get(`/api/accounts/${accountA}/fund-moves?limit=100`, investor)
      ).json() as {
        moves: {
          referenceNumber: string;
          direction: string;
          portalReference: string | null;
          createdAt: string | null;
        }[];
      };
      // A seeded move of the account not said to come in, an hour or more older than the
      // disbursement (the sandbox's clock is in UTC, the portal's TRANSACT_TIME_ZONE by default).
      const hourAgo = Date.now() - 3_600_000;
      const old = moves.moves.find(
        (m) =>
          m.direction !== 'in' &&
          m.portalReference === null &&
          m.createdAt !== null &&
          new Date(`${m.createdAt}Z`).getTime() < hourAgo,
      )!.referenceNumber;
      await refusedUntilConfirmed(
        lost.reference,
        old,
        'confirmMadeBefore',
        `Fund move ${old} was made at the platform before ${lost.reference} was made here, so it is most likely not this request. Settle with it only if you checked at the platform that it is, and confirm that.`,
      );
    });

    it('as created, with the platform id: the investor sees it accepted and a retry is not sent', async () => {
      const lost = await lostDisbursement('15.25');
      // As if the dropped call had reached the platform after all: it holds the disbursement
      // with our reference, and the fund move that took its money out (§2.10, §4.3).
      await createCustodyFundDisbursement(
        h.built.deps.upstream,
        { accountId: accountA, type: 'ach', amount: '15.25' },
        { reference: lost.reference },
      );
      const moves = (
        await get(`/api/accounts/${accountA}/fund-moves?limit=100`, investor)
      ).json() as { moves: { referenceNumber: string; portalReference: string | null }[] };
      const move = moves.moves.find((m) => m.portalReference === lost.reference)!.referenceNumber;
      const res = await settle(lost.reference, {
        outcome: 'created',
        upstreamId: move,
        reason: 'Found in the fund moves of the account, same amount and our reference',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        reference: lost.reference,
        outcome: 'created',
        upstreamId: move,
        message: `A reviewer found it at the platform as ${move}.`,
        userEmail: 'investor@demo.test',
        settledBy: 'reviewer',
        settledByEmail: 'compliance@demo.test',
      });
      // The investor's own register says a reviewer settled it, and names nobody.
      const own = await get(`/api/accounts/${accountA}/money-requests`, investor);
      const mine = (own.json() as { requests: Record<string, unknown>[] }).requests.find(
        (r) => r.reference === lost.reference,
      );
      expect(mine).toMatchObject({ outcome: 'created', settledBy: 'reviewer' });
      expect(mine).not.toHaveProperty('settledByEmail');
      expect(mine).not.toHaveProperty('userEmail');
      // The export says the same in its settled_by column.
      const csv = await get(
        `/api/compliance/money-requests/export.csv?accountId=${accountA}`,
        reviewer,
      );
      const [header, ...lines] = csv.body.trim().split(/\r?\n/);
      const settledBy = header.split(',').indexOf('settled_by');
      expect(settledBy).toBeGreaterThan(0);
      expect(lines.find((line) => line.startsWith(lost.reference))?.split(',')[settledBy]).toBe(
        'compliance@demo.test',
      );
      // The audit log links a reference to the register narrowed to it, in any letter case.
      const one = await get(
        `/api/compliance/money-requests?reference=${lost.reference.toLowerCase()}`,
        reviewer,
      );
      expect(one.json()).toMatchObject({ total: 1, requests: [{ reference: lost.reference }] });
      const none = await get('/api/compliance/money-requests?reference=MR-0000000000', reviewer);
      expect(none.json()).toMatchObject({ total: 0, requests: [] });
      const notOurs = await get('/api/compliance/money-requests?reference=A1040000', reviewer);
      expect(notOurs.statusCode).toBe(400);
      expect(notOurs.json().error.fields).toEqual([
        {
          field: 'query.reference',
          message:
            'Reference must be our reference: MR- followed by 10 letters or digits, such as MR-5SDSNXSKHP',
        },
      ]);
      expect(await getMoneyRequest(h.db, lost.reference)).toMatchObject({
        outcome: 'created',
        settledVia: 'manual',
        settledBy: reviewerId,
      });
      const [event] = await h.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'money_request_settled')
        .where('object_id', '=', lost.reference)
        .execute();
      // Attributed as every event of a person is, so the log's user filter finds it, with the
      // reason in the log's reason column.
      expect(event).toMatchObject({
        user_id: reviewerId,
        user_email: 'compliance@demo.test',
        role: 'compliance',
        ip: expect.stringMatching(/\S/),
        request_id: expect.stringMatching(/\S/),
        reason: 'Found in the fund moves of the account, same amount and our reference',
      });
      expect(event.details).toMatchObject({
        settled: 'created',
        upstreamId: move,
        via: 'manual',
        by: reviewerId,
      });

      // The investor's retry of the same key is told it was submitted, and nothing is sent.
      const before = await upstreamCreates();
      const retry = await disburse({ type: 'ach', amount: '15.25' }, lost.key);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error).toMatchObject({ submitted: 'yes', reference: lost.reference });
      expect(await upstreamCreates()).toBe(before);

      // Settled once: a second settlement is refused and changes nothing.
      const again = await settle(lost.reference, {
        outcome: 'not_sent',
        reason: 'Second look at it',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toMatch(/already settled: accepted/);
    });

    /** The IRA details an investor sends (§2.11), this tax year counted in US Eastern time. */
    const iraDetails = () => ({
      mailing: {
        maritalStatus: 'married' as const,
        line1: '1 Main St',
        city: 'Denver',
        state: 'CO',
        zipCode: '80202',
        country: 'US',
      },
      management: { investmentManager: 'not_now' as const, proxyVoting: 'receive_all' as const },
      funding: {
        contributionMethod: 'regular_contribution' as const,
        contributionTaxYear: todayInZone(EASTERN).slice(0, 4),
        currentHolding: { firmName: 'Old Brokerage', country: 'US', accountNumber: '99887766' },
      },
    });
    /** An IRA request of investor2's whose connection dropped before the platform saw it. */
    const iraRequestLost = async (accountId: string) => {
      await dropNextCall(h.sandboxUrl, 'addCustodyAccountSupplement');
      return call(h.app, 'POST', `/api/accounts/${accountId}/ira-supplement`, {
        cookie: await signIn(h.app, 'investor2@demo.test'),
        headers: { 'idempotency-key': key() },
        body: iraDetails(),
      });
    };

    it('an IRA request is not recorded as never arrived while the custody account it opens stands at the platform (§4.15)', async () => {
      // Investor2's fourth account has no custody account yet: the IRA may be requested (§4.7).
      const iraAccount = h.manifest.investors[1].accountIds[3];
      const lost = await iraRequestLost(iraAccount);
      const reference = lost.json().error.reference as string;
      // It reaches the platform after all, later than its lost answer: the custody account stands.
      // Sent straight to the sandbox, as tradeAtPlatform does: the BFF's client here gives up after
      // 400 ms, which a busy machine can take.
      const supplement = buildSupplementRequest(toSupplementRequest(iraAccount, iraDetails()));
      const arrived = await fetch(`${h.sandboxUrl}/index.php/v3/${supplement.operation}`, {
        method: supplement.method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${h.credentials.clientId}:${h.credentials.apiKey}`,
        },
        body: JSON.stringify(supplement.body),
      });
      expect(((await arrived.json()) as { statusCode: string }).statusCode).toBe('101');
      // Past the quiet period (the row is dated back rather than waiting).
      const anHourAgo = new Date(Date.now() - 3_600_000);
      await h.db
        .updateTable('money_requests')
        .set({ created_at: anHourAgo, sent_at: anHourAgo })
        .where('reference', '=', reference)
        .execute();
      const reason = 'No IRA request of this account in the platform console';
      const refused = await settle(reference, { outcome: 'not_sent', reason });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toMatch(
        new RegExp(
          `^The platform holds the custody account of account ${iraAccount} \\(request ID \\w+, \\w+\\), which this IRA request opens: it arrived\\. Settle it as created with account ${iraAccount}\\. Nothing was settled\\.$`,
        ),
      );
      expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');
      const settled = await settle(reference, {
        outcome: 'created',
        upstreamId: iraAccount,
        reason: 'The custody account of the account stands at the platform',
      });
      expect(settled.statusCode).toBe(200);
    });

    it('an IRA request as created, with its account typed in lower case: kept as the platform writes it', async () => {
      // The second demo investor's account without a custody account: an IRA is requested only
      // for an account that has none yet (§4.7, §4.15).
      const iraAccount = h.manifest.investors[1].accountIds[2];
      await dropNextCall(h.sandboxUrl, 'addCustodyAccountSupplement');
      const lost = await iraRequestLost(iraAccount);
      const reference = lost.json().error.reference as string;
      expect((await getMoneyRequest(h.db, reference))?.outcome).toBe('unknown');
      const res = await settle(reference, {
        outcome: 'created',
        upstreamId: iraAccount.toLowerCase(),
        reason: 'The IRA details of the account at the platform show the request',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ outcome: 'created', upstreamId: iraAccount });
      expect((await getMoneyRequest(h.db, reference))?.upstreamId).toBe(iraAccount);
    });

    it('as never arrived only after the quiet period, the platform may create it late till then; then the same key may be sent', async () => {
      const lost = await lostDisbursement('16.50');
      const reason = 'No fund move of this amount or reference at the platform';
      const early = await settle(lost.reference, { outcome: 'not_sent', reason });
      expect(early.statusCode).toBe(409);
      expect(early.json().error.message).toMatch(
        /may still be on its way to the platform, which can create a request some time after its answer was lost\. It can be recorded as never arrived in (29|30) minutes, after 30 minutes without a trace of it; check the platform again then, or settle it as created if the platform shows it\./,
      );
      expect((await getMoneyRequest(h.db, lost.reference))?.outcome).toBe('unknown');

      // Past the call's own window (the upstream timeout and the claim lease), but within the
      // quiet period: the platform may still create it, so it is still refused.
      const aMinuteAgo = new Date(Date.now() - 60_000);
      await h.db
        .updateTable('money_requests')
        .set({ created_at: aMinuteAgo, sent_at: aMinuteAgo })
        .where('reference', '=', lost.reference)
        .execute();
      const within = await settle(lost.reference, { outcome: 'not_sent', reason });
      expect(within.statusCode).toBe(409);
      expect(within.json().error.message).toMatch(/never arrived in 29 minutes/);

      // An hour later (the row is dated back rather than waiting).
      const anHourAgo = new Date(Date.now() - 3_600_000);
      await h.db
        .updateTable('money_requests')
        .set({ created_at: anHourAgo, sent_at: anHourAgo })
        .where('reference', '=', lost.reference)
        .execute();
      const res = await settle(lost.reference, { outcome: 'not_sent', reason });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ outcome: 'not_sent', upstreamId: null });
      // The investor reads each fact once: that it never reached the platform, how that was
      // found, and that a new request may be sent.
      const timeline = (await get(`/api/accounts/${accountA}/timeline`, investor)).json() as {
        entries: { reference: string | null; state: string; next: string | null }[];
      };
      expect(timeline.entries.find((e) => e.reference === lost.reference)).toMatchObject({
        state:
          'Not sent: The request never reached the platform; no money moved. A reviewer found no trace of it at the platform.',
        next: 'You can send a new request.',
      });

      const before = await upstreamCreates();
      const resend = await disburse({ type: 'ach', amount: '16.50' }, lost.key);
      expect(resend.statusCode).toBe(201);
      expect(await upstreamCreates()).toBe(before + 1);
    });

    it('shows the reviewer the trades that could be a lost investment, leaving out those another request accounts for', async () => {
      const offering = await investableOffering(h.app, investor);
      const units = unitsAboveMinimum(offering, 1);
      const invest = () =>
        call(h.app, 'POST', `/api/offerings/${offering.id}/investments`, {
          cookie: investor,
          body: { accountId: accountA, units },
          headers: { 'idempotency-key': key() },
        });
      // One investment the platform answered: its trade is that request's.
      const answered = await invest();
      expect(answered.statusCode).toBe(201);
      const answeredTrade = String(answered.json().tradeId);
      // One whose connection dropped: unknown...
      await dropNextCall(h.sandboxUrl, 'createTrade');
      const lost = (await invest()).json().error.reference as string;
      expect((await getMoneyRequest(h.db, lost))?.outcome).toBe('unknown');
      // ...while the platform holds a trade of that account in that offering (as when the call
      // arrived and only the answer was lost).
      const heldTrade = await tradeAtPlatform(h, {
        accountId: accountA,
        offeringId: offering.id,
        units,
      });

      const candidates = (reference: string, cookie = reviewer) =>
        get(`/api/compliance/money-requests/${reference}/candidates`, cookie);
      const found = await candidates(lost);
      expect(found.statusCode).toBe(200);
      const body = found.json() as {
        state: string;
        candidates: { upstreamId: string; units: string | null }[];
      };
      expect(body.state).toBe('found');
      const ids = body.candidates.map((c) => c.upstreamId);
      expect(ids).toContain(heldTrade);
      expect(ids).not.toContain(answeredTrade);
      expect(body.candidates.find((c) => c.upstreamId === heldTrade)?.units).toBe(units);
      // Nothing is settled by looking.
      expect((await getMoneyRequest(h.db, lost))?.outcome).toBe('unknown');

      // The trade another request was answered with is that request's: settled with it, this
      // one would show a second investment where the platform holds one trade.
      const answeredReference = String(answered.headers['money-reference']);
      const taken = await settle(lost, {
        outcome: 'created',
        upstreamId: answeredTrade,
        reason: 'Trade of this account in this offering at the platform',
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().error.fields).toEqual([
        {
          field: 'upstreamId',
          message: `${answeredReference} is already recorded with trade ${answeredTrade}: it is that request's, not ${lost}'s. Check the id.`,
        },
      ]);
      expect((await getMoneyRequest(h.db, lost))?.outcome).toBe('unknown');

      // A trade the platform sends unreadable may be the lost one: the reply counts it, so the
      // page does not say the investment never arrived.
      await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
        operation: 'trades',
        oddRecord: { position: 0, fields: { totalAmount: 'abc' } },
        times: 1,
      });
      const odd = (await candidates(lost)).json() as { skippedRecords?: number };
      expect(odd.skippedRecords).toBe(1);

      // A disbursement is found by its reference instead; investors may not look; unknown ids 404.
      const disbursement = await lostDisbursement('11.50');
      expect((await candidates(disbursement.reference)).json()).toMatchObject({
        state: 'unavailable',
        message: expect.stringMatching(/Reconcile/),
      });
      expect((await candidates(lost, investor)).statusCode).toBe(403);
      expect((await candidates('MR-0000000000')).statusCode).toBe(404);

      // An id not among the trades read is not called unknown to the platform while a trade it
      // sent could not be read: that one may be it.
      await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
        operation: 'trades',
        oddRecord: { position: 0, fields: { totalAmount: 'abc' } },
        times: 1,
      });
      const unreadable = await settle(lost, {
        outcome: 'created',
        upstreamId: 'T99999999',
        reason: 'Trade of this account in this offering at the platform',
      });
      expect(unreadable.statusCode).toBe(200);
    });

    it('records what an investment asked before sending it, puts the trades of those units first, and refuses other units unless confirmed', async () => {
      const offering = await investableOffering(h.app, investor);
      const units = unitsAboveMinimum(offering, 2);
      const fewer = String(Number(units) - 1);
      const direct = (u: string) =>
        tradeAtPlatform(h, { accountId: accountA, offeringId: offering.id, units: u });
      const reference = await lostInvestment(offering.id, units);
      // No answer came back, yet the register says what was asked: units × price, exact.
      const amount = new Big(units).times(offering.unitPrice);
      const row = (await getMoneyRequest(h.db, reference))!;
      expect(row).toMatchObject({ outcome: 'unknown', units, unitPrice: offering.unitPrice });
      expect(new Big(row.amount!).eq(amount)).toBe(true);
      const listed = (
        await get(`/api/compliance/money-requests?accountId=${accountA}`, reviewer)
      ).json() as { requests: { reference: string; units: string; amount: string }[] };
      expect(listed.requests.find((r) => r.reference === reference)).toMatchObject({
        units,
        amount: row.amount,
      });

      // The platform holds the trade, and a newer one of another request with one unit less.
      const same = await direct(units);
      const other = await direct(fewer);
      const found = (
        await get(`/api/compliance/money-requests/${reference}/candidates`, reviewer)
      ).json() as {
        candidates: { upstreamId: string; sameUnits: boolean | null; sameAmount: boolean | null }[];
      };
      const firstSame = found.candidates.findIndex((c) => c.upstreamId === same);
      expect(found.candidates[firstSame]).toMatchObject({ sameUnits: true, sameAmount: true });
      expect(found.candidates.find((c) => c.upstreamId === other)).toMatchObject({
        sameUnits: false,
        sameAmount: false,
      });
      // Every trade of the units asked for comes before any other.
      const flags = found.candidates.map((c) => c.sameUnits === true);
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));

      const reason = 'Trade of this account in this offering at the platform';
      // An id the platform does not hold for this account and offering is refused under the
      // field, confirmation or not: it names nothing this request could be.
      for (const confirmDifferentUnits of [undefined, true]) {
        const typo = await settle(reference, {
          outcome: 'created',
          upstreamId: 'T99999999',
          reason,
          confirmDifferentUnits,
        });
        expect(typo.statusCode).toBe(400);
        expect(typo.json().error.fields).toEqual([
          {
            field: 'upstreamId',
            message: `The platform has no trade T99999999 of account ${accountA} in this offering. Check the id, or pick one of the trades listed.`,
          },
        ]);
      }
      const confirmed = await refusedUntilConfirmed(
        reference,
        other,
        'confirmDifferentUnits',
        `Trade ${other} is for ${fewer} units, but ${reference} asked for ${units} units. Settle with it only if you checked that it is this request, and confirm that.`,
      );
      // Settling keeps what was asked: the register still shows the amount.
      expect(confirmed.json()).toMatchObject({ upstreamId: other, units, amount: row.amount });
    });

    it('lists last, and refuses unless confirmed, a trade the platform made before the investment was made here', async () => {
      const offering = await investableOffering(h.app, investor);
      const units = unitsAboveMinimum(offering, 3);
      // The platform made a trade of these very units an hour before the investment (its clock
      // set back for it), which no request of the register accounts for.
      await callSandbox(h.sandboxUrl, '/__sandbox/clock', { at: Date.now() - 3_600_000 });
      const earlier = await tradeAtPlatform(h, {
        accountId: accountA,
        offeringId: offering.id,
        units,
      });
      await callSandbox(h.sandboxUrl, '/__sandbox/clock', { at: Date.now() });
      const reference = await lostInvestment(offering.id, units);

      const found = (
        await get(`/api/compliance/money-requests/${reference}/candidates`, reviewer)
      ).json() as { candidates: SettlementCandidate[] };
      const old = found.candidates.find((c) => c.upstreamId === earlier)!;
      // The same units and amount, yet not taken for the investment: it existed before it.
      expect(old).toMatchObject({ sameUnits: true, sameAmount: true, madeBefore: true });
      expect(likelyThisRequest(old)).toBe(false);
      // Every trade made before it comes after every other.
      const before = found.candidates.map((c) => c.madeBefore === true);
      expect(before).toEqual([...before].sort((a, b) => Number(a) - Number(b)));
      expect(before.includes(false)).toBe(true);

      const confirmed = await refusedUntilConfirmed(
        reference,
        earlier,
        'confirmMadeBefore',
        `Trade ${earlier} was made at the platform before ${reference} was made here, so it is most likely not this request. Settle with it only if you checked at the platform that it is, and confirm that.`,
      );
      expect(confirmed.json()).toMatchObject({ outcome: 'created', upstreamId: earlier });
    });

    it('names the field and the rule of a bad settlement, and refuses investors and unknown references', async () => {
      const lost = await lostDisbursement('17.75');
      const noId = await settle(lost.reference, { outcome: 'created', reason: 'Found it there' });
      expect(noId.statusCode).toBe(400);
      expect(noId.json().error.fields).toEqual([
        expect.objectContaining({
          field: 'upstreamId',
          message: 'Platform id is required when the platform holds the request',
        }),
      ]);
      const short = await settle(lost.reference, { outcome: 'not_sent', reason: 'gone' });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.fields[0]).toMatchObject({ field: 'reason' });
      expect((await getMoneyRequest(h.db, lost.reference))?.outcome).toBe('unknown');

      const byInvestor = await settle(
        lost.reference,
        { outcome: 'created', upstreamId: 'CFM1', reason: 'I say it arrived there' },
        investor,
      );
      expect(byInvestor.statusCode).toBe(403);
      const missing = await settle('MR-0000000000', {
        outcome: 'created',
        upstreamId: 'CFM1',
        reason: 'Found in the fund moves',
      });
      expect(missing.statusCode).toBe(404);
      expect((await getMoneyRequest(h.db, lost.reference))?.outcome).toBe('unknown');
    });
  });

  it('refuses a From day after the To day on every list with a period, in the register page words', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const period = 'from=2026-03-10&to=2026-03-09';
    for (const [path, cookie] of [
      [`/api/accounts/${accountA}/money-requests?${period}`, investor],
      [`/api/compliance/money-requests?${period}`, compliance],
      [`/api/compliance/money-requests/export.csv?${period}`, compliance],
      [`/api/audit-events?${period}`, compliance],
      [`/api/audit-events/export.csv?${period}`, compliance],
    ]) {
      const res = await get(path, cookie);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.fields, path).toEqual([
        { field: 'query.from', message: 'From must be on or before To' },
      ]);
    }
    // One day is a period: From equal to To is answered.
    const oneDay = await get(
      '/api/compliance/money-requests?from=2026-03-09&to=2026-03-09',
      compliance,
    );
    expect(oneDay.statusCode).toBe(200);
  });

  /** A disbursement of account A opened in the register at `at`, under `route`: its reference. */
  const madeAt = (route: string) => (key: string, at: string) =>
    openedRequest(
      h.db,
      { userId, route, key },
      { kind: 'disbursement', accountId: accountA, amount: '1', method: 'ach' },
      new Date(at),
    );
  /** Which of `among` the list at `path` holds, in order. */
  const listedOf = (among: string[]) => async (path: string, cookie: string) =>
    ((await get(path, cookie)).json() as { requests: { reference: string }[] }).requests
      .map((r) => r.reference)
      .filter((reference) => among.includes(reference))
      .sort();

  it('lists the requests made from the first moment of the From day to the last of the To day, and no others', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const made = madeAt('test:period');
    const before = await made('period-before-0001', '2024-05-06T23:59:59.999Z');
    const first = await made('period-first-0001', '2024-05-07T00:00:00Z');
    const last = await made('period-last-0001', '2024-05-08T23:59:59.999Z');
    const after = await made('period-after-0001', '2024-05-09T00:00:00Z');
    const listed = listedOf([before, first, last, after]);
    const period = 'from=2024-05-07&to=2024-05-08';
    // The register, and the account's own list, which takes the same period.
    expect(await listed(`/api/compliance/money-requests?${period}`, compliance)).toEqual(
      [first, last].sort(),
    );
    expect(await listed(`/api/accounts/${accountA}/money-requests?${period}`, investor)).toEqual(
      [first, last].sort(),
    );
  });

  it('counts the From and To days in the viewer’s zone when the page names it, as its rows are dated', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const made = madeAt('test:period-zone');
    // New York's May 7 starts at 04:00 UTC (midnight EDT); its May 8 ends at 03:59:59 UTC on May 9.
    const before = await made('zone-before-0001', '2024-05-07T03:59:59.999Z');
    const evening = await made('zone-evening-0001', '2024-05-07T04:00:00Z');
    const late = await made('zone-late-0001', '2024-05-09T03:59:59.999Z');
    const after = await made('zone-after-0001', '2024-05-09T04:00:00Z');
    const among = listedOf([before, evening, late, after]);
    const listed = (path: string) => among(path, compliance);
    const period = 'from=2024-05-07&to=2024-05-08';
    expect(
      await listed(`/api/compliance/money-requests?${period}&timeZone=America/New_York`),
    ).toEqual([evening, late].sort());
    // Without a zone the days are UTC days, as before.
    expect(await listed(`/api/compliance/money-requests?${period}`)).toEqual(
      [before, evening].sort(),
    );
    const unknown = await get(
      `/api/compliance/money-requests?${period}&timeZone=Mars%2FOlympus`,
      compliance,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual([
      {
        field: 'query.timeZone',
        message: 'timeZone must be an IANA time zone such as America/New_York',
      },
    ]);
  });

  it("names an investment's offering in the register and its export, and lists it by its id alone when the catalogue cannot be read", async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const offering = await investableOffering(h.app, investor);
    const units = unitsAboveMinimum(offering, 1);
    const invested = await call(h.app, 'POST', `/api/offerings/${offering.id}/investments`, {
      cookie: investor,
      body: { accountId: accountA, units },
      headers: { 'idempotency-key': key() },
    });
    expect(invested.statusCode).toBe(201);
    const reference = String(invested.headers['money-reference']);
    const rowOf = async (path: string, cookie: string) => {
      const res = await get(path, cookie);
      expect(res.statusCode, path).toBe(200);
      return (res.json() as { requests: Record<string, unknown>[] }).requests.find(
        (r) => r.reference === reference,
      );
    };
    const register = `/api/compliance/money-requests?kind=investment&accountId=${accountA}`;
    const own = `/api/accounts/${accountA}/money-requests?kind=investment`;
    const csvOf = async () => {
      const csv = await get(
        `/api/compliance/money-requests/export.csv?kind=investment&accountId=${accountA}`,
        compliance,
      );
      const [header, ...lines] = csv.body.trim().split(/\r?\n/);
      const columns = header.split(',');
      const line = lines.find((l) => l.startsWith(reference))!.split(',');
      return {
        offering: line[columns.indexOf('offering')],
        name: line[columns.indexOf('offering_name')],
        units: line[columns.indexOf('units')],
        unitPrice: line[columns.indexOf('unit_price_usd')],
      };
    };
    expect(await rowOf(register, compliance)).toMatchObject({
      offeringId: offering.id,
      offeringName: offering.name,
    });
    expect(await rowOf(own, investor)).toMatchObject({ offeringName: offering.name });
    // Split on commas: the sandbox's offering names hold none (csvLine quotes a name that does).
    // With the units and price per unit asked, as the register's row shows them.
    const asked = (await rowOf(register, compliance))!;
    expect(await csvOf()).toEqual({
      offering: offering.id,
      name: offering.name,
      units: String(units),
      unitPrice: plainAmount(String(asked.unitPrice)),
    });
    expect(asked.unitPrice).toBeTruthy();

    // The catalogue cannot be read: the register is answered all the same, the id alone.
    await breakCatalogue(h);
    try {
      expect(await rowOf(register, compliance)).toMatchObject({
        offeringId: offering.id,
        offeringName: null,
      });
      expect(await rowOf(own, investor)).toMatchObject({ offeringName: null });
      expect(await csvOf()).toMatchObject({ offering: offering.id, name: '' });
    } finally {
      await clearFaults(h.sandboxUrl);
      h.built.deps.offerings.invalidate();
    }
  });

  it('exports amounts in dollars with cents, outcomes in the words the page shows with their codes beside, and says the times are UTC', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const account = 'A7777702';
    await sql`
      insert into money_requests
        (reference, user_id, account_id, kind, amount, method, idem_route, idem_key, outcome,
         message, created_at, updated_at)
      values
        ('MR-WORDS00001', ${userId}, ${account}, 'disbursement', '1500', 'ach', 'csv-words',
         'csv-words-1', 'held', 'Approval 96832df2-2b4c-4d0e-9b1a-2f6c1d7e8a90.',
         timestamptz '2026-01-06 15:30:00', now()),
        ('MR-WORDS00002', ${userId}, ${account}, 'disbursement', '30', 'ach', 'csv-words',
         'csv-words-2', 'created', null, timestamptz '2026-01-05 12:00:00', now())
    `.execute(h.db);
    // Settled when its answer came, and one whose answer was lost: the store keeps when each
    // outcome was recorded, and only the first is settled.
    await sql`
      insert into money_requests
        (reference, user_id, account_id, kind, amount, method, idem_route, idem_key, outcome,
         message, created_at, updated_at, settled_at)
      values
        ('MR-WORDS00003', ${userId}, ${account}, 'disbursement', '40', 'ach', 'csv-words',
         'csv-words-3', 'created', null, timestamptz '2026-01-04 12:00:00', now(),
         timestamptz '2026-01-04 12:00:01'),
        ('MR-WORDS00004', ${userId}, ${account}, 'disbursement', '50', 'ach', 'csv-words',
         'csv-words-4', 'unknown', null, timestamptz '2026-01-03 12:00:00', now(),
         timestamptz '2026-01-03 12:00:10')
    `.execute(h.db);
    try {
      const { body } = await call(
        h.app,
        'GET',
        `/api/compliance/money-requests/export.csv?accountId=${account}`,
        { cookie: compliance },
      );
      const [header, ...lines] = body.trim().split(/\r?\n/);
      const columns = header.split(',');
      expect(columns).toEqual(
        expect.arrayContaining([
          'created_at_utc',
          'amount_usd',
          'unit_price_usd',
          'outcome',
          'outcome_code',
          'settled_at_utc',
        ]),
      );
      expect(columns).not.toContain('amount');
      const rowOf = (reference: string) => {
        const cells = lines.find((line) => line.startsWith(reference))!.split(',');
        return Object.fromEntries(columns.map((column, i) => [column, cells[i]]));
      };
      expect(rowOf('MR-WORDS00001')).toMatchObject({
        created_at_utc: '2026-01-06T15:30:00.000Z',
        amount_usd: '1500.00',
        outcome: 'Waiting for approval',
        outcome_code: 'held',
      });
      // The approval's id means nothing to the file's reader: the page's words stand for it.
      expect(body).not.toContain('96832df2');
      expect(body).toContain(
        "Held for a second person's approval; nothing has been sent to the platform.",
      );
      expect(rowOf('MR-WORDS00002')).toMatchObject({
        amount_usd: '30.00',
        outcome: 'Accepted',
        outcome_code: 'created',
        message: '',
      });
      // A settled time only for an outcome that is settled: an unknown one has none yet.
      expect(rowOf('MR-WORDS00003')).toMatchObject({
        outcome_code: 'created',
        settled_at_utc: '2026-01-04T12:00:01.000Z',
      });
      expect(rowOf('MR-WORDS00004')).toMatchObject({ outcome_code: 'unknown', settled_at_utc: '' });
      const listed = (
        await get(`/api/compliance/money-requests?accountId=${account}`, compliance)
      ).json() as { requests: { reference: string; settledAt: string | null }[] };
      expect(
        Object.fromEntries(listed.requests.map((r) => [r.reference, r.settledAt])),
      ).toMatchObject({
        'MR-WORDS00003': '2026-01-04T12:00:01.000Z',
        'MR-WORDS00004': null,
      });
    } finally {
      await h.db.deleteFrom('money_requests').where('account_id', '=', account).execute();
    }
  });

  it('exports every row the filters select, past 10,000, each once; a store failure midway aborts the file; both audited', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    // 10,050 requests of one account made in seven instants a microsecond apart: more than the
    // 10,000 the export used to stop at, and many sharing a time across the 1,000-row pages.
    const account = 'A7777701';
    await sql`
      insert into money_requests
        (reference, user_id, account_id, kind, amount, idem_route, idem_key, outcome,
         created_at, updated_at)
      select 'MR-BULK' || lpad(g::text, 5, '0'), ${userId}, ${account}, 'disbursement', '1.00',
        'bulk-export', 'bulk-export-' || g, 'created',
        timestamptz '2026-01-05 12:00:00' + (g % 7) * interval '1 microsecond', now()
      from generate_series(1, 10050) g
    `.execute(h.db);
    try {
      const res = await get(
        `/api/compliance/money-requests/export.csv?accountId=${account}`,
        compliance,
      );
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-type'])).toContain('text/csv');
      const [header, ...rows] = res.body.trim().split(/\r?\n/);
      expect(header.split(',')[0]).toBe('reference');
      expect(rows).toHaveLength(10050);
      const references = new Set(rows.map((line) => line.split(',')[0]));
      expect(references.size).toBe(10050);
      // Newest first, as the register lists them.
      expect(rows[0].split(',')[1]).toBe('2026-01-05T12:00:00.000Z');
      const audits = await h.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'money_requests_export')
        .execute();
      const mine = audits.filter(
        (a) => (a.details as { filters?: { accountId?: string } }).filters?.accountId === account,
      );
      expect(mine.map((a) => [a.outcome, (a.details as { rows: number }).rows])).toEqual([
        ['succeeded', 10050],
      ]);

      // The store stops answering after the first page: the answer is aborted, never a shorter
      // file that looks whole, and the audit log says how many rows had gone out.
      const db = h.db as unknown as { selectFrom: (table: string) => unknown };
      const selectFrom = db.selectFrom;
      let pagesRead = 0;
      db.selectFrom = (table: string) => {
        if (table === 'money_requests' && ++pagesRead > 1) {
          throw Object.assign(new Error('Connection terminated unexpectedly'), {
            code: 'ECONNRESET',
          });
        }
        return selectFrom.call(h.db, table);
      };
      try {
        await expect(
          get(`/api/compliance/money-requests/export.csv?accountId=${account}`, compliance),
        ).rejects.toThrow(/destroyed before completion/);
      } finally {
        db.selectFrom = selectFrom;
      }
      const broken = (
        await h.db
          .selectFrom('audit_events')
          .selectAll()
          .where('action', '=', 'money_requests_export')
          .where('outcome', '=', 'failed')
          .execute()
      ).filter(
        (a) => (a.details as { filters?: { accountId?: string } }).filters?.accountId === account,
      );
      expect(broken.map((a) => (a.details as { rows: number }).rows)).toEqual([1000]);
    } finally {
      await h.db.deleteFrom('money_requests').where('account_id', '=', account).execute();
    }
  });

  it('finds an account typed in lower case, as the platform writes it, and refuses what is no account id under Account', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const list = (accountId: string, path = '/api/compliance/money-requests') =>
      get(`${path}?accountId=${encodeURIComponent(accountId)}`, compliance);
    // The platform's account ids are a capital letter and digits (real-world notes, createAccount).
    expect(accountA).toMatch(/^A[0-9]+$/);
    const asWritten = (await list(accountA)).json() as { total: number };
    expect(asWritten.total).toBeGreaterThan(0);
    const lower = await list(accountA.toLowerCase());
    expect(lower.statusCode).toBe(200);
    expect((lower.json() as { total: number }).total).toBe(asWritten.total);
    // The export covers the same rows.
    const exportOf = async (accountId: string) =>
      (await list(accountId, '/api/compliance/money-requests/export.csv')).body
        .trim()
        .split(/\r?\n/).length;
    expect(await exportOf(accountA.toLowerCase())).toBe(await exportOf(accountA));

    for (const path of [
      '/api/compliance/money-requests',
      '/api/compliance/money-requests/export.csv',
    ]) {
      const refused = await list('A104 0000', path);
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json().error.fields, path).toEqual([
        {
          field: 'query.accountId',
          message:
            'Account must be an account id: 1 to 40 letters, digits, hyphens or underscores, such as A1040000',
        },
      ]);
    }
  });

  it('refuses a kind or outcome a link names that is none of the choices, in the words the selects show', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const refused = await get('/api/compliance/money-requests?kind=foo&outcome=bar', compliance);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual([
      {
        field: 'query.kind',
        message:
          'Kind must be one of Deposit, Disbursement, Investment, IRA request (the link said “foo”)',
      },
      {
        field: 'query.outcome',
        message: expect.stringMatching(
          /^Outcome must be one of Being sent, Waiting for approval, .+ \(the link said “bar”\)$/,
        ),
      },
    ]);
    expect(refused.body).not.toContain('not_sent');
    // A choice in another letter case is that choice.
    const listed = await get('/api/compliance/money-requests?kind=Deposit', compliance);
    expect(listed.statusCode).toBe(200);
  });

  it('lists by user, by account and for everyone, with filters and paging', async () => {
    // Two requests of the investor's own, to page through one at a time.
    for (const amount of ['3.00', '4.00'])
      expect((await disburse({ type: 'ach', amount })).statusCode).toBe(201);
    const mine = await listMoneyRequests(h.db, { userId, limit: 1 });
    expect(mine.total).toBeGreaterThanOrEqual(2);
    expect(mine.items).toHaveLength(1);
    const page2 = await listMoneyRequests(h.db, { userId, limit: 1, offset: 1 });
    expect(page2.items[0].reference).not.toBe(mine.items[0].reference);
    const created = await listMoneyRequestsOfAccount(h.db, accountA, { outcome: 'created' });
    expect(created.items.every((r) => r.outcome === 'created' && r.accountId === accountA)).toBe(
      true,
    );
    const none = await listMoneyRequests(h.db, { kind: 'investment', accountId: 'A0000000' });
    expect(none).toMatchObject({ items: [], total: 0 });
  });
});

describe('register in the store', () => {
  let db: Db;
  // The instances that claim keys here are alive, as an instance of the portal announces itself
  // (app.ts): a claim of an instance that is gone is ended at once (instances.ts).
  const presences: Presence[] = [];
  beforeAll(async () => {
    db = await openStore({ dataDir: null });
    for (const instance of ['i1', 'a', 'b', 'live-instance', 'instance-without-the-store'])
      presences.push(await announcePresence(db, instance));
  });
  afterAll(async () => {
    for (const presence of presences) await presence.close();
    await db?.destroy();
  });

  const scope = (k: string): IdempotencyScope => ({
    userId: 'u1',
    route: 'POST /api/accounts/:accountId/disbursements',
    key: k,
    requestHash: 'h',
  });

  it('writes nothing when the audit event of an outcome cannot be written (one transaction)', async () => {
    const s = scope('atomic-key-0000001');
    const claimed = await claim(db, s, {
      instanceId: 'i1',
      leaseMs: 10_000,
      money: { kind: 'disbursement', accountId: 'A1', amount: '5' },
    });
    expect(claimed.kind).toBe('claimed');
    const reference = (claimed as { reference: string }).reference;
    await expect(
      complete(
        db,
        s,
        { state: 'done', status: 201, body: { requestId: 'r1' } },
        {
          reference,
          settlement: { outcome: 'created', upstreamId: 'r1', via: 'response', by: 'system' },
          // action is required: this insert fails inside the transaction
          audits: [{ action: null as unknown as string, outcome: 'succeeded' }],
        },
      ),
    ).rejects.toThrow();
    const record = await db
      .selectFrom('idempotency_records')
      .select('state')
      .where('key', '=', s.key)
      .executeTakeFirstOrThrow();
    expect(record.state).toBe('pending');
    expect((await getMoneyRequest(db, reference))?.outcome).toBe('pending');
  });

  /** A disbursement's key claimed by `instanceId` at `at`, with a lease of 15 s. */
  const claimedBy = (s: IdempotencyScope, instanceId: string, at: Date, amount: string) =>
    claim(db, s, {
      instanceId,
      leaseMs: 15_000,
      money: { kind: 'disbursement', accountId: 'A1', amount },
      now: () => at,
    });

  /** A retry, by another instance at `at`, of the key `first` claimed: answered unknown, audited once. */
  const expectUnknownReplay = async (
    s: IdempotencyScope,
    first: Awaited<ReturnType<typeof claim>>,
    at: Date,
  ) => {
    const retry = await claim(db, s, {
      instanceId: 'live-instance',
      leaseMs: 15_000,
      waitMs: 0,
      now: () => at,
    });
    expect(retry.kind).toBe('replay');
    const replay = retry as { status: number; body: { error: Record<string, string> } };
    expect(replay.status).toBe(504);
    expect(replay.body.error.submitted).toBe('unknown');
    const reference = (first as { reference: string }).reference;
    expect(replay.body.error.reference).toBe(reference);
    expect(await getMoneyRequest(db, reference)).toMatchObject({
      outcome: 'unknown',
      settledVia: 'lease_expired',
    });
    const audit = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'money_request_unknown')
      .where('object_id', '=', reference)
      .execute();
    expect(audit).toHaveLength(1);
  };

  it('answers a retry of a key whose owner lease ran out at once, as unknown with the reference', async () => {
    // Its instance lives but lost the store, so nothing renewed the lease.
    const s = scope('lease-key-00000001');
    const t0 = new Date('2026-01-01T00:00:00Z');
    const first = await claimedBy(s, 'instance-without-the-store', t0, '9');
    expect(first.kind).toBe('claimed');
    await expectUnknownReplay(s, first, new Date(t0.getTime() + 16_000));
  });

  it('answers a retry of a key whose instance was killed as unknown at once, within its lease', async () => {
    const s = scope('killed-key-0000001');
    const t0 = new Date('2026-01-01T00:00:00Z');
    const killed = await announcePresence(db, 'killed-instance');
    const first = await claimedBy(s, 'killed-instance', t0, '9');
    expect(first.kind).toBe('claimed');
    await killed.close();
    // A second after the claim, its lease 14 s from running out.
    await expectUnknownReplay(s, first, new Date(t0.getTime() + 1_000));
  });

  it('a spooled not-sent release frees only the attempt it names, never a later claim of the key', async () => {
    const s = scope('spooled-release-01');
    const t0 = new Date('2026-01-01T00:00:00Z');
    const first = await claimedBy(s, 'a', t0, '7');
    if (first.kind !== 'claimed') throw new Error(`claimed expected, got ${first.kind}`);
    const line = {
      kind: 'not_sent' as const,
      scope: s,
      claimedAt: first.claimedAt.toISOString(),
      reference: first.reference,
      settlement: {
        outcome: 'not_sent' as const,
        message: "The portal's database is not answering right now.",
        via: 'response' as const,
        by: 'system' as const,
        neverSent: true,
      },
      audits: [],
      at: t0.toISOString(),
    };
    expect(await releaseFromSpool(db, line)).toBe(true);
    expect(await getMoneyRequest(db, first.reference!)).toMatchObject({
      outcome: 'not_sent',
      settledVia: 'spool',
    });
    // The key is claimed again by a later attempt, still at the platform: the line's replay
    // (a housekeeping pass) leaves it in flight and its register row pending.
    const later = new Date(t0.getTime() + 60_000);
    const second = await claim(db, s, {
      instanceId: 'a',
      leaseMs: 15_000,
      money: { kind: 'disbursement', accountId: 'A1', amount: '7' },
      now: () => later,
    });
    expect(second).toMatchObject({ kind: 'claimed', reference: first.reference });
    expect(await releaseFromSpool(db, line)).toBe(false);
    expect(await getMoneyRequest(db, first.reference!)).toMatchObject({ outcome: 'pending' });
    const duplicate = await claim(db, s, {
      instanceId: 'b',
      leaseMs: 15_000,
      waitMs: 0,
      now: () => new Date(later.getTime() + 1_000),
    });
    expect(duplicate.kind).toBe('in_progress');
  });

  it('a live owner: a duplicate waits briefly and answers in progress, never for long', async () => {
    const s = scope('live-key-000000001');
    let clock = new Date('2026-01-01T00:00:00Z').getTime();
    await claim(db, s, { instanceId: 'a', leaseMs: 60_000, now: () => new Date(clock) });
    const dup = await claim(db, s, {
      instanceId: 'b',
      leaseMs: 60_000,
      waitMs: 1_000,
      // Each look advances the injected clock by 600 ms: the second look is past the wait.
      now: () => new Date((clock += 600)),
    });
    expect(dup.kind).toBe('in_progress');
  });
});
