import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WeekHoursInput } from '../../contract/rules/market-hours';
import { securityHoursResponseSchema } from '../../contract/security-hours';
import { pgliteOf } from '../store/auth-epoch';
import type { Db } from '../store/db';
import {
  breakStore,
  call,
  callSandbox,
  DEMO_PASSWORD,
  sandboxCalls,
  signIn,
  useHarness,
} from './harness';

/*
 * Writes without an Idempotency-Key (not money) that meet a store outage. "Nothing was changed"
 * is said only when nothing was: a change the platform made (§4.14 answered) or the store
 * committed before the store stopped answering is told as made, with how to see it, and never
 * with "try again", which would do it twice.
 */
let ownSecurity: string;
let restore: (() => void) | null = null;

const h = useHarness();
beforeAll(async () => {
  ownSecurity = h.manifest.issuers[0].securityIds!.map(String)[0];
});
afterEach(() => {
  restore?.();
  restore = null;
});

const STORE_ERROR = () =>
  Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

/**
 * Inserts into `table` (account notes by default) fail with `failure` in the embedded database,
 * below the query builder, inside a transaction too: before the statement runs, or after it was
 * saved (its answer lost on the way back). Returns the undo.
 */
function breakNoteInserts(
  when: 'before it runs' | 'after it was saved',
  failure: () => Error,
  table = 'account_notes',
): () => void {
  const pglite = pgliteOf(h.db)!;
  const query = pglite.query.bind(pglite);
  pglite.query = (async (text: string, params?: unknown[]) => {
    const noteInsert = text.startsWith(`insert into "${table}"`);
    if (noteInsert && when === 'before it runs') throw failure();
    const result = await query(text, params);
    if (noteInsert) throw failure();
    return result;
  }) as typeof pglite.query;
  return () => {
    pglite.query = query;
  };
}

/** Inserts into `table` fail as with a dropped PostgreSQL connection; everything else works. */
function breakStoreFrom(db: Db, table: string): void {
  const original = db.insertInto.bind(db);
  db.insertInto = ((name: string) => {
    if (name === table) throw STORE_ERROR();
    return original(name as never);
  }) as Db['insertInto'];
  restore = () => {
    db.insertInto = original;
  };
}

/** The audit log cannot be written: a change made just before is not recorded. */
const breakAuditLog = (db: Db) => breakStoreFrom(db, 'audit_events');

describe('a trading-hours save (§4.14)', () => {
  const url = () => `/api/securities/${ownSecurity}/market-hours`;
  const hours: WeekHoursInput = {
    monday: { closed: false, open: '08:45', close: '15:15' },
    tuesday: { closed: false, open: '09:30', close: '16:00' },
    wednesday: { closed: true },
    thursday: { closed: false, open: '10:00', close: '14:00' },
    friday: { closed: false, open: '09:30', close: '13:00' },
  };
  const read = async (cookie: string) =>
    securityHoursResponseSchema.parse((await call(h.app, 'GET', url(), { cookie })).json())
      .securityHours.days;

  it('saved by the platform before the store failed: says it was made and how to see it, never "nothing was changed"', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const expected = await read(issuer);
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    breakAuditLog(h.db);
    const res = await call(h.app, 'PUT', url(), { cookie: issuer, body: { ...hours, expected } });
    restore!();
    expect(res.statusCode).toBe(503);
    const error = res.json().error;
    expect(error).toMatchObject({
      code: 'store_unavailable',
      submitted: 'yes',
      message:
        "The portal's database stopped answering after your change was made: it was made, but could not be recorded in full. Reload the page to see the hours the platform holds before saving again.",
      nextStep: 'Reload the page to see the hours the platform holds before saving again.',
    });
    expect(error.message).not.toMatch(/nothing was changed|try again/i);
    // True: the platform holds the hours asked for.
    expect((await sandboxCalls(h.sandboxUrl)).updateSecurityMarketHours).toBe(1);
    expect((await read(issuer)).monday).toMatchObject({ open: '08:45', close: '15:15' });
  });
});

/**
 * Inserts into `table` fail as with a dropped PostgreSQL connection in the embedded database,
 * below the query builder, inside transactions too, before the statement runs. Returns the undo.
 */
function breakInsertsInto(table: string): () => void {
  const pglite = pgliteOf(h.db)!;
  const query = pglite.query.bind(pglite);
  pglite.query = (async (text: string, params?: unknown[]) => {
    if (text.startsWith(`insert into "${table}"`)) throw STORE_ERROR();
    return query(text, params);
  }) as typeof pglite.query;
  return () => {
    pglite.query = query;
  };
}

