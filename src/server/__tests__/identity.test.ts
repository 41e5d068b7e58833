import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approvalStateLabels } from '../../contract/identity';
import { offeringListSchema, type Offering } from '../../contract/offerings';
import {
  beingSentWords,
  moneyRequestOutcomeWords,
  type BeingSent,
} from '../../contract/money-requests';
import { endSendsOfStoppedProcess, getApproval } from '../store/approvals';
import { lostSendOutcome } from '../routes/approvals';
import { HELD_SIGN_IN_WAIT } from '../../contract/disbursements';
import { hasSecondFactor, totpFor } from '../store/second-factors';
import { passwordMatches } from '../store/users';
import { createCustodyFundDisbursement } from '../upstream/create-custody-fund-disbursement';
import { UpstreamError, faultWords } from '../upstream/errors';
import type { LightMyRequestResponse } from 'fastify';
import {
  call,
  callSandbox,
  DEMO_PASSWORD,
  dropNextCall,
  idempotencyKeys,
  newUser,
  sandboxCallsOf,
  settleLeftUnknown,
  signIn,
  useHarness,
} from './harness';

/**
 * Second factor at sign-in, step-up on money routes, sessions ended from the browser, admin user
 * changes and maker-checker on large disbursements, with the strict settings a real deployment
 * has: step-up refused without a factor, a factor required for admins, approval above 100.
 */
let accountA: string;
const newKey = idempotencyKeys('identity-key');

const h = useHarness(
  {
    env: {
      STEP_UP_WITHOUT_FACTOR: 'refuse',
      MFA_REQUIRED_ROLES: 'admin',
      DISBURSEMENT_APPROVAL_ABOVE: '100',
      // Every test signs its own users in from the one address inject() sends from: more than
      // the default hundred a quarter of an hour this suite does not test.
      SIGN_IN_LIMIT_PER_ADDRESS: '1000',
    },
  },
  120_000,
);
beforeAll(async () => {
  [accountA] = h.manifest.investors[0].accountIds;
}, 120_000);

const upstreamCalls = (operation: string) => sandboxCallsOf(h.sandboxUrl, operation);

const post = (url: string, cookie: string, body?: unknown, key: string | null = null) =>
  call(h.app, 'POST', url, { cookie, body, headers: key ? { 'idempotency-key': key } : {} });

/** The code an authenticator shows `stepsAhead` periods from now (each step is accepted once). */
const codeFor = (secret: string, stepsAhead = 0) =>
  totpFor(secret).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

