import Big from 'big.js';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  issuerOfferingsSchema,
  offeringPurchaseHistorySchema,
  savedIssuerAccountResultSchema,
  savedIssuerAccountsSchema,
} from '../../contract/issuer-workspace';
import { compareWithReported, summarizePurchases } from '../../contract/purchase-summary';
import { expireDeadClaims } from '../store/idempotency';
import { announcePresence, liveInstances } from '../store/instances';
import { createUser, link } from '../store/users';
import {
  call,
  callSandbox,
  clearFaults,
  dropNextCall,
  issuerSaveInFlight,
  sandboxCalls,
  signIn,
  useHarness,
  useHarnessPerTest,
  type Harness,
} from './harness';

let issuerCookie: string;
const h = useHarness();
beforeAll(async () => {
  issuerCookie = await signIn(h.app, 'issuer@demo.test');
});

const upstreamCalls = (of: Harness) => sandboxCalls(of.sandboxUrl);

/** What the portal keeps of a save of `validAccount` while its outcome may be lost: masked. */
const sentOfValidAccount = {
  companyName: 'Aspen Ridge Capital LLC',
  companyState: 'CO',
  issuingCountry: 'US',
  accountType: 'CHECKING',
  entityType: 'LLC',
  maskedCompanyTaxId: '••-•••6789',
  accountMiddleInitial: 'q',
  maskedSocialSecurityNumber: '•••-••-6789',
  dateOfBirthGiven: true,
  residentUs: 'Yes',
  citizenUs: 'No',
  addressLine1: '1 Main St',
  addressLine2: null,
  city: 'Boulder',
  zip: '80302',
  country: 'US',
  additionalInfo: null,
};

const validAccount = {
  companyName: 'Aspen Ridge Capital LLC',
  companyState: 'co',
  issuingCountry: 'US',
  accountType: 'CHECKING',
  entityType: 'LLC',
  companyTaxId: '12-3456789',
  accountMiddleInitial: 'q',
  socialSecurityNumber: '123456789',
  dateOfBirth: '1980-02-29',
  residentUs: 'Yes',
  citizenUs: 'No',
  addressLine1: '1 Main St',
  addressLine2: '',
  city: 'Boulder',
  zip: '80302',
  country: 'US',
  additionalInfo: '',
  checkedNoIssuerAccount: true,
};

describe('issuer workspace: my offerings', () => {
  it("lists only the offerings of the issuer staff member's issuers", async () => {
    const res = await call(h.app, 'GET', '/api/issuer/offerings', { cookie: issuerCookie });
    expect(res.statusCode).toBe(200);
    const { offerings } = issuerOfferingsSchema.parse(res.json());
    expect(offerings.map((o) => o.id).sort()).toEqual(
      [...h.manifest.issuers[0].offeringIds!].sort(),
    );
  });

  it('is closed to investors', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    expect((await call(h.app, 'GET', '/api/issuer/offerings', { cookie })).statusCode).toBe(403);
  });
});

