import { describe, expect, it } from 'vitest';
import { revokeUserSessions } from '../store/sessions';
import { findUserIdByEmail } from '../store/users';
import { call, sandboxCalls, signIn, useHarness } from './harness';

/*
 * A request after the session ended (expired, ended from My sessions, the user disabled or changed
 * by an admin) is refused before any handler runs: the browser asks the person to sign in again
 * over the page, and a form shows what the refusal says. When the store still holds the cookie's
 * session, the refusal says why it ended (contract/signed-out), for the page to say it in words.
 */

const MINUTE = 60_000;
/** The BFF's clock (the session cache's): moved on by the tests, never waited for. */
let clock = Date.now();
const h = useHarness({
  now: () => clock,
  env: { SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '1' },
});

const disbursement = {
  headers: { 'idempotency-key': '6f1d2c3b-0a9e-4f8d-8c7b-6a5e4d3c2b1a' },
  body: { type: 'ach', amount: '12.50' },
};

describe('a request without a live session', () => {
  it('refuses a write after the session ended, saying nothing was sent or saved', async () => {
    clock = Date.now();
    const cookie = await signIn(h.app, 'investor@demo.test');
    await call(h.app, 'DELETE', '/api/session', { cookie });
    const calls = await sandboxCalls(h.sandboxUrl);
    const write = await call(h.app, 'POST', '/api/accounts/A1040000/disbursements', {
      cookie,
      ...disbursement,
    });
    expect(write.statusCode).toBe(401);
    expect(write.json().error).toMatchObject({
      code: 'unauthenticated',
      message: 'Your session had ended, so this was not sent or saved.',
      submitted: 'no',
    });
    // Answered before anything reached the platform.
    expect(await sandboxCalls(h.sandboxUrl)).toEqual(calls);
    // A read is told to sign in again, with nothing to say about sending.
    const read = await call(h.app, 'GET', '/api/accounts', { cookie });
    expect(read.statusCode).toBe(401);
    expect(read.json().error.message).toBe('Your session has ended. Please sign in again.');
  });
});

describe('why the session ended', () => {
  it('says `idle` once SESSION_IDLE_MINUTES pass without a request, on reads, writes and the session answer', async () => {
    clock = Date.now();
    const cookie = await signIn(h.app, 'investor@demo.test');
    expect((await call(h.app, 'GET', '/api/accounts', { cookie })).statusCode).toBe(200);
    clock += 31 * MINUTE;
    const read = await call(h.app, 'GET', '/api/accounts', { cookie });
    expect(read.statusCode).toBe(401);
    expect(read.json().error).toMatchObject({
      code: 'unauthenticated',
      message: 'Your session has ended. Please sign in again.',
      sessionEnded: 'idle',
    });
    const write = await call(h.app, 'POST', '/api/accounts/A1040000/disbursements', {
      cookie,
      ...disbursement,
    });
    expect(write.json().error).toMatchObject({ submitted: 'no', sessionEnded: 'idle' });
    expect((await call(h.app, 'GET', '/api/session', { cookie })).json()).toEqual({
      signedIn: false,
      ended: true,
      sessionEnded: 'idle',
    });
  });

  it('says `absolute` when a session in use reaches SESSION_ABSOLUTE_HOURS', async () => {
    clock = Date.now();
    const cookie = await signIn(h.app, 'investor2@demo.test');
    // A request every 20 minutes keeps the idle deadline sliding, up to the absolute one.
    for (let step = 0; step < 2; step++) {
      clock += 20 * MINUTE;
      expect((await call(h.app, 'GET', '/api/accounts', { cookie })).statusCode).toBe(200);
      await h.built.sessions.flush();
    }
    clock += 21 * MINUTE;
    const read = await call(h.app, 'GET', '/api/accounts', { cookie });
    expect(read.statusCode).toBe(401);
    expect(read.json().error.sessionEnded).toBe('absolute');
  });

  it('says `revoked` when the session was ended elsewhere (here: "sign out everywhere else")', async () => {
    clock = Date.now();
    const laptop = await signIn(h.app, 'issuer@demo.test');
    const phone = await signIn(h.app, 'issuer@demo.test');
    expect((await call(h.app, 'GET', '/api/session', { cookie: laptop })).statusCode).toBe(200);
    expect((await call(h.app, 'DELETE', '/api/me/sessions', { cookie: phone })).statusCode).toBe(
      200,
    );
    const read = await call(h.app, 'GET', '/api/offerings', { cookie: laptop });
    expect(read.statusCode).toBe(401);
    expect(read.json().error.sessionEnded).toBe('revoked');
    // The session that ended the others is untouched.
    expect((await call(h.app, 'GET', '/api/offerings', { cookie: phone })).statusCode).toBe(200);
  });

  it('says what ended it first: a session already idle that an admin then revokes ended idle', async () => {
    clock = Date.now();
    const cookie = await signIn(h.app, 'compliance@demo.test');
    clock += 45 * MINUTE;
    const userId = (await findUserIdByEmail(h.db, 'compliance@demo.test'))!;
    await revokeUserSessions(h.db, userId, new Date(clock));
    await h.built.sessions.caughtUp();
    const read = await call(h.app, 'GET', '/api/session', { cookie });
    expect(read.json()).toEqual({ signedIn: false, ended: true, sessionEnded: 'idle' });
  });

  it('says nothing of a token the store never held', async () => {
    clock = Date.now();
    const cookie = await signIn(h.app, 'admin@demo.test');
    const read = await call(h.app, 'GET', '/api/accounts', { cookie: `${cookie}x` });
    expect(read.statusCode).toBe(401);
    expect(read.json().error).not.toHaveProperty('sessionEnded');
  });

  it('gives the figures of the sentences in the public settings', async () => {
    const config = (await call(h.app, 'GET', '/api/config')).json();
    expect(config).toMatchObject({ sessionIdleMinutes: 30, sessionAbsoluteHours: 1 });
  });

  it("says whom to contact for support: the demo's address in sandbox mode", async () => {
    const config = (await call(h.app, 'GET', '/api/config')).json();
    expect(config.supportContact).toBe('support@demo.test');
  });
});