async function rawSignIn(email: string) {
  const res = await call(h.app, 'POST', '/api/session', {
    body: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const c = res.cookies.find((x) => x.name === 'portal_session')!;
  return { body: res.json(), cookie: `${c.name}=${c.value}` };
}

/**
 * The cookie the browser holds after an answer: proving a second factor (at sign-in, at step-up,
 * or by enrolling the first one while sign-in waits) gives the session a new id.
 */
function cookieAfter(res: LightMyRequestResponse, cookie: string): string {
  const renewed = res.cookies.find((x) => x.name === 'portal_session');
  return renewed ? `${renewed.name}=${renewed.value}` : cookie;
}

/**
 * Enrols an authenticator app for the signed-in user; returns its secret and recovery codes, and
 * the session's cookie after it (renewed when the enrolment completed a waiting sign-in).
 */
async function enrolTotp(cookie: string) {
  const started = await post('/api/me/second-factors/totp', cookie);
  expect(started.statusCode).toBe(200);
  const { secret, otpauthUri, qrSvg } = started.json();
  expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
  expect(qrSvg).toMatch(/^<svg/);
  const enrolledAt = Date.now();
  const code = totpFor(secret).generate({ timestamp: enrolledAt });
  const confirmed = await post('/api/me/second-factors/totp/confirm', cookie, {
    code,
    label: 'Phone',
  });
  expect(confirmed.statusCode).toBe(201);
  return {
    cookie: cookieAfter(confirmed, cookie),
    secret: secret as string,
    recoveryCodes: confirmed.json().recoveryCodes as string[],
    /** The code that confirmed the enrolment, and the code of the step after it. */
    enrolCode: code,
    nextCode: totpFor(secret).generate({ timestamp: enrolledAt + 30_000 }),
  };
}

async function makeStale(cookie: string) {
  // As if the last proof were ten minutes old (STEP_UP_MINUTES defaults to 5).
  const token = cookie.split('=')[1];
  const { hashToken } = await import('../store/sessions');
  await h.db
    .updateTable('sessions')
    .set({ second_factor_at: new Date(Date.now() - 10 * 60_000) })
    .where('id_hash', '=', hashToken(token))
    .execute();
  // The session cache trusts what it holds until the auth epoch moves; on PostgreSQL it learns
  // of this write from the database's notification, which may come after the next request.
  await h.built.sessions.caughtUp();
}

/** An investor of the test's own on account A, without a second factor yet. */
const newInvestor = () => newUser(h, 'investor', [{ kind: 'account', upstreamId: accountA }]);

/**
 * An investor of the test's own on account A with an authenticator app, signed in with it (the
 * code of the step after the enrolment's): a session whose second factor is fresh.
 */
async function investorWithFactor(user: { id: string; email: string } | null = null) {
  user ??= await newInvestor();
  const totp = await enrolTotp(await signIn(h.app, user.email));
  const { cookie } = await rawSignIn(user.email);
  const proved = await post('/api/session/second-factor', cookie, {
    method: 'totp',
    code: totp.nextCode,
  });
  expect(proved.statusCode).toBe(200);
  return { ...user, cookie: cookieAfter(proved, cookie), totp };
}

/** An admin of the test's own, signed in by enrolling the authenticator app the role requires. */
async function adminWithFactor() {
  const user = await newUser(h, 'admin');
  const { cookie } = await rawSignIn(user.email);
  const totp = await enrolTotp(cookie);
  return { ...user, cookie: totp.cookie, totp };
}

describe('the device cookie of a sign-in with a second factor', () => {
  const deviceCookie = (res: LightMyRequestResponse) =>
    res.cookies.find((c) => c.name === 'portal_device');

  it('is given once the factor is proved, not for the password alone', async () => {
    const user = await newInvestor();
    const totp = await enrolTotp(await signIn(h.app, user.email));
    const password = await call(h.app, 'POST', '/api/session', {
      body: { email: user.email, password: DEMO_PASSWORD },
    });
    expect(password.statusCode).toBe(200);
    expect(deviceCookie(password)).toBeUndefined();
    const cookie = cookieAfter(password, '');
    const proved = await post('/api/session/second-factor', cookie, {
      method: 'totp',
      code: totp.nextCode,
    });
    expect(proved.statusCode).toBe(200);
    expect(deviceCookie(proved)).toMatchObject({ path: '/api/session', httpOnly: true });
  });

  it('is given when enrolling the factor the role requires finishes the sign-in', async () => {
    const user = await newUser(h, 'admin');
    const password = await call(h.app, 'POST', '/api/session', {
      body: { email: user.email, password: DEMO_PASSWORD },
    });
    expect(deviceCookie(password)).toBeUndefined();
    const started = await post('/api/me/second-factors/totp', cookieAfter(password, ''));
    const { secret } = started.json() as { secret: string };
    const confirmed = await post('/api/me/second-factors/totp/confirm', cookieAfter(password, ''), {
      code: totpFor(secret).generate({ timestamp: Date.now() }),
      label: 'Phone',
    });
    expect(confirmed.statusCode).toBe(201);
    expect(deviceCookie(confirmed)).toMatchObject({ path: '/api/session' });
  });
});

describe('second factor at sign-in and step-up on money routes', () => {
  it('tells the signed-in browser that disbursements above the setting wait for approval', async () => {
    const cookie = await signIn(h.app, (await newInvestor()).email);
    const me = await call(h.app, 'GET', '/api/session', { cookie });
    // With the amount, so the form says before sending which amounts wait.
    expect(me.json()).toMatchObject({ disbursementApprovalAbove: '100' });
  });

  it('refuses a money route to a user without any second factor (strict setting)', async () => {
    const cookie = await signIn(h.app, (await newInvestor()).email);
    const before = await upstreamCalls('createCustodyFundDisbursement');
    const res = await post(
      `/api/accounts/${accountA}/disbursements`,
      cookie,
      { type: 'ach', amount: '10' },
      newKey(),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'second_factor_enrolment_required',
      submitted: 'no',
    });
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);
  });

  it('enrols an authenticator app with recovery codes; the next sign-in asks for it', async () => {
    const investor = await newInvestor();
    const enrolledIn = await signIn(h.app, investor.email);
    const investorTotp = await enrolTotp(enrolledIn);
    expect(investorTotp.recoveryCodes).toHaveLength(10);
    const factors = await call(h.app, 'GET', '/api/me/second-factors', { cookie: enrolledIn });
    expect(factors.json()).toMatchObject({ recoveryCodesLeft: 10, required: false });
    expect(JSON.stringify(factors.json())).not.toContain(investorTotp.secret);

    const { body, cookie } = await rawSignIn(investor.email);
    expect(body).toEqual({ secondFactor: { step: 'verify', methods: ['totp', 'recovery'] } });
    // Until the second factor is proved the session opens nothing.
    expect((await call(h.app, 'GET', '/api/session', { cookie })).json()).toEqual({
      signedIn: false,
    });
    expect((await call(h.app, 'GET', '/api/accounts', { cookie })).statusCode).toBe(401);

    const wrong = await post('/api/session/second-factor', cookie, {
      method: 'totp',
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    // The code used to enrol cannot be replayed; the next one is accepted. Both are the codes of
    // the enrolment's steps, not of the clock now: a slow run that crosses into the next step
    // would otherwise send a new code as the "replay".
    const replay = await post('/api/session/second-factor', cookie, {
      method: 'totp',
      code: investorTotp.enrolCode,
    });
    expect(replay.statusCode).toBe(400);
    const ok = await post('/api/session/second-factor', cookie, {
      method: 'totp',
      code: investorTotp.nextCode,
    });
    expect(ok.statusCode).toBe(200);
    // A new session id now that it is complete: the cookie of the password step opens nothing,
    // so a copy of it taken before the second factor was proved never becomes the full session.
    const signedIn = cookieAfter(ok, cookie);
    expect(signedIn).not.toBe(cookie);
    expect((await call(h.app, 'GET', '/api/accounts', { cookie })).statusCode).toBe(401);
    expect((await call(h.app, 'GET', '/api/session', { cookie })).json()).toMatchObject({
      signedIn: false,
    });
    expect((await call(h.app, 'GET', '/api/accounts', { cookie: signedIn })).statusCode).toBe(200);

    // The person's list shows the factor with the times the store keeps, the sign-in just made
    // included, as ISO strings.
    const stored = await h.db
      .selectFrom('second_factors')
      .innerJoin('users', 'users.id', 'second_factors.user_id')
      .select(['second_factors.id', 'second_factors.created_at', 'second_factors.last_used_at'])
      .where('users.email', '=', investor.email)
      .executeTakeFirstOrThrow();
    expect(stored.last_used_at).not.toBeNull();
    const listed = await call(h.app, 'GET', '/api/me/second-factors', { cookie: signedIn });
    expect(listed.json().factors).toEqual([
      {
        id: stored.id,
        kind: 'totp',
        label: 'Phone',
        createdAt: stored.created_at.toISOString(),
        lastUsedAt: stored.last_used_at?.toISOString(),
      },
    ]);
  });

  it('asks for a fresh second factor before a disbursement, sends nothing, then accepts the same request', async () => {
    const { cookie: stale, email, totp: investorTotp } = await investorWithFactor();
    let investor = stale;
    await makeStale(investor);
    const key = newKey();
    const body = { type: 'ach', amount: '12.50' };
    const before = await upstreamCalls('createCustodyFundDisbursement');
    const refused = await post(`/api/accounts/${accountA}/disbursements`, investor, body, key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'step_up_required', submitted: 'no' });
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);

    const proved = await post('/api/session/second-factor', investor, {
      method: 'recovery',
      code: investorTotp.recoveryCodes[0],
    });
    expect(proved.json()).toMatchObject({ verified: true, recoveryCodesLeft: 9 });
    // A new session id with the fresh step-up: a copy of the cookie from before carries none of
    // it. For a moment it still opens the session for a read (one the page sent just before the
    // new id came back), never for a write or a step-up (sessions.ts, PREVIOUS_ID_GRACE_MS).
    investor = cookieAfter(proved, stale);
    expect(investor).not.toBe(stale);
    expect(
      (await post(`/api/accounts/${accountA}/disbursements`, stale, body, key)).statusCode,
    ).toBe(401);
    const read = await call(h.app, 'GET', '/api/accounts', { cookie: stale });
    expect(read.statusCode).toBe(200);
    expect(read.cookies).toEqual([]);
    expect(
      (
        await post('/api/session/second-factor', stale, {
          method: 'recovery',
          code: investorTotp.recoveryCodes[1],
        })
      ).statusCode,
    ).toBe(401);
    const again = await post('/api/session/second-factor', investor, {
      method: 'recovery',
      code: investorTotp.recoveryCodes[0],
    });
    expect(again.statusCode).toBe(400);

    const sent = await post(`/api/accounts/${accountA}/disbursements`, investor, body, key);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().requestId).toBeTruthy();
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before + 1);

    const audit = await h.db
      .selectFrom('audit_events')
      .select(['action', 'outcome', 'details'])
      .where('user_email', '=', email)
      .where('action', 'in', ['step_up_required', 'step_up'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => `${a.action}:${a.outcome}`)).toEqual(
      expect.arrayContaining(['step_up_required:denied', 'step_up:succeeded']),
    );
  });

  it('asks for a fresh second factor once investments of the last 24 hours together pass STEP_UP_INVESTMENT_ABOVE, though none does alone', async () => {
    const { cookie } = await investorWithFactor();
    await makeStale(cookie);
    const { offerings } = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie })).json(),
    );
    const [first, second] = offerings.filter(
      (o) => ['approved', 'open'].includes(o.status) && Number(o.remainingShares) > 5_000,
    );
    // $6,000 in each of two offerings: each under the default $10,000, the two above it.
    const invest = (offering: Offering) =>
      post(
        `/api/offerings/${offering.id}/investments`,
        cookie,
        { accountId: accountA, units: String(6_000 / Number(offering.unitPrice)) },
        newKey(),
      );
    const before = await upstreamCalls('createTrade');
    const alone = await invest(first!);
    expect(alone.statusCode, alone.body).toBe(201);
    const together = await invest(second!);
    expect(together.statusCode).toBe(403);
    expect(together.json().error).toMatchObject({ code: 'step_up_required', submitted: 'no' });
    expect(await upstreamCalls('createTrade')).toBe(before + 1);
  });

  it('new recovery codes right after adding a factor ask for no factor again, in that session only: enrolling proved it', async () => {
    const user = await newInvestor();
    const other = await signIn(h.app, user.email);
    const { cookie } = await enrolTotp(await signIn(h.app, user.email));
    const renewed = await post('/api/me/recovery-codes', cookie);
    expect(renewed.statusCode).toBe(201);
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    // A session of the same person that proved nothing is asked, as before.
    const refused = await post('/api/me/recovery-codes', other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('step_up_required');
    // And the window is the one every proof has: once it has passed, the factor is asked for.
    await makeStale(cookie);
    expect((await post('/api/me/recovery-codes', cookie)).json().error.code).toBe(
      'step_up_required',
    );
  });

  it('new recovery codes end the earlier ones: an old unused code is refused, a new one works', async () => {
    const { cookie, totp } = await investorWithFactor();
    const renewed = await post('/api/me/recovery-codes', cookie);
    expect(renewed.statusCode).toBe(201);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(totp.recoveryCodes[0]);

    const old = await post('/api/session/second-factor', cookie, {
      method: 'recovery',
      code: totp.recoveryCodes[0],
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.fields[0].message).toBe(
      'The recovery code is not correct, or was already used.',
    );
    const now = await post('/api/session/second-factor', cookie, {
      method: 'recovery',
      code: fresh[0],
    });
    expect(now.json()).toMatchObject({ verified: true, recoveryCodesLeft: 9 });
  });

  it('an admin must enrol a second factor before the session opens anything', async () => {
    const { body, cookie } = await rawSignIn((await newUser(h, 'admin')).email);
    expect(body.secondFactor.step).toBe('enrol');
    expect((await call(h.app, 'GET', '/api/admin/users', { cookie })).statusCode).toBe(401);
    const enrolled = await enrolTotp(cookie);
    expect(
      (await call(h.app, 'GET', '/api/admin/users', { cookie: enrolled.cookie })).statusCode,
    ).toBe(200);
    // Enrolling completed the sign-in under a new session id: the cookie before it opens nothing.
    expect((await call(h.app, 'GET', '/api/admin/users', { cookie })).statusCode).toBe(401);
  });

  it('a first second factor starts only within 15 minutes of signing in: a session taken later cannot add its own, pass step-up and lock its owner out', async () => {
    const investor = await newInvestor();
    const cookie = await signIn(h.app, investor.email);
    const { hashToken } = await import('../store/sessions');
    await h.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 16 * 60_000) })
      .where('id_hash', '=', hashToken(cookie.split('=')[1]))
      .execute();
    await h.built.sessions.caughtUp();
    for (const url of ['/api/me/second-factors/totp', '/api/me/second-factors/passkey-options']) {
      const res = await post(url, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'reauthentication_required',
        submitted: 'no',
      });
      expect(res.json().error.message).toMatch(/sign in again/);
    }
    expect(await hasSecondFactor(h.db, investor.id)).toBe(false);
    const refusals = await h.db
      .selectFrom('audit_events')
      .select('details')
      .where('user_id', '=', investor.id)
      .where('action', '=', 'step_up_required')
      .execute();
    expect(refusals.map((r) => r.details)).toEqual([
      expect.objectContaining({ reason: 'sign_in_not_recent' }),
      expect.objectContaining({ reason: 'sign_in_not_recent' }),
    ]);
    // Signed in again, the owner adds it.
    const enrolled = await enrolTotp(await signIn(h.app, investor.email));
    expect(enrolled.recoveryCodes).toHaveLength(10);
    expect(await hasSecondFactor(h.db, investor.id)).toBe(true);
  });

  it('linking a bank, where ACH disbursements pay out, asks for a fresh second factor first and sends nothing before', async () => {
    const before = await upstreamCalls('linkExternalAccount');
    const without = await signIn(h.app, (await newInvestor()).email);
    const refused = await post(`/api/accounts/${accountA}/linked-bank`, without);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('second_factor_enrolment_required');
    const { cookie } = await investorWithFactor();
    await makeStale(cookie);
    const stale = await post(`/api/accounts/${accountA}/linked-bank`, cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('step_up_required');
    expect(await upstreamCalls('linkExternalAccount')).toBe(before);
  });

  it('a session waiting for its second factor cannot enrol a new one to get around it', async () => {
    const { cookie } = await rawSignIn((await investorWithFactor()).email);
    const res = await post('/api/me/second-factors/totp', cookie);
    expect(res.statusCode).toBe(401);
  });
});