describe('an admin creating a user', () => {
  const create = (admin: string, email: string) =>
    call(h.app, 'POST', '/api/admin/users', {
      cookie: admin,
      body: { email, name: 'Outage', role: 'investor', password: 'outage-password-2026' },
    });
  const listed = async (admin: string, email: string) =>
    (
      (await call(h.app, 'GET', '/api/admin/users', { cookie: admin })).json() as {
        users: { email: string }[];
      }
    ).users.some((u) => u.email === email);

  it('an audit log that cannot be written creates nobody: never a user made unaudited, and nothing was changed is true', async () => {
    const admin = await signIn(h.app, 'admin@demo.test');
    restore = breakInsertsInto('audit_events');
    const res = await create(admin, 'outage-unaudited@example.test');
    restore();
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({
      code: 'store_unavailable',
      submitted: 'no',
      message:
        "The portal's database is not answering right now. Nothing was changed. Please try again in a moment.",
    });
    expect(await listed(admin, 'outage-unaudited@example.test')).toBe(false);
    // Tried again once the store answers, it is created, and audited.
    expect((await create(admin, 'outage-unaudited@example.test')).statusCode).toBe(201);
    const events = await h.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'user_created')
      .execute();
    expect(
      events.filter(
        (e) => (e.details as { email?: string }).email === 'outage-unaudited@example.test',
      ),
    ).toHaveLength(1);
  });

  it('refused by the store before anything was made: nothing was changed, said once with one next step', async () => {
    const admin = await signIn(h.app, 'admin@demo.test');
    restore = breakInsertsInto('users');
    const res = await create(admin, 'outage-not-created@example.test');
    restore();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toMatchObject({
      code: 'store_unavailable',
      submitted: 'no',
      message:
        "The portal's database is not answering right now. Nothing was changed. Please try again in a moment.",
      // The form shows the pair as it is and adds no "send it again" of its own.
      nextStep: 'Please try again in a moment.',
    });
    expect(await listed(admin, 'outage-not-created@example.test')).toBe(false);
  });
});

describe('an admin linking a user', () => {
  it('an audit log that cannot be written links nothing: never a link made unaudited', async () => {
    const admin = await signIn(h.app, 'admin@demo.test');
    const created = await call(h.app, 'POST', '/api/admin/users', {
      cookie: admin,
      body: {
        email: 'outage-link@example.test',
        name: 'Outage',
        role: 'investor',
        password: 'outage-password-2026',
      },
    });
    const id = created.json().id as string;
    restore = breakInsertsInto('audit_events');
    const res = await call(h.app, 'POST', `/api/admin/users/${id}/links`, {
      cookie: admin,
      body: {
        kind: 'account',
        upstreamId: h.manifest.investors[0].accountIds[0],
        confirmAccountOfOtherUser: true,
      },
    });
    restore();
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'store_unavailable', submitted: 'no' });
    const links = await h.db
      .selectFrom('user_links')
      .select('upstream_id')
      .where('user_id', '=', id)
      .execute();
    expect(links).toEqual([]);
  });
});

describe('a reviewer adding a note', () => {
  let compliance: string;
  let accountId: string;
  beforeAll(async () => {
    compliance = await signIn(h.app, 'compliance@demo.test');
    accountId = h.manifest.investors[0].accountIds[0];
  });
  const addNote = (body: string) =>
    call(h.app, 'POST', `/api/accounts/${accountId}/notes`, { cookie: compliance, body: { body } });
  /** The notes the account's page lists, by their text. */
  const listedNotes = async () =>
    (
      (
        await call(h.app, 'GET', `/api/accounts/${accountId}/notes`, { cookie: compliance })
      ).json() as { notes: { body: string }[] }
    ).notes.map((n) => n.body);

  // Broken from below the query builder, in the embedded database (the PostgreSQL pool is not).
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'its audit event lost as the store failed: the note is not kept either, and that is said',
    async () => {
      // The note and its audit event are one transaction: a note is never kept unaudited.
      restore = breakNoteInserts('after it was saved', STORE_ERROR, 'audit_events');
      const res = await addNote('Checked the documents during an outage.');
      restore!();
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({ code: 'store_unavailable', submitted: 'no' });
      expect(await listedNotes()).not.toContain('Checked the documents during an outage.');
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'the store stops while the note is being saved, before it is committed: nothing was kept, said so',
    async () => {
      // The insert reaches the store, then the connection drops before its answer comes back:
      // the transaction it runs in is rolled back, so the note is not kept.
      restore = breakNoteInserts('after it was saved', STORE_ERROR);
      const res = await addNote('Saved as the store went away.');
      restore!();
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'store_unavailable',
        submitted: 'no',
        message:
          "The portal's database is not answering right now. Nothing was changed. Please try again in a moment.",
      });
      expect(await listedNotes()).not.toContain('Saved as the store went away.');
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'no connection to the store could be had: nothing was changed, said so',
    async () => {
      // The statement never reaches the store (the server refuses the connection).
      restore = breakNoteInserts('before it runs', () =>
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
      const res = await addNote('Never reached the store.');
      restore!();
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        submitted: 'no',
        message:
          "The portal's database is not answering right now. Nothing was changed. Please try again in a moment.",
      });
    },
  );
});

describe('signing in (POST /api/session)', () => {
  const signInWords = {
    code: 'store_unavailable',
    message:
      "The portal's database is not answering right now, so you have not been signed in. Please sign in again in a moment.",
    nextStep: 'Please sign in again in a moment.',
  };
  const attempt = () =>
    call(h.app, 'POST', '/api/session', {
      body: { email: 'investor@demo.test', password: DEMO_PASSWORD },
    });

  it('the store fails after the session was stored: not signed in, as said, no cookie; signing in again works', async () => {
    breakAuditLog(h.db);
    const res = await attempt();
    restore!();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().error).toMatchObject(signInWords);
    expect(res.json().error.message).not.toMatch(/nothing was changed/i);
    // True: the browser holds no session.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await attempt()).statusCode).toBe(200);
  });

  it('the store does not answer at all: the same words', async () => {
    restore = breakStore(h.db, ['transaction', 'selectFrom', 'insertInto', 'updateTable']);
    const res = await attempt();
    restore();
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject(signInWords);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