describe('purchase history (getOfferingPurchaseHistory §4.9)', () => {
  it("refuses another issuer's offering with 403 and sends nothing upstream", async () => {
    const other = h.manifest.issuers[1].offeringIds![0];
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const res = await call(h.app, 'GET', `/api/offerings/${other}/purchase-history`, {
      cookie: issuerCookie,
    });
    expect(res.statusCode).toBe(403);
    expect((await upstreamCalls(h)).getOfferingPurchaseHistory ?? 0).toBe(0);
    const denied = await h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'access_denied')
      .where('object_id', '=', other)
      .execute();
    expect(denied.length).toBeGreaterThan(0);
  });

  it('audits a reviewer’s read of the buyers, not issuer staff’s read of their own offering', async () => {
    const id = h.manifest.issuers[0].offeringIds![0];
    const viewed = () =>
      h.db
        .selectFrom('audit_events')
        .select(['user_email', 'object_type', 'details'])
        .where('action', '=', 'purchase_history_viewed')
        .where('object_id', '=', id)
        .execute();
    const before = (await viewed()).length;
    const staff = await call(h.app, 'GET', `/api/offerings/${id}/purchase-history`, {
      cookie: issuerCookie,
    });
    expect(staff.statusCode).toBe(200);
    expect(await viewed()).toHaveLength(before);

    const compliance = await signIn(h.app, 'compliance@demo.test');
    const res = await call(h.app, 'GET', `/api/offerings/${id}/purchase-history`, {
      cookie: compliance,
    });
    expect(res.statusCode).toBe(200);
    const trades = offeringPurchaseHistorySchema.parse(res.json()).history.purchases.length;
    const events = await viewed();
    expect(events).toHaveLength(before + 1);
    expect(events).toContainEqual({
      user_email: 'compliance@demo.test',
      object_type: 'offering',
      details: { trades },
    });
  });

  it('is closed to investors even for a public offering', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    const id = h.manifest.issuers[0].offeringIds![0];
    expect(
      (await call(h.app, 'GET', `/api/offerings/${id}/purchase-history`, { cookie })).statusCode,
    ).toBe(403);
  });

  it('the offering with 2,000+ trades: totals match the trades to the cent', async () => {
    const manifest = (await callSandbox(h.sandboxUrl, '/__sandbox/manifest')) as {
      largestOfferingId: string;
    };
    const id = manifest.largestOfferingId;
    expect(h.manifest.issuers[0].offeringIds).toContain(id);
    const res = await call(h.app, 'GET', `/api/offerings/${id}/purchase-history`, {
      cookie: issuerCookie,
    });
    expect(res.statusCode).toBe(200);
    const { offering, history } = offeringPurchaseHistorySchema.parse(res.json());
    expect(history.purchases.length).toBeGreaterThanOrEqual(2000);

    // An independent sum in integer cents (every amount has at most 2 significant decimals here).
    let cents = 0n;
    let shares = new Big(0);
    for (const p of history.purchases) {
      const [whole, fraction = ''] = p.amount!.split('.');
      expect(fraction.replace(/0+$/, '').length).toBeLessThanOrEqual(2);
      cents += BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
      shares = shares.plus(p.shares!);
    }
    // Every trade of the seeded offering is readable in full.
    expect(history.purchases.every((p) => p.unreadable.length === 0)).toBe(true);
    const readable = history.purchases.map((p) => ({ ...p, amount: p.amount!, shares: p.shares! }));
    const summary = summarizePurchases(readable, {
      totalShares: offering?.totalShares,
      targetAmount: offering?.targetAmount,
    });
    expect(summary.tradeCount).toBe(history.purchases.length);
    expect(new Big(summary.amountRaised).times(100).toFixed(0)).toBe(cents.toString());
    expect(summary.sharesSold).toBe(shares.toFixed());
    // …and the upstream's own summary agrees with its trades (§2.3).
    expect(compareWithReported(summary, history)).toEqual([]);
    expect(new Big(history.totalAmountRaised!).eq(summary.amountRaised)).toBe(true);
  });

  it('gives each trade the status the trades collection holds (§2.3 carries none, §4.16)', async () => {
    const manifest = (await callSandbox(h.sandboxUrl, '/__sandbox/manifest')) as {
      largestOfferingId: string;
    };
    const id = manifest.largestOfferingId;
    const res = await call(h.app, 'GET', `/api/offerings/${id}/purchase-history`, {
      cookie: issuerCookie,
    });
    const { history, statuses } = offeringPurchaseHistorySchema.parse(res.json());
    expect(statuses.state).toBe('read');
    if (statuses.state !== 'read') return;
    expect(statuses.complete).toBe(true);
    const byTrade = new Map(statuses.trades.map((t) => [t.tradeId, t.status]));
    // Every purchase has its status, and the seeded offering holds paid and unpaid trades alike.
    expect(history.purchases.every((p) => byTrade.has(p.tradeId))).toBe(true);
    const seen = new Set(history.purchases.map((p) => byTrade.get(p.tradeId)));
    expect(seen).toContain('created');
    expect(seen).toContain('settled');
  });

  it('still lists the trades when their statuses cannot be read, and says why', async () => {
    const id = h.manifest.issuers[0].offeringIds![0];
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'trades',
      httpStatus: 500,
      times: 20,
    });
    try {
      const res = await call(h.app, 'GET', `/api/offerings/${id}/purchase-history`, {
        cookie: issuerCookie,
      });
      expect(res.statusCode).toBe(200);
      const { history, statuses } = offeringPurchaseHistorySchema.parse(res.json());
      expect(history.purchases.length).toBeGreaterThan(0);
      expect(statuses).toEqual({
        state: 'unavailable',
        message: expect.stringMatching(/cannot tell paid trades from those still waiting/),
      });
    } finally {
      await clearFaults(h.sandboxUrl);
    }
  });

  it('reviewers may read any offering', async () => {
    const cookie = await signIn(h.app, 'compliance@demo.test');
    const other = h.manifest.issuers[1].offeringIds![0];
    const res = await call(h.app, 'GET', `/api/offerings/${other}/purchase-history`, { cookie });
    expect(res.statusCode).toBe(200);
  });
});

