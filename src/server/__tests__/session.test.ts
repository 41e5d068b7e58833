import argon2 from 'argon2';
import { describe, expect, it, vi } from 'vitest';
import { sessionSchema } from '../../contract/session';
import {
  hashToken,
  loadSession,
  markSecondFactor,
  PREVIOUS_ID_GRACE_MS,
  revokeSession,
} from '../store/sessions';
import { createUser, setDisabled } from '../store/users';
import { call, DEMO_PASSWORD, ORIGIN, signIn, useHarness } from './harness';

const h = useHarness();

describe('sign-in and session', () => {
  it('signs a demo investor in, sets an HttpOnly SameSite=Strict cookie and returns the linked accounts', async () => {
    const res = await call(h.app, 'POST', '/api/session', {
      body: { email: 'investor@demo.test', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const session = sessionSchema.parse(res.json());
    expect(session.user.role).toBe('investor');
    expect(session.user.accountIds).toEqual([...h.manifest.investors[0].accountIds].sort());
    expect(session.sandbox).toBe(true);
    // DISBURSEMENT_APPROVAL_ABOVE is unset: no amount to tell the form.
    expect(session.disbursementApprovalAbove).toBeUndefined();
    const cookie = res.cookies[0];
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/');
  });

  it('GET /api/session returns the signed-in user; without a cookie it answers "signed out", not 401', async () => {
    const cookie = await signIn(h.app, 'compliance@demo.test');
    const me = await call(h.app, 'GET', '/api/session', { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('compliance@demo.test');
    // Nobody signed in is the sign-in page's normal case: a plain answer, no failed request.
    const anonymous = await call(h.app, 'GET', '/api/session');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ signedIn: false });
    // A cookie that names no session at all (here forged) is told the session ended, with no
    // reason: only the holder of a real token hears why its own session ended
    // (contract/signed-out).
    const stale = await call(h.app, 'GET', '/api/session', { cookie: `${cookie}x` });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ signedIn: false, ended: true });
    expect(stale.cookies).toMatchObject([{ name: 'portal_session', value: '' }]);
    // Every route that needs a session still refuses without one.
    const accounts = await call(h.app, 'GET', '/api/accounts');
    expect(accounts.statusCode).toBe(401);
    expect(accounts.json().error.code).toBe('unauthenticated');
  });

  it('the OpenAPI document describes both answers of GET /api/session', async () => {
    const doc = (await call(h.app, 'GET', '/api/openapi.json')).json();
    const answer = JSON.stringify(doc.paths['/api/session'].get.responses['200']);
    expect(answer).toContain('"signedIn"');
    expect(answer).toContain('"idleExpiresAt"');
  });

  it('stores only a hash of the session token', async () => {
    const cookie = await signIn(h.app, 'admin@demo.test');
    const token = cookie.split('=')[1];
    const rows = await h.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.some((r) => r.id_hash === token)).toBe(false);
    expect(rows.some((r) => r.id_hash === hashToken(token))).toBe(true);
  });

  it('after a step-up the id before opens the same session for reads for a moment, then nothing; after a sign-in, nothing at once', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    const before = hashToken(cookie.split('=')[1]);
    const t0 = new Date(Date.now() + 1_000);
    const { token } = await markSecondFactor(h.db, before, 'totp', t0);
    const after = hashToken(token);
    const justBefore = new Date(t0.getTime() + PREVIOUS_ID_GRACE_MS - 1);
    expect(await loadSession(h.db, before, justBefore)).toMatchObject({
      session: { idHash: after, readsOnlyUntil: new Date(t0.getTime() + PREVIOUS_ID_GRACE_MS) },
      user: { email: 'investor@demo.test' },
    });
    // The new id is the session itself, for everything.
    const own = await loadSession(h.db, after, justBefore);
    expect(own && 'session' in own && own.session.readsOnlyUntil).toBeUndefined();
    const graceOver = new Date(t0.getTime() + PREVIOUS_ID_GRACE_MS);
    expect(await loadSession(h.db, before, graceOver)).toBeNull();

    // A sign-in completed by its second factor: the id before opened nothing, and still does not.
    const owed = await signIn(h.app, 'compliance@demo.test');
    const owedHash = hashToken(owed.split('=')[1]);
    await h.db
      .updateTable('sessions')
      .set({ pending_second_factor: true })
      .where('id_hash', '=', owedHash)
      .execute();
    await markSecondFactor(h.db, owedHash, 'totp', t0);
    expect(await loadSession(h.db, owedHash, new Date(t0.getTime() + 1))).toBeNull();
  });

  it('sign-out revokes the session: the old cookie no longer works', async () => {
    const cookie = await signIn(h.app, 'investor2@demo.test');
    expect((await call(h.app, 'DELETE', '/api/session', { cookie })).statusCode).toBe(204);
    expect((await call(h.app, 'GET', '/api/session', { cookie })).json()).toEqual({
      signedIn: false,
      ended: true,
      sessionEnded: 'revoked',
    });
  });

  it('a browser still carrying the cookie of a session ended elsewhere is told so once, and the cookie is cleared', async () => {
    const cookie = await signIn(h.app, 'investor2@demo.test');
    const token = cookie.split('=')[1];
    // Ended by another tab, another device or an admin: this browser still sends its cookie.
    await revokeSession(h.db, hashToken(token));
    const first = await call(h.app, 'GET', '/api/session', { cookie });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ signedIn: false, ended: true, sessionEnded: 'revoked' });
    const cleared = first.cookies.find((c) => c.name === 'portal_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    // The browser drops the cleared cookie, so the next visit is an ordinary signed-out one.
    const next = await call(h.app, 'GET', '/api/session');
    expect(next.json()).toEqual({ signedIn: false });
    expect(next.headers['set-cookie']).toBeUndefined();
  });

  it('issues a new session id at every sign-in and ends the one the browser had (no fixation)', async () => {
    const first = await signIn(h.app, 'issuer@demo.test');
    const res = await call(h.app, 'POST', '/api/session', {
      cookie: first,
      body: { email: 'issuer@demo.test', password: DEMO_PASSWORD },
    });
    const second = `${res.cookies[0].name}=${res.cookies[0].value}`;
    expect(second).not.toBe(first);
    expect((await call(h.app, 'GET', '/api/session', { cookie: first })).json()).toEqual({
      signedIn: false,
      ended: true,
      sessionEnded: 'revoked',
    });
    expect((await call(h.app, 'GET', '/api/session', { cookie: second })).statusCode).toBe(200);
  });

  it('refuses a wrong password with one message that does not reveal whether the email exists', async () => {
    const wrong = await call(h.app, 'POST', '/api/session', {
      body: { email: 'investor@demo.test', password: 'not-the-password' },
    });
    const unknown = await call(h.app, 'POST', '/api/session', {
      body: { email: 'nobody@demo.test', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
  });

  it('names the field and the rule for malformed sign-in input', async () => {
    const res = await call(h.app, 'POST', '/api/session', {
      body: { email: 'not-an-email', password: '' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field).sort()).toEqual(['email', 'password']);
    expect(fields.find((f) => f.field === 'email')?.message).toMatch(/Email/);
  });

  it('throttles repeated failures against one email from one address, even with the right password afterwards; the right password from another address signs in', async () => {
    const email = 'admin@demo.test';
    let last = 0;
    for (let i = 0; i < 9; i++) {
      last = (
        await call(h.app, 'POST', '/api/session', { body: { email, password: `wrong-${i}` } })
      ).statusCode;
    }
    expect(last).toBe(429);
    const res = await call(h.app, 'POST', '/api/session', {
      body: { email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().error.message).toMatch(/Try again in \d+ minute/);
    // Someone else's guesses do not lock the person out at their own address.
    const elsewhere = await h.app.inject({
      method: 'POST',
      url: '/api/session',
      remoteAddress: '203.0.113.77',
      headers: { 'x-csrf': '1', origin: ORIGIN },
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  /**
   * A sign-in from an address of the test's own, so the per-address count is the test's, carrying
   * the device cookie `device` when given.
   */
  const attempt = (ip: string, email: string, password: string, device?: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/session',
      remoteAddress: ip,
      headers: { 'x-csrf': '1', origin: ORIGIN },
      cookies: device === undefined ? {} : { portal_device: device },
      payload: { email, password },
    });
  /** The sign-ins against `email` refused unchecked, oldest first. */
  const refusals = (email: string) =>
    h.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'sign_in')
      .where('outcome', '=', 'denied')
      .where('user_email', '=', email)
      .orderBy('id')
      .execute();

  describe('refused by a spent window', () => {
    const refusedCounts = async (email: string) =>
      (await refusals(email)).map(
        (e) => (e.details as { refusedAttempts: number }).refusedAttempts,
      );

    it('is audited with the typed email and never the password, at the 1st, 10th and 100th refusal of the window only', async () => {
      const email = 'locked-out@example.test';
      await createUser(h.db, { email, name: 'Lou', role: 'investor', password: DEMO_PASSWORD });
      const ip = '198.51.100.7';
      const typed = 'Locked-Out@Example.test';
      for (let i = 0; i < 8; i++) {
        expect((await attempt(ip, typed, `wrong-${i}`)).statusCode).toBe(401);
      }

      // The 9th wrong password from the address, then the right one: both refused unchecked;
      // the first is audited.
      expect((await attempt(ip, typed, 'wrong-8')).statusCode).toBe(429);
      expect((await attempt(ip, typed, DEMO_PASSWORD)).statusCode).toBe(429);
      const [first, ...others] = await refusals(email);
      expect(others).toEqual([]);
      expect(first).toMatchObject({
        user_id: null,
        user_email: email,
        ip,
        details: {
          method: 'password',
          reason: 'too_many_failures_for_email_from_address',
          refusedAttempts: 1,
          refusedUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        },
      });
      expect(JSON.stringify(first)).not.toContain('wrong-8');
      expect(JSON.stringify(first)).not.toContain(DEMO_PASSWORD);

      // A flood of refused attempts adds an event at the 10th and the 100th refusal, no more.
      for (let i = 0; i < 88; i++) await attempt(ip, typed, `flood-${i}`);
      expect(await refusedCounts(email)).toEqual([1, 10]);
      // Past the address's own 100 attempts of the window, which would refuse them first.
      const { config } = h.built.deps;
      config.signInLimitPerAddress = 1000;
      try {
        for (let i = 0; i < 10; i++) await attempt(ip, typed, `flood-more-${i}`);
      } finally {
        config.signInLimitPerAddress = 100;
      }
      expect(await refusedCounts(email)).toEqual([1, 10, 100]);
    });

    it('against one email from every address together (100 failures) refuses the right password too, from any address', async () => {
      const email = 'spread-out@example.test';
      await createUser(h.db, { email, name: 'Spread', role: 'investor', password: DEMO_PASSWORD });
      // Guesses from many addresses, each under its own count of 8, spent the email's 100.
      await h.db
        .insertInto('rate_limits')
        .values({ key: `signin:fail:${email}`, window_start: new Date(), count: 100 })
        .execute();
      const res = await attempt('198.51.100.60', email, DEMO_PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(await refusals(email)).toMatchObject([
        { details: { reason: 'too_many_failures_for_email', refusedAttempts: 1 } },
      ]);
    });

    it('by the address is audited as such, with the email typed', async () => {
      const ip = '198.51.100.8';
      // The address's 100 attempts of the window are spent.
      await h.db
        .insertInto('rate_limits')
        .values({ key: `signin:ip:${ip}`, window_start: new Date(), count: 100 })
        .execute();
      const res = await attempt(ip, 'someone@example.test', 'any-password');
      expect(res.statusCode).toBe(429);
      expect(await refusals('someone@example.test')).toMatchObject([
        {
          ip,
          details: { reason: 'too_many_from_address', refusedAttempts: 1 },
        },
      ]);
    });

    it('from an address allowed more (SIGN_IN_LIMIT_PER_ADDRESS) takes its 101st attempt of the window, and refuses past the limit set', async () => {
      const { config } = h.built.deps;
      const ip = '198.51.100.9';
      await h.db
        .insertInto('rate_limits')
        .values({ key: `signin:ip:${ip}`, window_start: new Date(), count: 100 })
        .execute();
      config.signInLimitPerAddress = 102;
      try {
        expect((await attempt(ip, 'someone@example.test', 'any-password')).statusCode).toBe(401);
        expect((await attempt(ip, 'someone@example.test', 'any-password')).statusCode).toBe(401);
        expect((await attempt(ip, 'someone@example.test', 'any-password')).statusCode).toBe(429);
      } finally {
        config.signInLimitPerAddress = 100;
      }
    });
  });

  describe('from a browser that signed in as the person before', () => {
    const deviceOf = (res: Awaited<ReturnType<typeof attempt>>) => {
      const cookie = res.cookies.find((c) => c.name === 'portal_device');
      if (!cookie) throw new Error('no device cookie was set');
      return cookie;
    };
    /** Someone else's guesses spent both the email's counts at `ip` and from every address. */
    const lockedOut = async (email: string, ip: string) => {
      await h.db
        .insertInto('rate_limits')
        .values([
          { key: `signin:fail:${email}`, window_start: new Date(), count: 100 },
          { key: `signin:fail:${email}:${ip}`, window_start: new Date(), count: 8 },
        ])
        .execute();
    };
    let counter = 0;
    const person = async () => {
      const email = `known-browser-${++counter}@example.test`;
      await createUser(h.db, { email, name: 'Kim', role: 'investor', password: DEMO_PASSWORD });
      return email;
    };

    it('is given a cookie for the sign-in alone, kept 90 days through sign-outs', async () => {
      const email = await person();
      const res = await attempt('198.51.100.70', email, DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(deviceOf(res)).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/session',
        maxAge: 90 * 24 * 60 * 60,
      });
      // Only its hash is stored.
      const rows = await h.db
        .selectFrom('sign_in_devices')
        .innerJoin('users', 'users.id', 'sign_in_devices.user_id')
        .select('token_hash')
        .where('users.email', '=', email)
        .execute();
      expect(rows).toEqual([{ token_hash: hashToken(deviceOf(res).value) }]);
      // Signing out ends the session and leaves the device cookie as it is.
      const out = await h.app.inject({
        method: 'DELETE',
        url: '/api/session',
        headers: { 'x-csrf': '1', origin: ORIGIN },
        cookies: { portal_session: res.cookies.find((c) => c.name === 'portal_session')!.value },
      });
      expect(out.statusCode).toBe(204);
      expect(out.cookies.map((c) => c.name)).toEqual(['portal_session']);
      // A wrong password gives no such cookie.
      const wrong = await attempt('198.51.100.70', email, 'wrong');
      expect(wrong.cookies.find((c) => c.name === 'portal_device')).toBeUndefined();
    });

    it('signs in with the right password while guesses from everywhere have locked the email out, and keeps its cookie', async () => {
      const email = await person();
      const ip = '198.51.100.71';
      const device = deviceOf(await attempt(ip, email, DEMO_PASSWORD)).value;
      await lockedOut(email, ip);
      // A browser that never signed in is refused, even with the right password, at that address…
      expect((await attempt(ip, email, DEMO_PASSWORD)).statusCode).toBe(429);
      // …while the person's own signs in, and its cookie is the same one, kept longer.
      const own = await attempt(ip, email, DEMO_PASSWORD, device);
      expect(own.statusCode).toBe(200);
      expect(deviceOf(own).value).toBe(device);
      // The email stays locked for every other browser: the right password did not reopen it.
      expect((await attempt('198.51.100.72', email, DEMO_PASSWORD)).statusCode).toBe(429);
    });

    it('is refused after its own 8 wrong passwords, audited as that browser’s', async () => {
      const email = await person();
      const ip = '198.51.100.73';
      const device = deviceOf(await attempt(ip, email, DEMO_PASSWORD)).value;
      for (let i = 0; i < 8; i++) {
        expect((await attempt(ip, email, `wrong-${i}`, device)).statusCode).toBe(401);
      }
      expect((await attempt(ip, email, DEMO_PASSWORD, device)).statusCode).toBe(429);
      expect(await refusals(email)).toMatchObject([
        { details: { reason: 'too_many_failures_for_email_from_device', refusedAttempts: 1 } },
      ]);
      // Its failures were its own: a browser without the cookie is not refused for them.
      expect((await attempt('198.51.100.74', email, DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('counts for nobody else, nor once expired, nor when made up', async () => {
      const email = await person();
      const other = await person();
      const ip = '198.51.100.75';
      const othersDevice = deviceOf(await attempt(ip, other, DEMO_PASSWORD)).value;
      const device = deviceOf(await attempt(ip, email, DEMO_PASSWORD)).value;
      await lockedOut(email, ip);
      expect((await attempt(ip, email, DEMO_PASSWORD, othersDevice)).statusCode).toBe(429);
      expect((await attempt(ip, email, DEMO_PASSWORD, 'made-up-token')).statusCode).toBe(429);
      await h.db
        .updateTable('sign_in_devices')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('token_hash', '=', hashToken(device))
        .execute();
      expect((await attempt(ip, email, DEMO_PASSWORD, device)).statusCode).toBe(429);
    });
  });

  describe('a disabled user', () => {
    const password = 'a-long-password-of-theirs';
    let counter = 0;
    /** A user an admin disabled, with their own password. */
    async function disabledUser() {
      const email = `disabled-${++counter}@example.test`;
      const id = await createUser(h.db, { email, name: 'Dee', role: 'issuer_staff', password });
      await setDisabled(h.db, id, true);
      return { id, email };
    }
    const attempt = (email: string, pass: string) =>
      call(h.app, 'POST', '/api/session', { body: { email, password: pass } });
    const lastSignIn = () =>
      h.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'sign_in')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();

    it('with the right password is told the account is disabled and to ask an administrator; the audit says why, as theirs', async () => {
      const dee = await disabledUser();
      const res = await attempt(dee.email, password);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'forbidden',
        message:
          'This account is disabled, so it cannot sign in. Ask your administrator to enable it.',
        submitted: 'no',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await lastSignIn()).toMatchObject({
        outcome: 'denied',
        user_id: dee.id,
        user_email: dee.email,
        role: 'issuer_staff',
        details: { method: 'password', reason: 'account_disabled' },
      });
    });

    it('with a wrong password gets the answer anyone gets, and is not named in the audit', async () => {
      const dee = await disabledUser();
      const wrong = await attempt(dee.email, 'not-their-password');
      const unknown = await attempt('nobody-at-all@example.test', 'not-their-password');
      expect(wrong.statusCode).toBe(401);
      const body = (res: typeof wrong) => ({ ...res.json().error, requestId: undefined });
      expect(body(wrong)).toEqual(body(unknown));
      expect(body(wrong).message).toBe('The email or password is not correct.');
      const events = await h.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'sign_in')
        .where('user_email', '=', dee.email)
        .execute();
      expect(events).toMatchObject([
        {
          outcome: 'failed',
          user_id: null,
          details: { method: 'password', reason: 'wrong_email_or_password' },
        },
      ]);
    });

    it('has a password checked as anyone’s is: one verification, whether disabled, enabled or unknown', async () => {
      const dee = await disabledUser();
      const enabled = `enabled-${counter}@example.test`;
      await createUser(h.db, { email: enabled, name: 'En', role: 'issuer_staff', password });
      const verify = vi.spyOn(argon2, 'verify');
      try {
        for (const email of [dee.email, enabled, 'nobody-here@example.test']) {
          verify.mockClear();
          await attempt(email, 'not-their-password');
          expect(verify).toHaveBeenCalledTimes(1);
        }
        verify.mockClear();
        await attempt(dee.email, password);
        expect(verify).toHaveBeenCalledTimes(1);
      } finally {
        verify.mockRestore();
      }
    });

    it('locked out by failures, is told only to wait, even with the right password', async () => {
      const dee = await disabledUser();
      for (let i = 0; i < 8; i++) await attempt(dee.email, `wrong-${i}`);
      const res = await attempt(dee.email, password);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toMatch(
        /^Too many sign-in attempts\. Try again in \d+ minutes?\.$/,
      );
    });
  });

  it.each([
    ['ends a session after the idle deadline passes', 'idle_expires_at', 'idle'],
    [
      'ends a session after the absolute deadline even while it is in use',
      'absolute_expires_at',
      'absolute',
    ],
  ] as const)('%s', async (_name, deadline, reason) => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    const token = cookie.split('=')[1];
    await h.db
      .updateTable('sessions')
      .set({ [deadline]: new Date(Date.now() - 1000) })
      .where('id_hash', '=', hashToken(token))
      .execute();
    // As another instance's write would reach it: the cache hears of it from the database.
    await h.built.sessions.caughtUp();
    expect((await call(h.app, 'GET', '/api/session', { cookie })).json()).toEqual({
      signedIn: false,
      ended: true,
      sessionEnded: reason,
    });
  });
});

describe('CSRF defences', () => {
  it('refuses any /api request without X-CSRF: 1', async () => {
    const res = await call(h.app, 'GET', '/api/offerings', { noCsrf: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/X-CSRF/);
  });

  it('refuses a mutating request from a foreign Origin or with none', async () => {
    const body = { email: 'investor@demo.test', password: DEMO_PASSWORD };
    const foreign = await call(h.app, 'POST', '/api/session', {
      body,
      origin: 'https://evil.example',
    });
    const none = await call(h.app, 'POST', '/api/session', { body, origin: null });
    expect(foreign.statusCode).toBe(403);
    expect(none.statusCode).toBe(403);
    expect(foreign.cookies).toHaveLength(0);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline script, nosniff, frame-ancestors none and a referrer policy', async () => {
    const res = await call(h.app, 'GET', '/healthz');
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('never answers with a stack trace', async () => {
    const res = await call(h.app, 'POST', '/api/session', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    // A sentence for people, not the parser's own words.
    expect(res.json().error.message).toMatch(/^[A-Z].*\S/);
    expect(res.json().error.message).not.toMatch(/Unexpected end|JSON\.parse|SyntaxError/);
  });
});
