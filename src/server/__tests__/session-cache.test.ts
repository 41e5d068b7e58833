import type { Pool } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CoalescedRead, registerPgPool } from '../store/auth-epoch';
import type { Db } from '../store/db';
import { SessionCache } from '../store/session-cache';
import { createSession, hashToken } from '../store/sessions';
import { findUserIdByEmail } from '../store/users';
import { call, signIn, useHarness } from './harness';

/*
 * Sessions are cached in memory, yet revocation, a disabled user, changed links and deadlines
 * take effect on the next request (architecture decisions 8 and 11). The changes below are made
 * straight in the store, as another instance or the users command would make them: on PGlite the
 * epoch moves while the statement completes; on a PostgreSQL server the instance learns it from
 * the server's notification, which each test waits for (`caughtUp`) before its next request.
 */
const caughtUp = () => h.built.sessions.caughtUp();
const h = useHarness();
afterAll(async () => {});

describe('session cache', () => {
  it.each([
    [
      'a revocation written by anyone ends a cached session on the next request',
      () => ({ revoked_at: new Date() }),
      'revoked',
    ],
    [
      'a shortened deadline ends a cached session on the next request',
      () => ({ idle_expires_at: new Date(Date.now() - 1000) }),
      'idle',
    ],
  ])('%s', async (_name, change, reason) => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    expect((await call(h.app, 'GET', '/api/session', { cookie })).statusCode).toBe(200);
    await h.db
      .updateTable('sessions')
      .set(change())
      .where('id_hash', '=', hashToken(cookie.split('=')[1]))
      .execute();
    await caughtUp();
    expect((await call(h.app, 'GET', '/api/session', { cookie })).json()).toEqual({
      signedIn: false,
      ended: true,
      sessionEnded: reason,
    });
  });

  it('a disabled user and a removed link take effect on the next request', async () => {
    const cookie = await signIn(h.app, 'investor2@demo.test');
    const first = await call(h.app, 'GET', '/api/session', { cookie });
    expect(first.statusCode).toBe(200);
    const userId = (await findUserIdByEmail(h.db, 'investor2@demo.test'))!;
    const accountId = h.manifest.investors[1].accountIds[0];
    expect((await call(h.app, 'GET', `/api/accounts/${accountId}`, { cookie })).statusCode).toBe(
      200,
    );

    await h.db
      .deleteFrom('user_links')
      .where('user_id', '=', userId)
      .where('upstream_id', '=', accountId)
      .execute();
    await caughtUp();
    expect((await call(h.app, 'GET', `/api/accounts/${accountId}`, { cookie })).statusCode).toBe(
      403,
    );

    await h.db.updateTable('users').set({ disabled: true }).where('id', '=', userId).execute();
    await caughtUp();
    expect((await call(h.app, 'GET', '/api/session', { cookie })).json()).toEqual({
      signedIn: false,
      ended: true,
      sessionEnded: 'revoked',
    });
    await h.db.updateTable('users').set({ disabled: false }).where('id', '=', userId).execute();
  });

  it('idle touches are written at most once a minute per session, in one batch', async () => {
    let now = Date.now();
    const times = { idleMs: 10 * 60_000, absoluteMs: 60 * 60_000 };
    const cache = await SessionCache.open(h.db, times, { now: () => now, flushDelayMs: 60_000 });
    const userId = (await findUserIdByEmail(h.db, 'compliance@demo.test'))!;
    const sessions = await Promise.all(
      [1, 2, 3].map(() => createSession(h.db, userId, times, {}, new Date(now))),
    );
    const lastSeen = async () =>
      (
        await h.db
          .selectFrom('sessions')
          .select(['id_hash', 'last_seen_at', 'idle_expires_at'])
          .where(
            'id_hash',
            'in',
            sessions.map((s) => s.session.idHash),
          )
          .execute()
      ).map((r) => r.last_seen_at.getTime());

    // Many requests within the minute: nothing to write.
    for (let i = 0; i < 20; i++) {
      now += 1_000;
      for (const s of sessions) expect(await cache.resolve(s.token)).not.toBeNull();
    }
    await cache.flush();
    expect(new Set(await lastSeen())).toEqual(
      new Set([sessions[0].session.idleExpiresAt.getTime() - times.idleMs]),
    );

    // A minute later each session is touched once, and one flush writes them all.
    now += 60_000;
    for (const s of sessions) expect(await cache.resolve(s.token)).not.toBeNull();
    for (const s of sessions) expect(await cache.resolve(s.token)).not.toBeNull();
    await cache.flush();
    expect(await lastSeen()).toEqual([now, now, now]);

    // The slid deadline holds beyond the original one.
    now = sessions[0].session.idleExpiresAt.getTime() + 1_000;
    expect(await cache.resolve(sessions[0].token)).not.toBeNull();
    await cache.close();
  });

  it('answers from memory only what resolve would: never before a read, nor past a deadline or a revocation', async () => {
    let now = Date.now();
    const times = { idleMs: 10 * 60_000, absoluteMs: 60 * 60_000 };
    const cache = await SessionCache.open(h.db, times, { now: () => now, flushDelayMs: 60_000 });
    const userId = (await findUserIdByEmail(h.db, 'compliance@demo.test'))!;
    const { token } = await createSession(h.db, userId, times, {}, new Date(now));
    // Nothing held yet: only resolve, which reads the store, can tell.
    expect(cache.cached(token)).toBeUndefined();
    const resolved = await cache.resolve(token);
    expect(resolved && 'user' in resolved && resolved.user.id).toBe(userId);
    expect(cache.cached(token)).toEqual(resolved);
    expect(cache.cached(`${token}x`)).toBeUndefined();

    // Past the idle deadline the entry is not trusted; resolve reads the store again.
    now += times.idleMs + 1_000;
    expect(cache.cached(token)).toBeUndefined();
    expect(await cache.resolve(token)).toEqual({ ended: 'idle' });

    // A revocation written by anyone moves the auth epoch: the entry is no longer trusted.
    now = Date.now();
    const second = await createSession(h.db, userId, times, {}, new Date(now));
    expect(await cache.resolve(second.token)).not.toBeNull();
    expect(cache.cached(second.token)).not.toBeUndefined();
    await h.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('id_hash', '=', hashToken(second.token))
      .execute();
    await cache.caughtUp();
    expect(cache.cached(second.token)).toBeUndefined();
    expect(await cache.resolve(second.token)).toEqual({ ended: 'revoked' });
    // A token the store never held gets no reason.
    expect(await cache.resolve(`${second.token}x`)).toBeNull();
    await cache.close();
  });

  it('a request looked up while the PostgreSQL server does not answer leaves no read behind: its failure cannot end the process', async () => {
    // A server that holds every query until our wait runs out ("Query read timeout"), and whose
    // listening connection cannot be had: the epoch is not trusted, so a request must read it.
    const unanswered: ((err: Error) => void)[] = [];
    const pool = {
      options: { host: '/nonexistent-portal-test-socket-folder' },
      query: () => new Promise((_resolve, reject) => unanswered.push(reject)),
    } as unknown as Pool;
    const db = {} as Db;
    registerPgPool(db, pool);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const cache = await SessionCache.open(db, { idleMs: 60_000, absoluteMs: 3_600_000 });
      // The session hook's synchronous look first, then the read it falls back to.
      expect(cache.cached('a-cookie-token')).toBeUndefined();
      let settled = false;
      const resolving = cache.resolve('a-cookie-token').finally(() => (settled = true));
      resolving.catch(() => undefined);
      while (!settled) {
        await new Promise((resolve) => setImmediate(resolve));
        for (const reject of unanswered.splice(0)) reject(new Error('Query read timeout'));
      }
      // The request that waited is told (its hook answers 503); nothing else was left waiting.
      await expect(resolving).rejects.toThrow('Query read timeout');
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      await cache.close();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a coalesced read never answers from a read that started before the call', async () => {
    let reads = 0;
    const gates: (() => void)[] = [];
    const reader = new CoalescedRead(
      () =>
        new Promise<number>((resolve) => {
          const n = ++reads;
          gates.push(() => resolve(n));
        }),
    );
    const first = reader.get();
    const second = reader.get();
    const third = reader.get();
    expect(reads).toBe(1);
    gates[0]();
    expect(await first).toBe(1);
    // The second and third calls arrived while read 1 was under way: they share read 2.
    await Promise.resolve();
    await Promise.resolve();
    expect(reads).toBe(2);
    gates[1]();
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });
});

describe('asking whether the session stands', () => {
  let now = Date.now();
  const timed = useHarness({ now: () => now });

  it('GET /api/session leaves the idle deadline where it is; any other request slides it', async () => {
    const cookie = await signIn(timed.app, 'investor@demo.test');
    const deadline = async () => {
      const res = await call(timed.app, 'GET', '/api/session', { cookie });
      expect(res.statusCode).toBe(200);
      return (res.json() as { idleExpiresAt: string }).idleExpiresAt;
    };
    const signedInUntil = await deadline();

    // Two minutes on, past the minute between touches (store/sessions.ts): a page asking whether
    // its session stands, on a timer, is not the person's activity.
    now += 2 * 60_000;
    expect(await deadline()).toBe(signedInUntil);
    await timed.built.sessions.flush();
    expect(await deadline()).toBe(signedInUntil);

    // Reading a page is.
    expect((await call(timed.app, 'GET', '/api/accounts', { cookie })).statusCode).toBe(200);
    expect(Date.parse(await deadline())).toBeGreaterThan(Date.parse(signedInUntil));
  });
});