describe('issuer account (createIssuerAccount §4.6)', () => {
  // Each test loses, settles or saves the issuer account of the demo issuer, which an issuer
  // has once: a harness of each test's own, so none finds another's save.
  const h = useHarnessPerTest();
  let issuerCookie: string;
  beforeEach(async () => {
    issuerCookie = await signIn(h.app, 'issuer@demo.test');
  });

  const url = (issuerId: string) => `/api/issuers/${issuerId}/issuer-account`;

  /** Another member of an issuer's staff, signed in. */
  async function staffOf(issuerId: string, email: string) {
    const password = 'issuer-staff-password-2026';
    const userId = await createUser(h.db, { email, name: email, role: 'issuer_staff', password });
    await link(h.db, userId, 'issuer', issuerId);
    return { userId, cookie: await signIn(h.app, email, password) };
  }

  /** A save of the demo issuer's account whose answer was lost: unknown, for someone to settle. */
  async function lostSave(issuerId: string, key: string) {
    await dropNextCall(h.sandboxUrl, 'createIssuerAccount');
    return call(h.app, 'POST', url(issuerId), {
      cookie: issuerCookie,
      body: validAccount,
      headers: { 'idempotency-key': key },
    });
  }

  /**
   * Dates the lost saves of an issuer back an hour, as when the person asks the platform some
   * time after the answer was lost (rather than waiting out the in-flight window).
   */
  async function sentAnHourAgo(issuerId: string) {
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await h.db
      .updateTable('audit_events')
      .set({ details: sql`jsonb_set(details, '{sentAt}', to_jsonb(${anHourAgo}::text))` })
      .where('action', '=', 'request_outcome_unknown')
      .where('object_id', '=', issuerId)
      .execute();
  }

  it("refuses to write another issuer's account: 403, nothing sent upstream", async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const res = await call(h.app, 'POST', url(h.manifest.issuers[1].issuerId), {
      cookie: issuerCookie,
      body: validAccount,
      headers: { 'idempotency-key': 'issuer-acct-other-0001' },
    });
    expect(res.statusCode).toBe(403);
    expect((await upstreamCalls(h)).createIssuerAccount ?? 0).toBe(0);
  });

  it('rejects what the contract rules reject, naming the field, before anything is sent', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const res = await call(h.app, 'POST', url(h.manifest.issuers[0].issuerId), {
      cookie: issuerCookie,
      body: {
        ...validAccount,
        companyTaxId: '00-1234567',
        socialSecurityNumber: '666-12-3456',
        companyState: 'XX',
        issuingCountry: 'XX',
      },
      headers: { 'idempotency-key': 'issuer-acct-invalid-01' },
    });
    expect(res.statusCode).toBe(400);
    const refused = res.json().error.fields as { field: string; message: string }[];
    const fields = refused.map((f) => f.field).sort();
    expect(fields).toEqual([
      'companyState',
      'companyTaxId',
      'issuingCountry',
      'socialSecurityNumber',
    ]);
    // The message names the field as the form labels it.
    expect(refused.find((f) => f.field === 'issuingCountry')?.message).toBe(
      'Issuing country "XX" is not an ISO 3166 country code',
    );
    expect((await upstreamCalls(h)).createIssuerAccount ?? 0).toBe(0);
  });

  it('refuses a save without the confirmation that the platform holds no issuer account, naming it, before anything is sent', async () => {
    // No read of an issuer account is named (§4.6 only creates, §4.16): the person's word is
    // all there is against a second record (§2.4).
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    for (const checked of [undefined, false]) {
      const res = await call(h.app, 'POST', url(h.manifest.issuers[0].issuerId), {
        cookie: issuerCookie,
        body: { ...validAccount, checkedNoIssuerAccount: checked },
        headers: { 'idempotency-key': `issuer-acct-unchecked-${String(checked)}` },
      });
      expect(res.statusCode, res.body).toBe(400);
      const refused = res.json().error.fields as { field: string; message: string }[];
      expect(refused.map((f) => f.field)).toEqual(['checkedNoIssuerAccount']);
      if (checked === false) {
        expect(refused[0].message).toMatch(
          /^Tick "I have checked with the platform that it holds no issuer account of this issuer"/,
        );
      }
    }
    expect((await upstreamCalls(h)).createIssuerAccount ?? 0).toBe(0);
  });

  it('a lost answer is unknown, and the attempt is in the audit log by its issuer', async () => {
    const issuerId = h.manifest.issuers[0].issuerId;
    const res = await lostSave(issuerId, 'issuer-acct-lost-00001');
    expect(res.json().error.submitted).toBe('unknown');
    const requestId = res.headers['x-request-id'] as string;
    const events = await h.db
      .selectFrom('audit_events')
      .select(['action', 'user_email', 'object_type', 'object_id', 'outcome', 'details'])
      .where('request_id', '=', requestId)
      .execute();
    // What was sent is kept with the attempt, the EIN and SSN masked, the date of birth left out.
    expect(events).toEqual([
      // The person's word that the platform held no issuer account is kept, whatever became of
      // the save.
      {
        action: 'issuer_account_checked_none_held',
        user_email: 'issuer@demo.test',
        object_type: 'issuer',
        object_id: issuerId,
        outcome: 'succeeded',
        details: {
          confirmed:
            'I have checked with the platform that it holds no issuer account of this issuer',
        },
      },
      {
        action: 'request_outcome_unknown',
        user_email: 'issuer@demo.test',
        object_type: 'issuer',
        object_id: issuerId,
        outcome: 'unknown',
        details: expect.objectContaining({ issuer: issuerId, sent: sentOfValidAccount }),
      },
    ]);
    // When it was sent (its claim), before its answer was found lost: what the page lists.
    const lostAt = await h.db
      .selectFrom('audit_events')
      .select(['at', 'details'])
      .where('request_id', '=', requestId)
      .where('action', '=', 'request_outcome_unknown')
      .executeTakeFirstOrThrow();
    const sentAt = (lostAt.details as { sentAt: string }).sentAt;
    expect(Date.parse(sentAt)).toBeLessThanOrEqual(new Date(lostAt.at).getTime());

    // The page shows the lost save with what was sent: createIssuerAccount carries no reference
    // of ours (§4.6), so the platform is asked by those details. A new save is refused before
    // anything is sent: the platform may hold the first one, and §4.6 names no read to find out.
    const read = await call(h.app, 'GET', url(issuerId), { cookie: issuerCookie });
    const state = savedIssuerAccountResultSchema.parse(read.json());
    expect(state).toMatchObject({
      saved: null,
      unsettled: [{ at: sentAt, by: 'issuer@demo.test', requestId, sent: sentOfValidAccount }],
    });
    // The clear values are kept nowhere the page can read them.
    expect(read.body).not.toMatch(/3456789|123456789|1980-02-29/);
    const stored = JSON.stringify(
      await h.db.selectFrom('idempotency_records').select('sent').execute(),
    );
    expect(stored).toContain('Aspen Ridge Capital LLC');
    expect(stored).not.toMatch(/3456789|123456789|1980-02-29/);
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const again = await call(h.app, 'POST', url(issuerId), {
      cookie: issuerCookie,
      body: validAccount,
      headers: { 'idempotency-key': 'issuer-acct-lost-00002' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ submitted: 'no' });
    expect(again.json().error.message).toMatch(/lost its answer/);
    expect((await upstreamCalls(h)).createIssuerAccount ?? 0).toBe(0);
  });

  it('after asking the platform, "it holds nothing" lets the form be sent again; the reason is audited', async () => {
    const issuerId = h.manifest.issuers[0].issuerId;
    expect((await lostSave(issuerId, 'issuer-acct-lost-00005')).json().error.submitted).toBe(
      'unknown',
    );
    const settle = (body: unknown) =>
      call(h.app, 'POST', `${url(issuerId)}/settle`, { cookie: issuerCookie, body });
    // Its answer lost is not its call ended: within the upstream timeout plus the claim lease the
    // platform may still create it, and a save sent after "it holds nothing" would be a second
    // record (§4.6). Refused, with when it can be recorded, and nothing settled.
    const early = await settle({
      outcome: 'not_stored',
      reason: 'Platform support (ticket 4411) holds no account for this issuer',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(
      /^The save of this issuer account that lost its answer may still be on its way to the platform, which may yet create it\. It can be recorded as not held by the platform in (29|30) minutes, after 30 minutes without a trace of it; ask the platform again then\.$/,
    );
    const waiting = savedIssuerAccountResultSchema.parse(
      (await call(h.app, 'GET', url(issuerId), { cookie: issuerCookie })).json(),
    );
    expect(waiting.unsettled).toHaveLength(1);
    // An hour later (the lost save is dated back rather than waiting).
    await sentAnHourAgo(issuerId);
    const short = await settle({ outcome: 'not_stored', reason: 'asked' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual([
      {
        field: 'reason',
        message:
          'Whom you asked and what they said must say in at least 10 characters whom you asked at the platform',
      },
    ]);
    const res = await settle({
      outcome: 'not_stored',
      reason: 'Platform support (ticket 4411) holds no account for this issuer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(savedIssuerAccountResultSchema.parse(res.json())).toEqual({
      saved: null,
      unsettled: [],
      sending: [],
    });
    const audited = await h.db
      .selectFrom('audit_events')
      .select(['user_email', 'object_id', 'reason', 'details'])
      .where('action', '=', 'issuer_account_attempts_settled')
      .execute();
    expect(audited).toEqual([
      {
        user_email: 'issuer@demo.test',
        object_id: issuerId,
        reason: 'Platform support (ticket 4411) holds no account for this issuer',
        details: { settled: 'not_stored', attempts: [expect.any(String)] },
      },
    ]);
    // Nothing is left to settle.
    const twice = await settle({ outcome: 'stored', reason: 'Asked the platform a second time' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/nothing to settle/);
  });

  it('a save while another of the same issuer is in flight is refused; one whose instance stopped becomes a lost save', async () => {
    const issuerId = h.manifest.issuers[0].issuerId;
    const { userId: colleague } = await staffOf(issuerId, 'issuer-colleague@example.test');
    // The colleague's save, as its instance left it: claimed, its call on its way. Its instance
    // is alive (a claim of one that is gone is ended at once, store/instances.ts).
    const colleagueInstance = await announcePresence(h.db, 'another-instance');
    // Sent three hours ago (its instance hung on the call since): the sweep finds it out now.
    const at = new Date(Date.now() - 3 * 3_600_000);
    await issuerSaveInFlight(h.db, {
      userId: colleague,
      issuerId,
      key: 'issuer-acct-colleague-01',
      instance: 'another-instance',
      at,
      leaseMs: 60_000,
      sent: { ...sentOfValidAccount, companyName: 'Colleague Holdings LLC' },
    });
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const mine = await call(h.app, 'POST', url(issuerId), {
      cookie: issuerCookie,
      body: validAccount,
      headers: { 'idempotency-key': 'issuer-acct-inflight-01' },
    });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().error).toMatchObject({ submitted: 'no' });
    expect(mine.json().error.message).toMatch(
      /Another save of this issuer account is on its way to the platform/,
    );
    expect((await upstreamCalls(h)).createIssuerAccount ?? 0).toBe(0);

    // Its instance can no longer renew it: once the lease has run out, the sweep makes it a lost
    // save of the issuer, by the colleague, for someone to settle like any other.
    expect(await expireDeadClaims(h.db, new Date(at.getTime() + 59_000))).toBe(0);
    expect(await expireDeadClaims(h.db, new Date(at.getTime() + 61_000))).toBe(1);
    await colleagueInstance.close();
    const state = savedIssuerAccountResultSchema.parse(
      (await call(h.app, 'GET', url(issuerId), { cookie: issuerCookie })).json(),
    );
    // What the colleague's save sent comes with it, though its instance is gone, and when it was
    // sent, not when the sweep found it lost: that is what the platform is asked about (§4.6
    // carries no reference of ours). Long out of flight, it may be recorded as not held at once.
    expect(state.unsettled).toEqual([
      {
        at: at.toISOString(),
        by: 'issuer-colleague@example.test',
        requestId: null,
        sent: { ...sentOfValidAccount, companyName: 'Colleague Holdings LLC' },
      },
    ]);
    const settled = await call(h.app, 'POST', `${url(issuerId)}/settle`, {
      cookie: issuerCookie,
      body: { outcome: 'not_stored', reason: 'Platform support: no account from that save' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
  });

  it('a save whose instance was killed mid-call reads as a lost save on the next read, not as on its way', async () => {
    const issuerId = h.manifest.issuers[1].issuerId;
    const { userId: colleague, cookie } = await staffOf(issuerId, 'issuer-killed@example.test');
    const killed = await announcePresence(h.db, 'instance-killed-saving');
    // Its lease has a minute to run: only the instance's absence says the call is over.
    const sentAt = new Date();
    await issuerSaveInFlight(h.db, {
      userId: colleague,
      issuerId,
      key: 'issuer-acct-killed-01',
      instance: 'instance-killed-saving',
      at: sentAt,
      leaseMs: 60_000,
      sent: sentOfValidAccount,
    });
    const read = async () =>
      savedIssuerAccountResultSchema.parse(
        (await call(h.app, 'GET', url(issuerId), { cookie })).json(),
      );
    expect((await read()).sending).toHaveLength(1);
    await killed.close();
    // A PostgreSQL server lists a session a moment after its client's goodbye (instances.ts).
    for (let reads = 0; reads < 10_000; reads++) {
      if (!(await liveInstances(h.db, ['instance-killed-saving'])).size) break;
    }
    const state = await read();
    expect(state.sending).toEqual([]);
    // Listed as sent when it was, not when the read found its instance gone.
    expect(state.unsettled).toEqual([
      {
        at: sentAt.toISOString(),
        by: 'issuer-killed@example.test',
        requestId: null,
        sent: sentOfValidAccount,
      },
    ]);
  });

  it('"the platform holds the details" records the account as saved, with no copy of them', async () => {
    const issuerId = h.manifest.issuers[2].issuerId;
    const { cookie } = await staffOf(issuerId, 'issuer-settles@example.test');
    await dropNextCall(h.sandboxUrl, 'createIssuerAccount');
    const lost = await call(h.app, 'POST', url(issuerId), {
      cookie,
      body: validAccount,
      headers: { 'idempotency-key': 'issuer-acct-lost-00003' },
    });
    expect(lost.json().error.submitted).toBe('unknown');
    // Another issuer's staff cannot settle it.
    const foreign = await call(h.app, 'POST', `${url(issuerId)}/settle`, {
      cookie: issuerCookie,
      body: { outcome: 'not_stored', reason: 'Not my issuer, but trying anyway' },
    });
    expect(foreign.statusCode).toBe(403);

    // At once: that the platform holds it needs no wait for the call to end.
    const res = await call(h.app, 'POST', `${url(issuerId)}/settle`, {
      cookie,
      body: { outcome: 'stored', reason: 'The platform shows the account, created at 10:02' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const state = savedIssuerAccountResultSchema.parse(res.json());
    expect(state.saved).toMatchObject({
      records: [],
      savedBy: 'issuer-settles@example.test',
      confirmedByHand: 'issuer-settles@example.test',
    });
    expect(state.unsettled).toEqual([]);
    const again = await call(h.app, 'POST', url(issuerId), {
      cookie,
      body: validAccount,
      headers: { 'idempotency-key': 'issuer-acct-lost-00004' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already saved/);
  });

  it('creates once per Idempotency-Key, with the IP set by the BFF and personal data masked', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const issuerId = h.manifest.issuers[0].issuerId;
    const send = () =>
      call(h.app, 'POST', url(issuerId), {
        cookie: issuerCookie,
        body: { ...validAccount, createdIpAddress: '6.6.6.6' },
        headers: { 'idempotency-key': 'issuer-acct-create-0001', 'x-forwarded-for': '6.6.6.6' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const { records } = savedIssuerAccountsSchema.parse(first.json());
    expect(records).toHaveLength(1);
    const [record] = records;
    expect(record).toMatchObject({
      issuerId,
      companyState: 'CO',
      status: 'pending',
      maskedCompanyTaxId: '••-•••6789',
      maskedSocialSecurityNumber: '•••-••-6789',
      maskedDateOfBirth: '••••-••-••',
      residentUs: true,
      citizenUs: false,
      accountMiddleInitial: 'Q',
    });
    expect(record.createdIp).toBe('127.0.0.1');
    expect(first.body).not.toContain('123-45-6789');
    expect(first.body).not.toContain('123456789');
    expect(first.body).not.toContain('02-29-1980');

    // The confirmation that the platform held none is in the audit log, by whom and for which
    // issuer, with the save it came with.
    const confirmed = await h.db
      .selectFrom('audit_events')
      .select(['user_email', 'object_id', 'outcome'])
      .where('action', '=', 'issuer_account_checked_none_held')
      .where('request_id', '=', first.headers['x-request-id'] as string)
      .execute();
    expect(confirmed).toEqual([
      { user_email: 'issuer@demo.test', object_id: issuerId, outcome: 'succeeded' },
    ]);

    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await upstreamCalls(h)).createIssuerAccount).toBe(1);
  });

  it('issuer staff reload the page and see the saved account; saving again adds no second upstream record', async () => {
    const issuerId = h.manifest.issuers[0].issuerId;
    const first = await call(h.app, 'POST', url(issuerId), {
      cookie: issuerCookie,
      body: validAccount,
      headers: { 'idempotency-key': 'issuer-acct-first-save-01' },
    });
    expect(first.statusCode, first.body).toBe(201);
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    // The reload reads the portal's copy, not the upstream.
    const reload = await call(h.app, 'GET', url(issuerId), { cookie: issuerCookie });
    expect(reload.statusCode, reload.body).toBe(200);
    const { saved } = savedIssuerAccountResultSchema.parse(reload.json());
    expect(saved?.records[0]).toMatchObject({ issuerId, maskedCompanyTaxId: '••-•••6789' });
    // The record cannot be changed: the page says who on the issuer's staff made it.
    expect(saved?.savedBy).toBe('issuer@demo.test');
    expect(reload.body).not.toContain('123-45-6789');

    const again = await call(h.app, 'POST', url(issuerId), {
      cookie: issuerCookie,
      body: validAccount,
      headers: { 'idempotency-key': 'issuer-acct-second-save-01' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already saved/);
    expect((await upstreamCalls(h)).createIssuerAccount ?? 0).toBe(0);
  });

  it('is closed to compliance and investors', async () => {
    for (const email of ['compliance@demo.test', 'investor@demo.test']) {
      const cookie = await signIn(h.app, email);
      const res = await call(h.app, 'POST', url(h.manifest.issuers[0].issuerId), {
        cookie,
        body: validAccount,
        headers: { 'idempotency-key': `issuer-acct-role-${email.length}-x` },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