describe('sessions in the browser', () => {
  it('lists my sessions and ends another one: its next request is refused', async () => {
    const { email } = await newInvestor();
    const a = await signIn(h.app, email);
    const b = await signIn(h.app, email);
    const listed = (await call(h.app, 'GET', '/api/me/sessions', { cookie: a })).json()
      .sessions as {
      id: string;
      current: boolean;
    }[];
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    const other = listed.find((s) => !s.current)!;
    // Another user cannot end it: it is not one of theirs.
    const foreign = await call(h.app, 'DELETE', `/api/me/sessions/${other.id}`, {
      cookie: await signIn(h.app, (await newInvestor()).email),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(h.app, 'GET', '/api/session', { cookie: b })).statusCode).toBe(200);

    const ended = await call(h.app, 'DELETE', `/api/me/sessions/${other.id}`, { cookie: a });
    expect(ended.statusCode).toBe(204);
    expect((await call(h.app, 'GET', '/api/session', { cookie: b })).json()).toEqual({
      signedIn: false,
      ended: true,
      sessionEnded: 'revoked',
    });
    expect((await call(h.app, 'GET', '/api/session', { cookie: a })).statusCode).toBe(200);
  });

  it('ends every other session of mine at once, and no one else’s', async () => {
    const { email } = await newInvestor();
    const mine = await signIn(h.app, email);
    const phone = await signIn(h.app, email);
    const laptop = await signIn(h.app, email);
    const someoneElse = await signIn(h.app, (await newUser(h, 'issuer_staff')).email);
    const before = (await call(h.app, 'GET', '/api/me/sessions', { cookie: mine })).json()
      .sessions as { id: string; current: boolean }[];

    const ended = await call(h.app, 'DELETE', '/api/me/sessions', { cookie: mine });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: before.length - 1 });
    for (const cookie of [phone, laptop]) {
      expect((await call(h.app, 'GET', '/api/session', { cookie })).json()).toEqual({
        signedIn: false,
        ended: true,
        sessionEnded: 'revoked',
      });
    }
    expect((await call(h.app, 'GET', '/api/session', { cookie: mine })).statusCode).toBe(200);
    expect((await call(h.app, 'GET', '/api/session', { cookie: someoneElse })).statusCode).toBe(
      200,
    );
    const after = (await call(h.app, 'GET', '/api/me/sessions', { cookie: mine })).json()
      .sessions as { current: boolean }[];
    expect(after).toEqual([expect.objectContaining({ current: true })]);
    // Each ended session is in the audit log by its id, as when ended one by one.
    const audited = await h.db
      .selectFrom('audit_events')
      .select(['object_id', 'details'])
      .where('action', '=', 'session_ended')
      .where(
        'object_id',
        'in',
        before.filter((s) => !s.current).map((s) => s.id),
      )
      .execute();
    expect(audited).toHaveLength(before.length - 1);
    expect(audited.every((e) => (e.details as { allOthers?: boolean }).allOthers)).toBe(true);
  });

  it('lists a sign-in waiting for its second factor, with its wrong codes, to its owner only, who ends it', async () => {
    type Listed = {
      id: string;
      current: boolean;
      ip: string | null;
      waitingForSecondFactor: boolean;
      secondFactor: string | null;
      wrongCodes: number;
    };
    const list = async (cookie: string) =>
      (await call(h.app, 'GET', '/api/me/sessions', { cookie })).json().sessions as Listed[];
    const { cookie: investor, email, totp: investorTotp } = await investorWithFactor();
    // Someone with the password (another browser): accepted, then three wrong codes.
    const { cookie: intruder } = await rawSignIn(email);
    for (const code of ['111111', '222222', '333333']) {
      const wrong = await post('/api/session/second-factor', intruder, { method: 'totp', code });
      expect(wrong.statusCode).toBe(400);
    }

    const { hashToken } = await import('../store/sessions');
    const { public_id: intruderId } = await h.db
      .selectFrom('sessions')
      .select('public_id')
      .where('id_hash', '=', hashToken(intruder.split('=')[1]))
      .executeTakeFirstOrThrow();

    const mine = await list(investor);
    const waiting = mine.filter((s) => s.id === intruderId);
    expect(waiting).toEqual([
      expect.objectContaining({
        current: false,
        ip: '127.0.0.1',
        waitingForSecondFactor: true,
        secondFactor: null,
        wrongCodes: 3,
      }),
    ]);
    // The owner's own session signed in with the authenticator app; the recovery code of its
    // later step-up did not change how it signed in.
    expect(mine.find((s) => s.current)).toMatchObject({
      waitingForSecondFactor: false,
      secondFactor: 'totp',
    });

    // Nobody else sees it or can end it.
    const other = await signIn(h.app, (await newInvestor()).email);
    expect((await list(other)).map((s) => s.id)).not.toContain(waiting[0].id);
    const foreign = await call(h.app, 'DELETE', `/api/me/sessions/${waiting[0].id}`, {
      cookie: other,
    });
    expect(foreign.statusCode).toBe(404);

    const ended = await call(h.app, 'DELETE', `/api/me/sessions/${waiting[0].id}`, {
      cookie: investor,
    });
    expect(ended.statusCode).toBe(204);
    // Ended: even the right code no longer finishes that sign-in.
    const late = await post('/api/session/second-factor', intruder, {
      method: 'totp',
      code: codeFor(investorTotp.secret, 2),
    });
    expect(late.statusCode).toBe(401);
    expect((await list(investor)).map((s) => s.id)).not.toContain(waiting[0].id);
    const audit = await h.db
      .selectFrom('audit_events')
      .select(['details'])
      .where('action', '=', 'session_ended')
      .where('object_id', '=', waiting[0].id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toEqual({ waitingForSecondFactor: true, wrongCodes: 3 });
  });

  it('names the second factor each session signed in with', async () => {
    const investor = await investorWithFactor();
    const { cookie } = await rawSignIn(investor.email);
    const proved = await post('/api/session/second-factor', cookie, {
      method: 'recovery',
      code: investor.totp.recoveryCodes[0],
    });
    expect(proved.statusCode).toBe(200);
    const byRecovery = (
      await call(h.app, 'GET', '/api/me/sessions', { cookie: cookieAfter(proved, cookie) })
    ).json().sessions as { current: boolean; secondFactor: string | null }[];
    expect(byRecovery.find((s) => s.current)?.secondFactor).toBe('recovery');

    // The admin's sign-in was completed by enrolling the authenticator app it asked for.
    const { cookie: admin } = await adminWithFactor();
    const adminSessions = (await call(h.app, 'GET', '/api/me/sessions', { cookie: admin })).json()
      .sessions as { current: boolean; secondFactor: string | null }[];
    expect(adminSessions.find((s) => s.current)?.secondFactor).toBe('totp');

    // A user without a second factor signs in with the password alone.
    const passwordOnly = await signIn(h.app, (await newInvestor()).email);
    const theirs = (await call(h.app, 'GET', '/api/me/sessions', { cookie: passwordOnly })).json()
      .sessions as { current: boolean; secondFactor: string | null }[];
    expect(theirs.find((s) => s.current)?.secondFactor).toBeNull();
  });
});

describe('users in the browser (admin)', () => {
  it('refuses an email another user has on the field Email, also when two admins create it at once', async () => {
    const { cookie: admin } = await adminWithFactor();
    const body = (name: string) => ({
      email: 'Twice@Example.test',
      name,
      role: 'investor',
      password: 'a-long-password-2026',
    });
    // Both are checked before either is stored (the password is hashed in between).
    const replies = await Promise.all([
      post('/api/admin/users', admin, body('One')),
      post('/api/admin/users', admin, body('Two')),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = replies.find((r) => r.statusCode === 409)!;
    expect(refused.json().error).toMatchObject({
      code: 'conflict',
      message: 'A user with this email already exists.',
      submitted: 'no',
      fields: [{ field: 'email', message: 'A user with this email already exists' }],
    });
    const again = await post('/api/admin/users', admin, body('Three'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual(refused.json().error.fields);
  });

  it('without single sign-on refuses a user without a password on the field Password, and creates nothing', async () => {
    const { cookie: admin } = await adminWithFactor();
    const refused = await post('/api/admin/users', admin, {
      email: 'never@example.test',
      name: 'Never',
      role: 'compliance',
      password: '',
    });
    expect(refused.statusCode).toBe(400);
    const rule =
      'Password is required: this portal has no single sign-on, so a user without one could not sign in';
    expect(refused.json().error).toMatchObject({
      message: `${rule}.`,
      submitted: 'no',
      fields: [{ field: 'password', message: rule }],
    });
    // The email stays free for the same admin to try again with a password.
    const again = await post('/api/admin/users', admin, {
      email: 'never@example.test',
      name: 'Never',
      role: 'compliance',
      password: 'a-long-password-2026',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().signInMethods).toEqual(['password']);
  });

  it('creates a user, links an account, disables them; every change is audited', async () => {
    const { cookie: admin, email: adminEmail } = await adminWithFactor();
    const created = await post('/api/admin/users', admin, {
      email: 'Ada@Example.test',
      name: 'Ada',
      role: 'investor',
      password: 'a-long-password-2026',
    });
    expect(created.statusCode).toBe(201);
    const ada = created.json();
    expect(ada).toMatchObject({ email: 'ada@example.test', signInMethods: ['password'] });
    const dup = await post('/api/admin/users', admin, {
      email: 'ada@example.test',
      name: 'A',
      role: 'investor',
    });
    expect(dup.statusCode).toBe(409);

    // An account the platform does not know (getAccount answers 1404) is never linked.
    const unknown = await post(`/api/admin/users/${ada.id}/links`, admin, {
      kind: 'account',
      upstreamId: 'A999',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      message: 'No account A999 exists on the platform. Nothing was linked.',
      fields: [{ field: 'upstreamId', message: 'No account A999 exists on the platform' }],
    });
    // Account A is the demo investor's too: refused until the admin confirms both act on it.
    const other = await post(`/api/admin/users/${ada.id}/links`, admin, {
      kind: 'account',
      upstreamId: accountA,
    });
    expect(other.json().error.fields.map((f: { field: string }) => f.field)).toEqual([
      'upstreamId',
      'confirmAccountOfOtherUser',
    ]);
    const linked = await post(`/api/admin/users/${ada.id}/links`, admin, {
      kind: 'account',
      upstreamId: accountA,
      confirmAccountOfOtherUser: true,
    });
    expect(linked.json().accountIds).toEqual([accountA]);
    const adaCookie = await signIn(h.app, 'ada@example.test', 'a-long-password-2026');
    expect(
      (await call(h.app, 'GET', `/api/accounts/${accountA}`, { cookie: adaCookie })).statusCode,
    ).toBe(200);

    const disabled = await call(h.app, 'PUT', `/api/admin/users/${ada.id}/disabled`, {
      cookie: admin,
      body: { disabled: true },
    });
    expect(disabled.json().disabled).toBe(true);
    expect((await call(h.app, 'GET', '/api/session', { cookie: adaCookie })).json()).toEqual({
      signedIn: false,
      ended: true,
      sessionEnded: 'revoked',
    });

    const actions = await h.db
      .selectFrom('audit_events')
      .select('action')
      .where('object_id', 'in', [ada.id, accountA])
      .where('user_email', '=', adminEmail)
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['user_created', 'user_linked', 'user_disabled']),
    );
  });

  it('refuses an admin disabling their own account, changing their role or resetting their factors: another admin must', async () => {
    const { cookie: admin, ...self } = await adminWithFactor();
    const refusals = [
      ['PUT', 'disabled', { disabled: true }, 'You cannot disable yourself: ask another admin.'],
      ['PUT', 'role', { role: 'investor' }, 'You cannot change your own role: ask another admin.'],
      [
        'DELETE',
        'second-factors',
        undefined,
        'You cannot reset your own second factors: ask another admin.',
      ],
    ] as const;
    for (const [method, what, body, message] of refusals) {
      const res = await call(h.app, method, `/api/admin/users/${self.id}/${what}`, {
        cookie: admin,
        body,
      });
      expect(res.statusCode).toBe(409);
      // A rule of the request (`refusal: "request"`): the page shows it without a support id.
      expect(res.json().error).toMatchObject({ message, submitted: 'no', refusal: 'request' });
    }
    expect((await call(h.app, 'GET', '/api/session', { cookie: admin })).json()).toMatchObject({
      user: { email: self.email },
    });
    const disabledEvents = await h.db
      .selectFrom('audit_events')
      .select('action')
      .where('object_id', '=', self.id)
      .where('action', 'in', ['user_disabled', 'user_role_changed', 'second_factor_reset'])
      .execute();
    expect(disabledEvents).toEqual([]);
  });

  it('refuses every change that grants or removes power without a fresh second factor, and changes nothing', async () => {
    const { cookie: admin } = await adminWithFactor();
    const target = await newUser(h, 'investor', [{ kind: 'account', upstreamId: accountA }]);
    const [otherAccount] = h.manifest.investors[1].accountIds;
    await makeStale(admin);
    const user = `/api/admin/users/${target.id}`;
    const changes = [
      [
        'POST',
        '/api/admin/users',
        { email: 'never-made@example.test', name: 'N', role: 'admin', password: DEMO_PASSWORD },
      ],
      ['PUT', `${user}/role`, { role: 'compliance' }],
      ['PUT', `${user}/disabled`, { disabled: true }],
      [
        'POST',
        `${user}/links`,
        { kind: 'account', upstreamId: otherAccount, confirmAccountOfOtherUser: true },
      ],
      ['DELETE', `${user}/links/account/${accountA}`, undefined],
      ['PUT', `${user}/password`, { password: 'a-long-password-2026' }],
      ['DELETE', `${user}/second-factors`, undefined],
    ] as const;
    for (const [method, url, body] of changes) {
      const res = await call(h.app, method, url, { cookie: admin, body });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
      expect(res.json().error).toMatchObject({ code: 'step_up_required', submitted: 'no' });
    }
    const after = await h.db
      .selectFrom('users')
      .select(['role', 'disabled'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ role: 'investor', disabled: false });
    const links = await h.db
      .selectFrom('user_links')
      .select('upstream_id')
      .where('user_id', '=', target.id)
      .execute();
    expect(links).toEqual([{ upstream_id: accountA }]);
    const made = await h.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'never-made@example.test')
      .execute();
    expect(made).toEqual([]);
  });
});

describe("a user's own second factors in the audit log", () => {
  it('name the user by email, as the log names users, not by an id alone', async () => {
    const me = await investorWithFactor();
    const added = await h.db
      .selectFrom('audit_events')
      .select('details')
      .where('object_id', '=', me.id)
      .where('action', '=', 'second_factor_added')
      .execute();
    expect(added).toEqual([
      { details: expect.objectContaining({ kind: 'totp', email: me.email }) },
    ]);
  });
});

describe('passwords in the browser', () => {
  const newPassword = 'a-new-password-2026';
  const put = (url: string, cookie: string, body: unknown) =>
    call(h.app, 'PUT', url, { cookie, body });
  const passwordEvents = (userId: string) =>
    h.db
      .selectFrom('audit_events')
      .select(['action', 'outcome', 'details', 'user_id'])
      .where('object_id', '=', userId)
      .where('action', 'in', ['password_changed', 'user_password_set'])
      .orderBy('id')
      .execute();
  // Read from the store, not by signing in: wrong sign-ins would spend the file's sign-in limit.
  const passwordIs = async (userId: string, password: string) =>
    passwordMatches(
      (
        await h.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).password_hash,
      password,
    );

  it('a person changes their own password with the current one and a fresh second factor; their other sessions end', async () => {
    const me = await investorWithFactor();
    const phone = await signIn(h.app, me.email);
    expect((await call(h.app, 'GET', '/api/me/password', { cookie: me.cookie })).json()).toEqual({
      hasPassword: true,
    });

    // Without a fresh second factor: step-up is asked, nothing changes.
    await makeStale(me.cookie);
    const stale = await put('/api/me/password', me.cookie, {
      currentPassword: DEMO_PASSWORD,
      newPassword,
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('step_up_required');
    const proved = await post('/api/session/second-factor', me.cookie, {
      method: 'recovery',
      code: me.totp.recoveryCodes[0],
    });
    expect(proved.statusCode).toBe(200);
    me.cookie = cookieAfter(proved, me.cookie);

    const changed = await put('/api/me/password', me.cookie, {
      currentPassword: DEMO_PASSWORD,
      newPassword,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().endedSessions).toBeGreaterThanOrEqual(1);
    // This session stays; the phone's ended; only the new password signs in.
    expect((await call(h.app, 'GET', '/api/session', { cookie: me.cookie })).statusCode).toBe(200);
    expect((await call(h.app, 'GET', '/api/session', { cookie: phone })).json()).toMatchObject({
      signedIn: false,
      ended: true,
    });
    expect(await passwordIs(me.id, DEMO_PASSWORD)).toBe(false);
    expect(await passwordIs(me.id, newPassword)).toBe(true);
    expect(await passwordEvents(me.id)).toEqual([
      expect.objectContaining({ action: 'password_changed', outcome: 'succeeded', user_id: me.id }),
    ]);
  });

  it('refuses a wrong current password on its field, audited, and changes nothing', async () => {
    const me = await investorWithFactor();
    const phone = await signIn(h.app, me.email);
    const refused = await put('/api/me/password', me.cookie, {
      currentPassword: 'not-my-password-at-all',
      newPassword,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: 'This is not your current password. Nothing was changed.',
      submitted: 'no',
      fields: [{ field: 'currentPassword', message: 'This is not your current password' }],
    });
    expect(await passwordIs(me.id, DEMO_PASSWORD)).toBe(true);
    expect(await passwordIs(me.id, newPassword)).toBe(false);
    expect((await call(h.app, 'GET', '/api/session', { cookie: phone })).statusCode).toBe(200);
    expect(await passwordEvents(me.id)).toEqual([
      expect.objectContaining({
        action: 'password_changed',
        outcome: 'denied',
        details: { reason: 'wrong_current_password', email: me.email },
      }),
    ]);
  });

  it('holds a new password to the rule of user creation', async () => {
    const me = await investorWithFactor();
    const short = await put('/api/me/password', me.cookie, {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'too-short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual([
      { field: 'newPassword', message: 'Password must be at least 12 characters' },
    ]);
    expect(await passwordIs(me.id, DEMO_PASSWORD)).toBe(true);
  });

  it('an admin sets a new password for a user, after step-up; the user’s sessions end; audited without the password', async () => {
    const { cookie: admin, id: adminId } = await adminWithFactor();
    const user = await newInvestor();
    const theirs = await signIn(h.app, user.email);
    await makeStale(admin);
    const stale = await put(`/api/admin/users/${user.id}/password`, admin, {
      password: newPassword,
    });
    expect(stale.json().error.code).toBe('step_up_required');
    expect(await passwordIs(user.id, DEMO_PASSWORD)).toBe(true);

    const { cookie: fresh, id: freshId } = await adminWithFactor();
    const set = await put(`/api/admin/users/${user.id}/password`, fresh, {
      password: newPassword,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: user.id, signInMethods: ['password'] });
    expect(JSON.stringify(set.json())).not.toContain(DEMO_PASSWORD);
    expect((await call(h.app, 'GET', '/api/session', { cookie: theirs })).json()).toMatchObject({
      signedIn: false,
      ended: true,
    });
    expect(await passwordIs(user.id, DEMO_PASSWORD)).toBe(false);
    expect(await passwordIs(user.id, newPassword)).toBe(true);
    const events = await passwordEvents(user.id);
    expect(events).toEqual([
      expect.objectContaining({
        action: 'user_password_set',
        outcome: 'succeeded',
        user_id: freshId,
        details: { email: user.email, hadPassword: true },
      }),
    ]);
    expect(events.map((e) => e.user_id)).not.toContain(adminId);
    // The audit log page shows whether it replaced one (docs/audit-log.md), never the password.
    const shown = await call(h.app, 'GET', '/api/audit-events?action=user_password_set', {
      cookie: fresh,
    });
    const listed = (shown.json() as { events: { objectId: string; details: unknown }[] }).events;
    expect(listed.find((e) => e.objectId === user.id)?.details).toEqual({
      email: user.email,
      hadPassword: true,
    });
  });

  it('an investor cannot set another user’s password, and an admin cannot set their own here', async () => {
    const investor = await investorWithFactor();
    const victim = await newInvestor();
    const refused = await put(`/api/admin/users/${victim.id}/password`, investor.cookie, {
      password: newPassword,
    });
    expect(refused.statusCode).toBe(403);
    expect(await passwordIs(victim.id, DEMO_PASSWORD)).toBe(true);

    const { cookie: admin, ...self } = await adminWithFactor();
    const own = await put(`/api/admin/users/${self.id}/password`, admin, {
      password: newPassword,
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toMatchObject({
      message:
        'You cannot set your own password here: change it in Security settings, with your current password.',
      refusal: 'request',
    });
    expect(await passwordIs(self.id, DEMO_PASSWORD)).toBe(true);
    expect(await passwordEvents(victim.id)).toEqual([]);
  });
});

/** An international wire's destination as an investor types it (§4.5: SWIFT/BIC, then IBAN). */
const toGermany = {
  type: 'wire_international',
  bankId: 'DEUTDEFF',
  bankAccountId: 'DE89370400440532013000',
  additionalDetails: 'For Avery Quinn, invoice 2026-11',
};

describe('maker-checker on large disbursements', () => {
  // Each test's own maker (an investor of account A) and checker: one test's role changes,
  // step-ups and decisions reach no other.
  let maker: Awaited<ReturnType<typeof investorWithFactor>>;
  let admin: string;
  let adminEmail: string;
  beforeEach(async () => {
    maker = await investorWithFactor();
    ({ cookie: admin, email: adminEmail } = await adminWithFactor());
  });
  // A request a test leaves unknown would stand in the way of the next test's request from
  // account A (lib/standing-requests.ts).
  afterEach(() => settleLeftUnknown(h.db));

  /** The register's row of the request an approval holds (money-requests.ts). */
  async function registerRowOf(id: string) {
    const { money_reference } = await h.db
      .selectFrom('disbursement_approvals')
      .select('money_reference')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(money_reference).toMatch(/^MR-/);
    return h.db
      .selectFrom('money_requests')
      .select([
        'reference',
        'outcome',
        'unknown_because',
        'upstream_id',
        'message',
        'sent_at',
        'settled_at',
      ])
      .where('reference', '=', money_reference!)
      .executeTakeFirstOrThrow();
  }

  /** The audit events of sending an approval's request (by its reference): what, by whom, for whom. */
  async function sendingEventsOf(id: string) {
    const { reference } = await registerRowOf(id);
    const events = await h.db
      .selectFrom('audit_events')
      .select(['action', 'user_email', 'outcome', 'details'])
      .where('action', 'in', ['held_disbursement_sent', 'disbursement_requested'])
      .execute();
    return events
      .map((e) => ({ ...e, details: e.details as Record<string, string> | null }))
      .filter((e) => e.details?.reference === reference)
      .map(({ details, ...e }) => ({
        ...e,
        maker: details!.maker,
        requestId: details!.requestId,
      }));
  }

  /**
   * The test's admin creates an investor with a password of their choosing and links account A
   * to them: the maker, signed in with an authenticator app.
   */
  async function makerMadeByAdmin(email: string, by = admin) {
    const created = await post('/api/admin/users', by, {
      email,
      name: 'Made Here',
      role: 'investor',
      password: DEMO_PASSWORD,
    });
    expect(created.statusCode).toBe(201);
    const linked = await post(`/api/admin/users/${created.json().id}/links`, by, {
      kind: 'account',
      upstreamId: accountA,
      confirmAccountOfOtherUser: true,
    });
    expect(linked.statusCode).toBe(200);
    return investorWithFactor({ id: created.json().id, email });
  }

  /** An admin that the admin signed in as `by` creates with a password of their choosing, signed in. */
  async function adminMadeBy(by: string) {
    const email = `made-admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const created = await post('/api/admin/users', by, {
      email,
      name: 'Made Admin',
      role: 'admin',
      password: DEMO_PASSWORD,
    });
    expect(created.statusCode).toBe(201);
    return { email, cookie: (await enrolTotp((await rawSignIn(email)).cookie)).cookie };
  }

  /** The account's disbursements of the other tests made a day ago: none counts toward the limit. */
  const noEarlierDisbursements = () =>
    h.db
      .updateTable('money_requests')
      .set({ created_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('account_id', '=', accountA)
      .execute();

  /** A held ACH disbursement of `amount` from account A by the test's maker; its approval id. */
  async function hold(amount: string) {
    const res = await post(
      `/api/accounts/${accountA}/disbursements`,
      maker.cookie,
      { type: 'ach', amount },
      newKey(),
    );
    expect(res.statusCode).toBe(201);
    return res.json().pendingApproval.id as string;
  }

  /** A held wire from account A by the test's maker, as the BFF answered it. */
  async function holdWire(wire: Record<string, string>) {
    const res = await post(`/api/accounts/${accountA}/disbursements`, maker.cookie, wire, newKey());
    expect(res.statusCode).toBe(201);
    return res.json().pendingApproval as { id: string; reference: string };
  }

  it('holds a disbursement above the threshold: nothing goes upstream', async () => {
    const investor = maker.cookie;
    const before = await upstreamCalls('createCustodyFundDisbursement');
    const res = await post(
      `/api/accounts/${accountA}/disbursements`,
      investor,
      { type: 'ach', amount: '150' },
      newKey(),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().pendingApproval).toMatchObject({ state: 'pending', amount: '150' });
    const approvalId = res.json().pendingApproval.id;
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);
    const mine = await call(h.app, 'GET', '/api/disbursement-approvals', { cookie: investor });
    expect(mine.json().waiting.approvals.map((a: { id: string }) => a.id)).toContain(approvalId);
    const investor2 = await signIn(h.app, 'investor2@demo.test');
    const theirs = await call(h.app, 'GET', '/api/disbursement-approvals', { cookie: investor2 });
    expect(theirs.json().waiting).toMatchObject({ approvals: [], total: 0 });

    // The register says it waits, not that it is being sent: nothing was sent.
    const row = await registerRowOf(approvalId);
    expect(row).toMatchObject({ outcome: 'held', sent_at: null, settled_at: null });
    const listed = await call(h.app, 'GET', `/api/accounts/${accountA}/money-requests`, {
      cookie: investor,
    });
    expect(listed.statusCode).toBe(200);
    expect(
      listed.json().requests.find((r: { reference: string }) => r.reference === row.reference),
    ).toMatchObject({ outcome: 'held', upstreamId: null });
    // The timeline names it as the ACH disbursement it is, from the event of its holding.
    const timeline = await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, {
      cookie: investor,
    });
    expect(
      timeline.json().entries.find((e: { reference?: string }) => e.reference === row.reference),
    ).toMatchObject({
      title: 'ACH disbursement to your linked bank',
      state: expect.stringMatching(/^Waiting for approval: /),
    });
    // Our reference names it there; the approval's internal id is nothing the investor can use.
    expect(timeline.body).not.toContain(approvalId);
  });

  it("keeps a held wire's bank details sealed in the store; they open to the request as made", async () => {
    const wire = {
      type: 'wire_domestic',
      amount: '175',
      bankId: '021000021',
      bankAccountId: '987654321012',
    };
    const { id } = await holdWire(wire);
    const row = await h.db
      .selectFrom('disbursement_approvals')
      .select('request')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.request).toMatch(/^sealed:v1:/);
    expect(JSON.stringify(row.request)).not.toMatch(/987654321012|021000021/);
    // What the approval sends (the ACH one below goes upstream this way).
    expect(
      JSON.parse(h.built.deps.sealer.open('approval_request', row.request as string)),
    ).toMatchObject({ accountId: accountA, ...wire });
  });

  it('shows the approver where a held wire goes, the account masked, and no other investor', async () => {
    const { id, reference } = await holdWire({ ...toGermany, amount: '4200.50' });
    const destination = {
      bankId: 'DEUTDEFF',
      bankAccountIdMasked: '••••3000',
      additionalDetails: 'For Avery Quinn, invoice 2026-11',
    };
    const listed = await call(h.app, 'GET', `/api/disbursement-approvals?reference=${reference}`, {
      cookie: admin,
    });
    expect(listed.json().waiting.approvals).toMatchObject([{ id, destination }]);
    expect(listed.body).not.toContain('DE89370400440532013000');

    // Another investor reads nothing of it: not in their list, not by its reference or account.
    const other = await signIn(h.app, 'investor2@demo.test');
    for (const query of ['', `?reference=${reference}`, `?approval=${id}`]) {
      const theirs = await call(h.app, 'GET', `/api/disbursement-approvals${query}`, {
        cookie: other,
      });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.body).not.toContain(id);
      expect(theirs.body).not.toContain('DEUTDEFF');
    }
    const byAccount = await call(
      h.app,
      'GET',
      `/api/disbursement-approvals?accountId=${accountA}`,
      {
        cookie: other,
      },
    );
    expect(byAccount.statusCode).toBe(403);
  });

  it('the maker cannot approve their own request, even with a role that approves', async () => {
    const approvalId = await hold('150');
    // The maker later becomes a reviewer (admin step-up is fresh from a recovery-free TOTP).
    const adminSecret = await h.db
      .selectFrom('second_factors as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select('f.totp_secret')
      .where('u.email', '=', adminEmail)
      .executeTakeFirstOrThrow();
    // Stored sealed: the column holds no secret an authenticator app could use.
    expect(adminSecret.totp_secret).toMatch(/^sealed:v1:/);
    const adminProved = await post('/api/session/second-factor', admin, {
      method: 'totp',
      code: codeFor(h.built.deps.sealer.open('totp_secret', adminSecret.totp_secret!), 1),
    });
    admin = cookieAfter(adminProved, admin);
    const changed = await call(h.app, 'PUT', `/api/admin/users/${maker.id}/role`, {
      cookie: admin,
      body: { role: 'admin' },
    });
    expect(changed.statusCode).toBe(200);

    // The role change ended the maker's sessions: they sign in again.
    const { cookie: waiting } = await rawSignIn(maker.email);
    const cookie = cookieAfter(
      await post('/api/session/second-factor', waiting, {
        method: 'recovery',
        code: maker.totp.recoveryCodes[0],
      }),
      waiting,
    );
    const before = await upstreamCalls('createCustodyFundDisbursement');
    const self = await post(`/api/disbursement-approvals/${approvalId}/approve`, cookie);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toMatch(/another person/);
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);
    const denied = await h.db
      .selectFrom('audit_events')
      .select(['outcome', 'details'])
      .where('action', '=', 'disbursement_approved')
      .where('user_email', '=', maker.email)
      .executeTakeFirstOrThrow();
    expect(denied).toMatchObject({ outcome: 'denied', details: { reason: 'maker_cannot_check' } });

    await call(h.app, 'PUT', `/api/admin/users/${maker.id}/role`, {
      cookie: admin,
      body: { role: 'investor' },
    });
    // An admin acts on no account, so the round trip dropped the account's link: given back.
    const relinked = await call(h.app, 'POST', `/api/admin/users/${maker.id}/links`, {
      cookie: admin,
      // The demo investor holds it too: confirmed, as the Users page asks.
      body: { kind: 'account', upstreamId: accountA, confirmAccountOfOtherUser: true },
    });
    expect(relinked.statusCode).toBe(200);
  });

  it('an admin who gave the maker the power to ask cannot approve it: not while the maker signs in with their password, nor within 30 days of linking the account', async () => {
    const email = `made-here-${Date.now()}@example.test`;
    maker = await makerMadeByAdmin(email);
    const approvalId = await hold('150');

    const before = await upstreamCalls('createCustodyFundDisbursement');
    const refused = await post(`/api/disbursement-approvals/${approvalId}/approve`, admin);
    expect(refused.statusCode).toBe(403);
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(),
    );
    expect(refused.json().error.message).toBe(
      `You created the user ${email} on ${today}, and they still sign in with the password you chose, so you are not independent of this request: another admin must approve it. You may still reject it.`,
    );
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);

    // Their own password now: the link of the last 30 days still ties the admin to the request.
    const changed = await call(h.app, 'PUT', '/api/me/password', {
      cookie: maker.cookie,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'a-password-of-their-own-2026' },
    });
    expect(changed.statusCode).toBe(200);
    const stillTied = await post(`/api/disbursement-approvals/${approvalId}/approve`, admin);
    expect(stillTied.statusCode).toBe(403);
    expect(stillTied.json().error.message).toMatch(
      new RegExp(
        `^You linked account ${accountA} to ${email} on ${today}, so you are not independent`,
      ),
    );
    const denied = await h.db
      .selectFrom('audit_events')
      .select(['details'])
      .where('action', '=', 'disbursement_approved')
      .where('user_email', '=', adminEmail)
      .where('outcome', '=', 'denied')
      .orderBy('id')
      .execute();
    expect(denied.map((e) => e.details)).toEqual([
      expect.objectContaining({ reason: 'approver_not_independent', tie: 'user_created' }),
      expect.objectContaining({ reason: 'approver_not_independent', tie: 'user_linked' }),
    ]);

    // A month on, the holder has had a statement naming any movement: the admin may approve.
    await h.db
      .updateTable('audit_events')
      .set({ at: new Date(Date.now() - 31 * 86_400_000) })
      .where('user_email', '=', adminEmail)
      .where('action', 'in', ['user_created', 'user_linked'])
      .execute();
    const approved = await post(`/api/disbursement-approvals/${approvalId}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'sent', checker: adminEmail });
  });

  it("a tied maker's disbursement below the limit waits too, and no admin the tied admin set up may approve it", async () => {
    const email = `mule-${Date.now()}@example.test`;
    maker = await makerMadeByAdmin(email);
    await noEarlierDisbursements();
    // The review before Confirm reads it so.
    const total = await call(
      h.app,
      'GET',
      `/api/accounts/${accountA}/disbursements/approval-total`,
      { cookie: maker.cookie },
    );
    expect(total.json()).toEqual({ earlier: '0', heldSignIn: true });
    // Below the limit (100 here): from a sign-in no admin holds, it would go at once.
    const small = await post(
      `/api/accounts/${accountA}/disbursements`,
      maker.cookie,
      { type: 'ach', amount: '40' },
      newKey(),
    );
    expect(small.statusCode).toBe(201);
    expect(small.json().why).toBe(HELD_SIGN_IN_WAIT);
    const approvalId: string = small.json().pendingApproval.id;

    // The same admin makes a second admin with a password of their choosing, who signs in.
    const puppetCookie = (await adminMadeBy(admin)).cookie;
    const before = await upstreamCalls('createCustodyFundDisbursement');
    const refused = await post(`/api/disbursement-approvals/${approvalId}/approve`, puppetCookie);
    expect(refused.statusCode).toBe(403);
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(),
    );
    expect(refused.json().error.message).toBe(
      `${adminEmail} created the user ${email} on ${today}, and they still sign in with the password chosen then, and ${adminEmail} holds your sign-in: you are an admin they (or an admin they set up) set up or changed in the last 30 days, or whose password they chose, so you are not independent of this request: another admin must approve it. You may still reject it.`,
    );
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);

    // An admin none of them set up approves it: sent once.
    const independent = await adminWithFactor();
    const approved = await post(
      `/api/disbursement-approvals/${approvalId}/approve`,
      independent.cookie,
    );
    expect(approved.statusCode).toBe(200);
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before + 1);
  });

  it('an admin who made the admin that set the maker up, or was made beside them, may not approve either', async () => {
    // The test's admin makes two admins; the first sets the maker up.
    const setter = await adminMadeBy(admin);
    const beside = await adminMadeBy(admin);
    const email = `made-by-second-${Date.now()}@example.test`;
    maker = await makerMadeByAdmin(email, setter.cookie);
    await noEarlierDisbursements();
    const held = await post(
      `/api/accounts/${accountA}/disbursements`,
      maker.cookie,
      { type: 'ach', amount: '45' },
      newKey(),
    );
    expect(held.json().why).toBe(HELD_SIGN_IN_WAIT);
    const approvalId: string = held.json().pendingApproval.id;
    const before = await upstreamCalls('createCustodyFundDisbursement');

    // The admin above the setter: they could have set the maker up as the setter.
    const above = await post(`/api/disbursement-approvals/${approvalId}/approve`, admin);
    expect(above.statusCode).toBe(403);
    expect(above.json().error.message).toContain(`created the user ${email} on`);
    expect(above.json().error.message).toContain(`and you hold ${setter.email}'s sign-in`);
    // An admin made by the same admin as the setter: one person may hold both.
    const sibling = await post(`/api/disbursement-approvals/${approvalId}/approve`, beside.cookie);
    expect(sibling.statusCode).toBe(403);
    expect(sibling.json().error.message).toContain(
      `and ${adminEmail} holds both their sign-in and yours`,
    );
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);
    const denied = await h.db
      .selectFrom('audit_events')
      .select(['details'])
      .where('action', '=', 'disbursement_approved')
      .where('outcome', '=', 'denied')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(denied.map((e) => e.details)).toEqual([
      expect.objectContaining({ reason: 'approver_not_independent', tie: 'user_created' }),
      expect.objectContaining({ reason: 'approver_not_independent', tie: 'user_created' }),
    ]);
  });

  it('a held request that no longer opens (the data key changed) is not approved: nothing decided, nothing sent, still waiting', async () => {
    const approvalId = await hold('160');
    // Sealed under another key, as after DATA_KEY changed without the old one kept.
    await h.db
      .updateTable('disbursement_approvals')
      .set({ request: JSON.stringify('sealed:v1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA') })
      .where('id', '=', approvalId)
      .execute();
    const before = await upstreamCalls('createCustodyFundDisbursement');
    const res = await post(`/api/disbursement-approvals/${approvalId}/approve`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'conflict', submitted: 'no' });
    expect(res.json().error.message).toMatch(/cannot be opened.*Nothing was sent: reject it/);
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);
    expect(await getApproval(h.db, approvalId)).toMatchObject({ state: 'pending' });
    expect(await registerRowOf(approvalId)).toMatchObject({ outcome: 'held' });
    // Rejecting it needs nothing opened: the investor learns why and may ask again.
    const rejected = await post(`/api/disbursement-approvals/${approvalId}/reject`, admin, {
      reason: 'Its bank details could not be opened',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await registerRowOf(approvalId)).toMatchObject({ outcome: 'not_sent' });
  });

  it('a second person approves: sent upstream once, both decisions audited', async () => {
    const approvalId = await hold('150');
    // Compliance is a read-only role: approving is for another admin.
    const compliance = await signIn(h.app, (await newUser(h, 'compliance')).email);
    const reviewer = await post(`/api/disbursement-approvals/${approvalId}/approve`, compliance);
    expect(reviewer.statusCode).toBe(403);
    const before = await upstreamCalls('createCustodyFundDisbursement');
    const approved = await post(`/api/disbursement-approvals/${approvalId}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'sent', checker: adminEmail });
    expect(approved.json().requestId).toBeTruthy();
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before + 1);

    const twice = await post(`/api/disbursement-approvals/${approvalId}/approve`, admin);
    expect(twice.statusCode).toBe(409);
    // Who decided (the admin themself), and what became of the money, which was submitted: the
    // list already shows it, "reload" is no help.
    expect(twice.json().error).toMatchObject({
      message: 'You already approved this disbursement: it was sent to the platform.',
      submitted: 'yes',
    });
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before + 1);

    // The investor reads it decided by the portal's staff: no staff email, no platform id.
    const mine = await call(h.app, 'GET', '/api/disbursement-approvals', { cookie: maker.cookie });
    const theirs = mine.json().decided.approvals.find((a: { id: string }) => a.id === approvalId);
    expect(theirs).toMatchObject({ state: 'sent', checker: null, requestId: null });
    expect(mine.body).not.toContain(adminEmail);
    const staff = await call(h.app, 'GET', '/api/disbursement-approvals', { cookie: compliance });
    expect(
      staff.json().decided.approvals.find((a: { id: string }) => a.id === approvalId),
    ).toMatchObject({ checker: adminEmail, requestId: approved.json().requestId });

    // The register's row is what the platform answered, under the platform's id.
    expect(await registerRowOf(approvalId)).toMatchObject({
      outcome: 'created',
      upstream_id: approved.json().requestId,
      message: 'Approved by a second person.',
    });
    // Nor does the investor's register name the admin: who decided is the staff's to read.
    const register = await call(h.app, 'GET', `/api/accounts/${accountA}/money-requests`, {
      cookie: maker.cookie,
    });
    expect(register.statusCode).toBe(200);
    expect(register.body).not.toContain(adminEmail);
    const reference = (await registerRowOf(approvalId))!.reference;
    const ownRow = (
      register.json() as { requests: { reference: string; decision?: unknown }[] }
    ).requests.find((row) => row.reference === reference);
    expect(ownRow?.decision).toEqual({ approved: true, decidedAt: expect.any(String) });
    // The reviewers' register says it was approved by a second person, who and when.
    const staffRegister = await call(
      h.app,
      'GET',
      `/api/compliance/money-requests?reference=${reference}`,
      { cookie: compliance },
    );
    expect(staffRegister.json().requests[0].decision).toEqual({
      approved: true,
      decidedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      decidedByEmail: adminEmail,
    });
    // So does its export, in the three columns before the last, for a reviewer working from the
    // file.
    const csv = await call(
      h.app,
      'GET',
      `/api/compliance/money-requests/export.csv?reference=${reference}`,
      { cookie: compliance },
    );
    const [header, line] = csv.body.trim().split(/\r?\n/);
    expect(header.split(',').slice(-4)).toEqual([
      'approval',
      'approval_decided_at_utc',
      'approval_decided_by',
      'upstream_id_kind',
    ]);
    expect(line.split(',').slice(-4)).toEqual([
      'approved',
      staffRegister.json().requests[0].decision.decidedAt,
      adminEmail,
      // Sent once approved, and answered with the platform's request id (§2.10).
      'disbursement_request',
    ]);

    const events = await h.db
      .selectFrom('audit_events')
      .select(['action', 'user_email', 'outcome'])
      .where('action', 'in', ['disbursement_held_for_approval', 'disbursement_approved'])
      .where('outcome', '=', 'succeeded')
      .execute();
    expect(events).toEqual(
      expect.arrayContaining([
        {
          action: 'disbursement_held_for_approval',
          user_email: maker.email,
          outcome: 'succeeded',
        },
        {
          action: 'disbursement_approved',
          user_email: adminEmail,
          outcome: 'succeeded',
        },
      ]),
    );
    // The approver sent the maker's request: the log never says the approver asked for it.
    expect(await sendingEventsOf(approvalId)).toEqual([
      {
        action: 'held_disbursement_sent',
        user_email: adminEmail,
        outcome: 'succeeded',
        maker: maker.email,
        requestId: approved.json().requestId,
      },
    ]);
  });

  /** A held request of `amount`, approved while the platform answers its send with `statusCode`. */
  const approvedAnswered = async (amount: string, statusCode: string) => {
    const id = await hold(amount);
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'createCustodyFundDisbursement',
      statusCode,
      times: 1,
    });
    return { id, approved: await post(`/api/disbursement-approvals/${id}/approve`, admin) };
  };

  it('an approval the platform refuses is logged as the held request’s sending, failed, not as the approver’s request', async () => {
    const { id, approved } = await approvedAnswered('125', '110');
    expect(approved.json()).toMatchObject({ state: 'not_sent' });
    expect(await sendingEventsOf(id)).toEqual([
      {
        action: 'held_disbursement_sent',
        user_email: adminEmail,
        outcome: 'failed',
        maker: maker.email,
        requestId: undefined,
      },
    ]);
  });

  it("an approval the platform answers by refusing the portal's access (103) is unknown for that cause, recorded as such in the register (§5 rule 8, §7)", async () => {
    const { id, approved } = await approvedAnswered('127', '103');
    const row = await registerRowOf(id);
    const refusedAccess =
      'The platform refused the portal’s access, which the portal’s operators must fix, so we cannot tell whether this reached it.';
    expect(approved.json()).toMatchObject({ state: 'unknown', reference: row.reference });
    expect(approved.json().message.startsWith(`${refusedAccess} Do not send it again.`)).toBe(true);
    expect(approved.json().staffMessage.startsWith(`${refusedAccess} Do not send it again.`)).toBe(
      true,
    );
    // The cause is a fact of the row, not read back from its message's words.
    expect(row).toMatchObject({ outcome: 'unknown', unknown_because: 'access_refused' });
  });

  it('an approval a fault kept from being sent says why and the one way on, once, on the approval and in the register', async () => {
    const id = await hold('135');
    // The platform could not be reached before connecting: nothing was sent (client
    // transportError). The client's own words, as it gives them.
    // Routes reach the client through withLogger (define.ts), so the view is where it fails.
    const upstream = h.built.deps.upstream;
    const withLogger = upstream.withLogger.bind(upstream);
    upstream.withLogger = (logger) => {
      const view = withLogger(logger);
      return {
        ...view,
        send: (request) =>
          request.operation === 'createCustodyFundDisbursement'
            ? Promise.reject(
                new UpstreamError({
                  kind: 'unavailable',
                  submitted: 'no',
                  operation: request.operation,
                  message: 'refused before connecting',
                  ...faultWords('The service could not be reached.', 'write', 'no'),
                }),
              )
            : view.send(request),
      };
    };
    let approved;
    try {
      approved = await post(`/api/disbursement-approvals/${id}/approve`, admin);
    } finally {
      upstream.withLogger = withLogger;
    }
    const why = 'The service could not be reached.';
    const next = 'To send it, make a new request: it waits for approval again.';
    expect(approved.json()).toMatchObject({ state: 'not_sent', message: `${why} ${next}` });
    const row = await registerRowOf(id);
    expect(row).toMatchObject({ outcome: 'not_sent', message: why, sent_at: null });
    const { next_step } = await h.db
      .selectFrom('money_requests')
      .select('next_step')
      .where('reference', '=', row.reference)
      .executeTakeFirstOrThrow();
    expect(next_step).toBe(next);
  });

  it('a rejection settles the register as not sent, naming who rejected it', async () => {
    const id = await hold('120');
    // The investor reads why: no rejection without a reason.
    const bare = await post(`/api/disbursement-approvals/${id}/reject`, admin, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toEqual([
      { field: 'reason', message: 'Reason for the investor is required' },
    ]);
    expect(await registerRowOf(id)).toMatchObject({ outcome: 'held' });
    const rejected = await post(`/api/disbursement-approvals/${id}/reject`, admin, {
      reason: 'The amount is unusual for this account.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      state: 'rejected',
      message: 'Rejected: The amount is unusual for this account',
    });
    expect(await registerRowOf(id)).toMatchObject({
      outcome: 'not_sent',
      message:
        'Rejected by a second person: The amount is unusual for this account. Nothing was sent.',
      sent_at: null,
    });
    const event = await h.db
      .selectFrom('audit_events')
      .select(['reason'])
      .where('action', '=', 'disbursement_rejected')
      .where('outcome', '=', 'succeeded')
      .where('user_email', '=', adminEmail)
      .executeTakeFirstOrThrow();
    expect(event.reason).toBe('The amount is unusual for this account');
    // The register's export names the rejection and who made it.
    const reference = (await registerRowOf(id))!.reference;
    const csv = await call(
      h.app,
      'GET',
      `/api/compliance/money-requests/export.csv?reference=${reference}`,
      { cookie: admin },
    );
    const [, line] = csv.body.trim().split(/\r?\n/);
    expect(line.split(',').slice(-4)).toEqual([
      'rejected',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      adminEmail,
      // Never sent: no platform id, so nothing it names.
      '',
    ]);
  });

  it('an approval whose answer is lost leaves the register unknown, with its sending time, for reconciliation', async () => {
    const compliance = await signIn(h.app, (await newUser(h, 'compliance')).email);
    const id = await hold('130');
    await dropNextCall(h.sandboxUrl, 'createCustodyFundDisbursement');
    const before = Date.now();
    const approved = await post(`/api/disbursement-approvals/${id}/approve`, admin);
    const row = await registerRowOf(id);
    // The approval gives the register's one instruction, under our reference.
    expect(approved.json()).toMatchObject({ state: 'unknown', reference: row.reference });
    expect(approved.json().message).toMatch(
      /^The connection to the service broke before its answer came\. It may or may not have reached the platform\. Do not send it again\. We check with the platform and settle it; if it stays unknown, contact support and quote our reference\. Our reference: MR-/,
    );
    expect(approved.json().message).not.toMatch(/check before trying again/);
    // The approver is the support desk that step sends to: the BFF words it for staff as well.
    expect(approved.json().staffMessage).toBe(
      `The connection to the service broke before its answer came. It may or may not have reached the platform. Do not send it again. Reconciliation looks for it on the platform; once its outcome is known, settle it in the money requests register. Our reference: ${row.reference}.`,
    );
    // Its investor is never answered the staff words.
    const investorSees = await call(h.app, 'GET', '/api/disbursement-approvals', {
      cookie: maker.cookie,
    });
    const own = [
      ...investorSees.json().waiting.approvals,
      ...investorSees.json().decided.approvals,
    ].find((a: { id: string }) => a.id === id);
    expect(own).toMatchObject({ state: 'unknown', message: approved.json().message });
    expect(own).not.toHaveProperty('staffMessage');
    expect(row.outcome).toBe('unknown');
    // Reconciliation waits for a call this recent, as for any request sent now.
    expect(row.sent_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.settled_at).not.toBeNull();

    // The dropped call never reached the platform: once it is too old to be in flight,
    // reconciliation settles it not sent, and the approval says the same.
    await h.db
      .updateTable('money_requests')
      .set({ sent_at: new Date(Date.now() - 3_600_000) })
      .where('reference', '=', row.reference)
      .execute();
    const pass = await post('/api/compliance/money-requests/reconcile', compliance);
    expect(pass.statusCode).toBe(200);
    expect(await registerRowOf(id)).toMatchObject({ outcome: 'not_sent', sent_at: null });
    const approvals = await call(h.app, 'GET', '/api/disbursement-approvals', { cookie: admin });
    expect(
      approvals.json().decided.approvals.find((a: { id: string }) => a.id === id),
    ).toMatchObject({
      state: 'not_sent',
      message:
        "The portal's check did not find it at the platform. To send it, make a new request: it waits for approval again.",
    });

    // Then the platform lists it after all (§2.10: our reference in its fund move): the register
    // and the approval are corrected together, and no longer say "no money moved".
    await createCustodyFundDisbursement(
      h.built.deps.upstream,
      { type: 'ach', accountId: accountA, amount: '130' },
      { reference: row.reference },
    );
    const again = await post('/api/compliance/money-requests/reconcile', compliance);
    expect(again.json()).toMatchObject({ foundAfterNotSent: 1 });
    const corrected = await registerRowOf(id);
    expect(corrected).toMatchObject({ outcome: 'created' });
    const after = await call(h.app, 'GET', '/api/disbursement-approvals', { cookie: admin });
    expect(after.json().decided.approvals.find((a: { id: string }) => a.id === id)).toMatchObject({
      state: 'sent',
      message: `Recorded as not sent, but found at the platform since as ${corrected.upstream_id}: it did reach the platform. Do not send it again.`,
    });
  });

  /** As if the process had stopped mid-call after approving it `ms` ago. */
  const stoppedSending = async (id: string, reference: string, ms: number) => {
    const at = new Date(Date.now() - ms);
    await h.db
      .updateTable('disbursement_approvals')
      .set({ state: 'sending', decided_at: at, checker_email: adminEmail })
      .where('id', '=', id)
      .execute();
    await h.db
      .updateTable('money_requests')
      .set({ outcome: 'unknown', sent_at: at, settled_at: at })
      .where('reference', '=', reference)
      .execute();
  };

  it('an approved send cut off by a stopped process reads on the approvals page as the register reads it: unknown, do not send it again', async () => {
    const id = await hold('140');
    const row = await registerRowOf(id);
    const approvedAgo = (ms: number) => stoppedSending(id, row.reference, ms);
    const approval = async () =>
      (await call(h.app, 'GET', '/api/disbursement-approvals', { cookie: admin }))
        .json()
        .decided.approvals.find((a: { id: string }) => a.id === id);

    // Its call may still be running: being sent.
    await approvedAgo(1_000);
    expect(await approval()).toMatchObject({ state: 'sending' });

    // Past the upstream timeout and the claim lease no call can be running: its answer was lost.
    await approvedAgo(h.config.upstreamTimeoutMs + h.config.claimLeaseMs + 1_000);
    expect(await approval()).toMatchObject({
      state: 'unknown',
      reference: row.reference,
      message: `The portal stopped while it was sending this disbursement. It may or may not have reached the platform. Do not send it again. We check with the platform and settle it; if it stays unknown, contact support and quote our reference. Our reference: ${row.reference}.`,
    });
    const register = await call(h.app, 'GET', '/api/compliance/money-requests?limit=200', {
      cookie: admin,
    });
    expect(
      register.json().requests.find((r: { reference: string }) => r.reference === row.reference),
    ).toMatchObject({ outcome: 'unknown' });
  });

  it('an approved send of a process that stopped reads "outcome unknown" as soon as the portal is started again, not "being sent"', async () => {
    const id = await hold('145');
    const row = await registerRowOf(id);
    // Approved a moment ago, then the process stopped mid-call.
    await stoppedSending(id, row.reference, 1_000);
    await h.db
      .updateTable('disbursement_approvals')
      .set({ sending_owner: 'a-process-that-stopped' })
      .where('id', '=', id)
      .execute();
    // What the start-up does (server.ts): no call of it can be running.
    expect(await endSendsOfStoppedProcess(h.db, lostSendOutcome)).toBeGreaterThan(0);
    const approvals = await call(h.app, 'GET', '/api/disbursement-approvals', { cookie: admin });
    expect(
      approvals.json().decided.approvals.find((a: { id: string }) => a.id === id),
    ).toMatchObject({
      state: 'unknown',
      beingSent: null,
      ...lostSendOutcome(row.reference),
    });
    const register = await call(
      h.app,
      'GET',
      `/api/compliance/money-requests?reference=${row.reference}`,
      { cookie: admin },
    );
    expect(register.json().requests[0]).toMatchObject({ outcome: 'unknown' });
    expect(register.json().requests[0].beingSent).toBeUndefined();
  });

  it('an approved send whose instance is gone reads "outcome unknown" at once on the page and in the register; one whose instance lives reads "being sent"', async () => {
    const id = await hold('146');
    const row = await registerRowOf(id);
    // Approved a moment ago: well inside the in-flight window.
    await stoppedSending(id, row.reference, 1_000);
    const read = async () => {
      const approvals = await call(h.app, 'GET', '/api/disbursement-approvals', { cookie: admin });
      const register = await call(
        h.app,
        'GET',
        `/api/compliance/money-requests?reference=${row.reference}`,
        { cookie: admin },
      );
      return {
        approval: approvals.json().decided.approvals.find((a: { id: string }) => a.id === id),
        request: register.json().requests[0],
      };
    };
    const sentBy = (owner: string) =>
      h.db
        .updateTable('disbursement_approvals')
        .set({ sending_owner: owner })
        .where('id', '=', id)
        .execute();

    // Sent by this instance, alive: being sent on both pages.
    await sentBy(h.built.deps.instanceId);
    const live = await read();
    expect(live.approval).toMatchObject({ state: 'sending' });
    expect(live.approval.beingSent).not.toBeNull();
    expect(live.request.beingSent).toBeDefined();

    // Sent by an instance that is gone (killed mid-call): unknown at once, on both pages.
    await sentBy('an-instance-killed-mid-call');
    const cut = await read();
    expect(cut.approval).toMatchObject({
      state: 'unknown',
      beingSent: null,
      ...lostSendOutcome(row.reference),
    });
    expect(cut.request).toMatchObject({ outcome: 'unknown' });
    expect(cut.request.beingSent).toBeUndefined();
  });

  it('while an approved send is live, the approvals page and the register say the same: being sent, until the same instant', async () => {
    const id = await hold('150');
    const { reference } = await registerRowOf(id);
    // The live send takes as long as the platform does (up to the upstream timeout).
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'createCustodyFundDisbursement',
      latencyMs: 1_500,
      times: 1,
    });
    const approving = post(`/api/disbursement-approvals/${id}/approve`, admin);
    const listed = async () =>
      (await call(h.app, 'GET', '/api/disbursement-approvals', { cookie: admin }))
        .json()
        .decided.approvals.find((a: { id: string }) => a.id === id) as
        { state: keyof typeof approvalStateLabels; beingSent: BeingSent | null } | undefined;
    // Read while the call is in flight: the approval has left the queue, the answer not come.
    let approval = await listed();
    while (!approval) approval = await listed();
    expect(approval.state).toBe('sending');
    const register = await call(
      h.app,
      'GET',
      `/api/compliance/money-requests?reference=${reference}`,
      { cookie: admin },
    );
    const row = register.json().requests[0] as {
      outcome: keyof typeof moneyRequestOutcomeWords;
      beingSent?: BeingSent | null;
    };
    // The answer comes before the checks, so a failed check leaves no call running.
    expect((await approving).json()).toMatchObject({ state: 'sent' });
    // Held as unknown (it may arrive whatever becomes of the call), and said to be being sent
    // until the in-flight window has passed: the approval's instants, from one derivation.
    expect(row.outcome).toBe('unknown');
    expect(approval.beingSent).not.toBeNull();
    expect(row.beingSent).toEqual(approval.beingSent);
    expect(Date.parse(approval.beingSent!.until) - Date.parse(approval.beingSent!.approvedAt)).toBe(
      h.config.upstreamTimeoutMs + h.config.claimLeaseMs,
    );
    expect(approvalStateLabels[approval.state].toLowerCase()).toContain(
      beingSentWords.label.toLowerCase(),
    );
    // Once the answer has come, neither says it is being sent.
    const after = await call(
      h.app,
      'GET',
      `/api/compliance/money-requests?reference=${reference}`,
      { cookie: admin },
    );
    expect(after.json().requests[0]).toMatchObject({ outcome: 'created' });
    expect(after.json().requests[0].beingSent).toBeUndefined();
  });

  it.each([
    [
      'disabled by an admin',
      'maker_disabled',
      (makerEmail: string) =>
        new RegExp(
          `^${makerEmail.replaceAll('.', '\\.')}, who asked for it, is disabled on the portal, so it is not sent\\. Reject it, or enable their account first if it should go\\.$`,
        ),
      async (makerId: string) => {
        await h.db.updateTable('users').set({ disabled: true }).where('id', '=', makerId).execute();
        await h.built.sessions.caughtUp();
        return () =>
          h.db.updateTable('users').set({ disabled: false }).where('id', '=', makerId).execute();
      },
    ],
    [
      'no longer linked to the account',
      'maker_unlinked',
      () =>
        /no longer holds account A\d+ on the portal, so it is not sent\. Reject it, or link them to the account again first if it should go\.$/,
      async (makerId: string) => {
        await h.db
          .deleteFrom('user_links')
          .where('user_id', '=', makerId)
          .where('upstream_id', '=', accountA)
          .execute();
        await h.built.sessions.caughtUp();
        return () =>
          h.db
            .insertInto('user_links')
            .values({ user_id: makerId, kind: 'account', upstream_id: accountA })
            .execute();
      },
    ],
  ])(
    'a request whose maker was %s is not sent when approved, and can still be rejected',
    async (_how, reason, words, change) => {
      const id = await hold('140');
      const undo = await change(maker.id);
      try {
        const before = await upstreamCalls('createCustodyFundDisbursement');
        const approved = await post(`/api/disbursement-approvals/${id}/approve`, admin);
        expect(approved.statusCode).toBe(409);
        expect(approved.json().error).toMatchObject({ code: 'conflict', submitted: 'no' });
        expect(approved.json().error.message).toMatch(words(maker.email));
        expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);
        expect(await registerRowOf(id)).toMatchObject({ outcome: 'held', sent_at: null });
        const denied = await h.db
          .selectFrom('audit_events')
          .select('details')
          .where('action', '=', 'disbursement_approved')
          .where('outcome', '=', 'denied')
          .execute();
        expect(denied.map((e) => e.details)).toContainEqual({ approvalId: id, reason });
        const rejected = await post(`/api/disbursement-approvals/${id}/reject`, admin, {
          reason: 'The account holder can no longer ask for it.',
        });
        expect(rejected.statusCode).toBe(200);
        expect(await registerRowOf(id)).toMatchObject({ outcome: 'not_sent' });
      } finally {
        await undo();
        await h.built.sessions.caughtUp();
      }
    },
  );
});

describe('guessing a second factor', () => {
  it('once ten wrong codes are spent, no code is checked, the right one included, until the window passes', async () => {
    const issuer = await newUser(h, 'issuer_staff');
    const enrolled = await enrolTotp(await signIn(h.app, issuer.email));
    const { cookie } = await rawSignIn(issuer.email);
    const prove = (code: string) =>
      post('/api/session/second-factor', cookie, { method: 'totp', code });

    const told: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const wrong = await prove(String(100_000 + i));
      expect(wrong.statusCode).toBe(400);
      told.push(wrong.json().error.fields[0].message);
    }
    // The last tries say what follows them, on the code field; the earlier ones do not.
    expect(told[6]).toBe('The code is not correct, or was already used. Wait for the next one.');
    expect(told[7]).toMatch(/ 2 more wrong codes and no code is checked for 1[45] minutes\.$/);
    expect(told[8]).toMatch(/ 1 more wrong code and no code is checked for 1[45] minutes\.$/);
    expect(told[9]).toMatch(/ That was the last try: no code is checked for 1[45] minutes\.$/);
    const afterLimit = await prove(enrolled.nextCode);
    expect(afterLimit.statusCode).toBe(429);
    expect(afterLimit.json().error).toMatchObject({
      code: 'rate_limited',
      submitted: 'no',
    });
    expect(afterLimit.json().error.message).toMatch(
      /^Too many wrong second-factor attempts\. Try again in \d+ minutes?\.$/,
    );
    // The right code did not open the session.
    expect((await call(h.app, 'GET', '/api/session', { cookie })).json()).toEqual({
      signedIn: false,
    });
    const issuerId = issuer.id;
    const denied = await h.db
      .selectFrom('audit_events')
      .select(['outcome', 'details'])
      .where('user_id', '=', issuerId)
      .where('action', '=', 'second_factor')
      .where('outcome', '=', 'denied')
      .execute();
    expect(denied).toEqual([
      {
        outcome: 'denied',
        details: {
          method: 'totp',
          purpose: 'sign_in',
          reason: 'too_many_attempts',
          refusedAttempts: 1,
          refusedUntil: expect.any(String),
        },
      },
    ]);

    // The window passes (its start moved an hour back): the same right code is checked and
    // accepted, and the proof gives the slots back.
    await h.db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() - 3_600_000) })
      .where('key', '=', `2fa:fail:${issuerId}`)
      .execute();
    expect((await prove(enrolled.nextCode)).statusCode).toBe(200);
    expect(
      await h.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', '=', `2fa:fail:${issuerId}`)
        .execute(),
    ).toEqual([]);
  });

  it("the guesses of someone with only the password do not lock the owner's signed-in session out of step-up, nor out of changing that password", async () => {
    const owner = await investorWithFactor();
    await makeStale(owner.cookie);
    // Someone else signs in with the password and spends every attempt on wrong codes.
    const { cookie: intruder } = await rawSignIn(owner.email);
    for (let i = 0; i < 10; i += 1) {
      const wrong = await post('/api/session/second-factor', intruder, {
        method: 'totp',
        code: String(100_000 + i),
      });
      expect(wrong.statusCode).toBe(400);
    }
    const spent = await post('/api/session/second-factor', intruder, {
      method: 'recovery',
      code: owner.totp.recoveryCodes[0],
    });
    expect(spent.statusCode).toBe(429);

    // The owner's own session has its own attempts: the right code makes step-up fresh, and the
    // password changes (ending the intruder's waiting sign-in).
    const proved = await post('/api/session/second-factor', owner.cookie, {
      method: 'recovery',
      code: owner.totp.recoveryCodes[0],
    });
    expect(proved.statusCode).toBe(200);
    expect(proved.json()).toMatchObject({ verified: true });
    const changed = await call(h.app, 'PUT', '/api/me/password', {
      cookie: cookieAfter(proved, owner.cookie),
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'a-new-password-2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(h.app, 'GET', '/api/session', { cookie: intruder })).json()).toMatchObject({
      signedIn: false,
    });
  });

  it("a signed-in session's own wrong step-up codes are limited too: ten, then no code is checked in it", async () => {
    const owner = await investorWithFactor();
    await makeStale(owner.cookie);
    const stepUp = (code: string) =>
      post('/api/session/second-factor', owner.cookie, { method: 'totp', code });
    const told: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const wrong = await stepUp(String(100_000 + i));
      expect(wrong.statusCode).toBe(400);
      told.push(wrong.json().error.fields[0].message);
    }
    expect(told[9]).toMatch(/ That was the last try: no code is checked for 1[45] minutes\.$/);
    const afterLimit = await post('/api/session/second-factor', owner.cookie, {
      method: 'recovery',
      code: owner.totp.recoveryCodes[0],
    });
    expect(afterLimit.statusCode).toBe(429);
    expect(afterLimit.json().error.code).toBe('rate_limited');
    const denied = await h.db
      .selectFrom('audit_events')
      .select('details')
      .where('user_id', '=', owner.id)
      .where('action', '=', 'second_factor')
      .where('outcome', '=', 'denied')
      .execute();
    expect(denied).toEqual([
      { details: expect.objectContaining({ purpose: 'step_up', reason: 'too_many_attempts' }) },
    ]);
    // Step-up stays stale in this session: the money route is still refused.
    const refused = await post(
      `/api/accounts/${accountA}/disbursements`,
      owner.cookie,
      { type: 'ach', amount: '12.50' },
      newKey(),
    );
    expect(refused.json().error.code).toBe('step_up_required');
  });
});
