import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { SPOOL_FILE } from './data-folder-files';
import { openStore, type Db } from './db';
import { makePrivate } from './private-folder';
import { migrations } from './migrations';
import type { ApprovalState } from './schema';
import { createUser, findUserIdByEmail } from './users';

describe('a PGlite data folder', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'store-folder-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a new folder starts migrated from the template, and what is written survives a reopen', async () => {
    const dataDir = path.join(root, 'portal');
    const first = await openStore({ dataDir });
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    const id = await createUser(first, {
      email: 'kept@example.test',
      name: 'Kept',
      role: 'investor',
      password: '',
    });
    await first.destroy();

    // Reopened as it is: the template is not loaded over an existing database.
    const second = await openStore({ dataDir });
    expect(await findUserIdByEmail(second, 'kept@example.test')).toBe(id);
    await second.destroy();
  });

  it("a restart of a store that has run every migration of this build leaves the migrator alone; one that has run another build's is refused as before", async () => {
    const dataDir = path.join(root, 'restart');
    const first = await openStore({ dataDir });
    // Only the migrator creates its lock table (at every run, when missing): gone, it tells
    // whether the migrator ran at the reopen.
    await sql`drop table kysely_migration_lock`.execute(first);
    await first.destroy();

    const second = await openStore({ dataDir });
    const lock = await sql<{
      name: string | null;
    }>`select to_regclass('kysely_migration_lock')::text as name`.execute(second);
    expect(lock.rows[0].name).toBeNull();
    // A migration this build does not know (a newer build ran it): the migrator refuses the store.
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-build', now())`.execute(
      second,
    );
    await second.destroy();
    await expect(openStore({ dataDir })).rejects.toThrow(/9999-from-a-newer-build/);
  });

  /** What in a folder (itself included) its group or others may read, write or enter. */
  const openToOthers = (dir: string) =>
    [dir, ...readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => path.join(dir, p))]
      .map((p) => ({ p, mode: lstatSync(p).mode & 0o777 }))
      .filter(({ mode }) => (mode & 0o077) !== 0)
      .map(({ p, mode }) => `${mode.toString(8)} ${path.relative(dir, p) || '.'}`);

  it.skipIf(process.platform === 'win32')(
    'holds users, sessions and the audit log for this user only: no file or folder open to group or others, new or reopened',
    async () => {
      const dataDir = path.join(root, 'private');
      const first = await openStore({ dataDir });
      await createUser(first, {
        email: 'private@example.test',
        name: 'Private',
        role: 'investor',
        password: '',
      });
      await first.destroy();
      expect(openToOthers(dataDir)).toEqual([]);

      // A folder an older build left open (its files as the template had them) is closed when
      // the portal opens it.
      chmodSync(dataDir, 0o755);
      chmodSync(path.join(dataDir, 'PG_VERSION'), 0o666);
      chmodSync(path.join(dataDir, 'base'), 0o755);
      const second = await openStore({ dataDir });
      await second.destroy();
      expect(openToOthers(dataDir)).toEqual([]);
    },
  );

  it.skipIf(process.platform === 'win32')(
    "refuses a folder that holds files none of which are the portal's, and changes nothing in it",
    async () => {
      // DATA_DIR set to a home or a shared folder: its files would all have been made 0600.
      const home = path.join(root, 'home');
      mkdirSync(path.join(home, 'bin'), { recursive: true, mode: 0o755 });
      writeFileSync(path.join(home, 'bin', 'tool.sh'), '#!/bin/sh\n', { mode: 0o755 });
      chmodSync(home, 0o755);

      await expect(openStore({ dataDir: home })).rejects.toThrow(
        /data folder .*home \(DATA_DIR\) holds files that are not the portal's.*name a new or empty one in DATA_DIR/,
      );
      expect(lstatSync(home).mode & 0o777).toBe(0o755);
      expect(lstatSync(path.join(home, 'bin', 'tool.sh')).mode & 0o777).toBe(0o755);
      expect(readdirSync(home)).toEqual(['bin']);

      // An empty folder is the portal's to take.
      const empty = path.join(root, 'empty');
      mkdirSync(empty);
      const store = await openStore({ dataDir: empty });
      await store.destroy();
      expect(existsSync(path.join(empty, 'PG_VERSION'))).toBe(true);

      // A PostgreSQL instance's folder holds no database, only the spool (or the lock, or the
      // key file): it is the portal's all the same, and made private.
      const spoolOnly = path.join(root, 'spool-only');
      mkdirSync(spoolOnly, { mode: 0o755 });
      chmodSync(spoolOnly, 0o755);
      writeFileSync(path.join(spoolOnly, SPOOL_FILE), '', { mode: 0o644 });
      makePrivate(spoolOnly);
      expect(openToOthers(spoolOnly)).toEqual([]);
    },
  );

  it('two new folders start from the same template yet hold their own data', async () => {
    const [a, b] = [path.join(root, 'a'), path.join(root, 'b')];
    const first = await openStore({ dataDir: a });
    await createUser(first, {
      email: 'only-a@example.test',
      name: 'A',
      role: 'investor',
      password: '',
    });
    await first.destroy();

    const second = await openStore({ dataDir: b });
    expect(await findUserIdByEmail(second, 'only-a@example.test')).toBeNull();
    await second.destroy();
  });
});

describe('the migrations', () => {
  it('stand in the order they run: Kysely runs them by name and refuses a store where a new one sorts before one it has run', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    // Each one a number and a name; the two 0002s were both released before this rule was
    // written, and their names sort in the order they were released.
    for (const name of names) expect(name).toMatch(/^\d{4}-[a-z0-9-]+$/);
    const numbers = names.map((name) => name.slice(0, 4));
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual(['0002']);
  });
});

/** Runs the migrations the store has not recorded as run, as opening a store does. */
const migrateToLatest = (db: Db) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();

/** Gives `test` a new in-memory store, destroyed after it whether it passed or not. */
async function withNewStore(test: (db: Db) => Promise<void>): Promise<void> {
  const db = await openStore({ dataDir: null });
  try {
    await test(db);
  } finally {
    await db.destroy();
  }
}

/** A disbursement's row of the register as the migrations below find it, made at 10:00 UTC. */
function disbursementRow(reference: string, outcome: 'pending' | 'created', message: string) {
  const at = new Date('2026-11-27T10:00:00Z');
  return {
    reference,
    user_id: 'u1',
    account_id: 'A1040000',
    kind: 'disbursement' as const,
    amount: '5000',
    idem_route: 'POST /api/accounts/:accountId/disbursements',
    idem_key: `key-${reference}`,
    outcome,
    message,
    created_at: at,
    updated_at: at,
    sent_at: at,
  };
}

describe('0011: held disbursements in the register', () => {
  it('settles the rows of requests held before it as their approvals were decided', async () => {
    await withNewStore(async (db) => {
      // Back to the store as 0010 left it: no link from an approval to its request, and no
      // "held" outcome (requests held then were "pending", their message naming the approval).
      // The migrations after it are undone too, so they run again in their order.
      await sql`delete from kysely_migration where name >= '0011'`.execute(db);
      await sql`alter table idempotency_records drop column sent`.execute(db);
      await sql`alter table sessions drop column sign_in_factor, drop column wrong_codes`.execute(
        db,
      );
      await sql`alter table disbursement_approvals drop column money_reference`.execute(db);
      await sql`alter table money_requests drop constraint money_requests_outcome_check`.execute(
        db,
      );
      await sql`alter table money_requests add constraint money_requests_outcome_check
        check (outcome in ('pending', 'created', 'refused', 'not_sent', 'unknown'))`.execute(db);
      const at = new Date('2026-11-27T10:00:00Z');
      const decidedAt = new Date('2026-11-27T11:00:00Z');
      const held = (reference: string, approvalId: string) =>
        disbursementRow(
          reference,
          'pending',
          `Waiting for a second person's approval (approval ${approvalId}); nothing is sent before it.`,
        );
      const approval = (id: string, state: ApprovalState, outcome: object | null) => ({
        id,
        account_id: 'A1040000',
        maker_user_id: 'u1',
        maker_email: 'investor@demo.test',
        amount: '5000',
        type: 'ach',
        request: JSON.stringify({}),
        state,
        checker_email: state === 'pending' ? null : 'admin@demo.test',
        created_at: at,
        decided_at: state === 'pending' ? null : decidedAt,
        outcome: outcome ? JSON.stringify(outcome) : null,
      });
      await db
        .insertInto('money_requests')
        .values([
          held('MR-WAITING01', 'a-1'),
          held('MR-REJECTED1', 'a-2'),
          held('MR-SENT00001', 'a-3'),
        ])
        .execute();
      await db
        .insertInto('disbursement_approvals')
        .values([
          approval('a-1', 'pending', null),
          approval('a-2', 'rejected', null),
          approval('a-3', 'sent', { requestId: 'CFD123' }),
        ])
        .execute();

      expect((await migrateToLatest(db)).error).toBeUndefined();

      const rows = await db
        .selectFrom('money_requests')
        .select(['reference', 'outcome', 'upstream_id', 'message', 'sent_at', 'settled_at'])
        .orderBy('reference')
        .execute();
      expect(rows).toEqual([
        {
          reference: 'MR-REJECTED1',
          outcome: 'not_sent',
          upstream_id: null,
          // Reworded by 0018, which runs after it: the investor reads these messages.
          message: 'Rejected by a second person: nothing was sent.',
          sent_at: null,
          settled_at: decidedAt,
        },
        {
          reference: 'MR-SENT00001',
          outcome: 'created',
          upstream_id: 'CFD123',
          message: 'Approved by a second person.',
          sent_at: decidedAt,
          settled_at: decidedAt,
        },
        expect.objectContaining({ reference: 'MR-WAITING01', outcome: 'held', settled_at: null }),
      ]);
      const links = await db
        .selectFrom('disbursement_approvals')
        .select(['id', 'money_reference'])
        .orderBy('id')
        .execute();
      expect(links.map((l) => l.money_reference)).toEqual([
        'MR-WAITING01',
        'MR-REJECTED1',
        'MR-SENT00001',
      ]);
    });
  });
});

describe('0013: the second factor each session signed in with', () => {
  it('names it for live sessions from before, from the audit of their sign-in', async () => {
    await withNewStore(async (db) => {
      // Back to the store as 0012 left it: sessions without a record of their factor. The
      // migrations after it are undone too, so they run again in their order (0014 makes
      // indexes only, which it leaves as they are).
      await sql`delete from kysely_migration where name >= '0013'`.execute(db);
      await sql`alter table sessions drop column sign_in_factor, drop column wrong_codes`.execute(
        db,
      );
      const userId = await createUser(db, {
        email: 'owner@example.test',
        name: 'Owner',
        role: 'investor',
        password: '',
      });
      const minutes = (n: number) => new Date(Date.UTC(2026, 10, 28, 9, n));
      const session = (id: string, ip: string, at: Date, revoked = false) => ({
        id_hash: id,
        public_id: null,
        user_id: userId,
        created_at: at,
        last_seen_at: at,
        idle_expires_at: minutes(59),
        absolute_expires_at: minutes(59),
        revoked_at: revoked ? minutes(50) : null,
        ip,
        user_agent: null,
        pending_second_factor: false,
        second_factor_at: at,
      });
      await db
        .insertInto('sessions')
        .values([
          session('by-code', '10.0.0.1', minutes(0)),
          session('by-enrolment', '10.0.0.2', minutes(10)),
          // Signed in with the password alone; a later step-up set its proof time.
          session('password-only', '10.0.0.3', minutes(20)),
          session('ended', '10.0.0.4', minutes(30), true),
        ])
        .execute();
      const event = (at: Date, ip: string, action: string, outcome: string, details: object) => ({
        at,
        user_id: userId,
        action,
        outcome,
        ip,
        details: JSON.stringify(details),
      });
      await db
        .insertInto('audit_events')
        .values([
          event(minutes(0), '10.0.0.1', 'sign_in', 'allowed', { secondFactor: 'verify' }),
          event(minutes(1), '10.0.0.1', 'sign_in', 'succeeded', {
            secondFactor: 'totp',
            purpose: 'sign_in',
          }),
          event(minutes(10), '10.0.0.2', 'sign_in', 'allowed', { secondFactor: 'enrol' }),
          event(minutes(12), '10.0.0.2', 'second_factor_added', 'succeeded', { kind: 'passkey' }),
          event(minutes(20), '10.0.0.3', 'sign_in', 'succeeded', { method: 'password' }),
          event(minutes(25), '10.0.0.3', 'step_up', 'succeeded', {
            secondFactor: 'recovery',
            purpose: 'step_up',
          }),
          event(minutes(30), '10.0.0.4', 'sign_in', 'allowed', { secondFactor: 'verify' }),
          event(minutes(31), '10.0.0.4', 'sign_in', 'succeeded', {
            secondFactor: 'recovery',
            purpose: 'sign_in',
          }),
        ])
        .execute();

      expect((await migrateToLatest(db)).error).toBeUndefined();

      const rows = await db
        .selectFrom('sessions')
        .select(['id_hash', 'sign_in_factor', 'wrong_codes'])
        .orderBy('created_at')
        .execute();
      expect(rows).toEqual([
        { id_hash: 'by-code', sign_in_factor: 'totp', wrong_codes: 0 },
        { id_hash: 'by-enrolment', sign_in_factor: 'passkey', wrong_codes: 0 },
        { id_hash: 'password-only', sign_in_factor: null, wrong_codes: 0 },
        { id_hash: 'ended', sign_in_factor: null, wrong_codes: 0 },
      ]);
    });
  });
});

describe('0015: how the money of a request goes', () => {
  it('leaves the requests from before it without a method, and runs again over a store that has it', async () => {
    await withNewStore(async (db) => {
      // Back to the store as 0014 left it: no method in the register.
      await sql`delete from kysely_migration where name >= '0015'`.execute(db);
      await sql`alter table money_requests drop column method`.execute(db);
      const at = new Date('2026-11-27T10:00:00Z');
      await sql`insert into money_requests
        (reference, user_id, account_id, kind, amount, idem_route, idem_key, outcome, created_at, updated_at)
        values ('MR-BEFORE0015', 'u1', 'A1040000', 'disbursement', '13.00', 'POST /x', 'k', 'created', ${at}, ${at})`.execute(
        db,
      );
      expect((await migrateToLatest(db)).error).toBeUndefined();
      const row = await db
        .selectFrom('money_requests')
        .select(['reference', 'method'])
        .where('reference', '=', 'MR-BEFORE0015')
        .executeTakeFirst();
      expect(row).toEqual({ reference: 'MR-BEFORE0015', method: null });

      // Run again, as a migration test that re-runs the later ones does: nothing changes.
      await sql`delete from kysely_migration where name >= '0015'`.execute(db);
      expect((await migrateToLatest(db)).error).toBeUndefined();
    });
  });
});

describe('0018: register messages without staff emails', () => {
  it('rewords the three forms that named who decided, and nothing else', async () => {
    await withNewStore(async (db) => {
      await sql`delete from kysely_migration where name >= '0018'`.execute(db);
      const row = (reference: string, message: string) =>
        disbursementRow(reference, 'created', message);
      await db
        .insertInto('money_requests')
        .values([
          row('MR-APPROVED1', 'Approved by admin.two@demo.test.'),
          row('MR-SENDING01', 'Approved by admin@demo.test; being sent to the platform.'),
          row('MR-REJECTED1', 'Rejected by admin@demo.test: nothing was sent.'),
          row('MR-OTHER0001', 'Accepted by the platform.'),
        ])
        .execute();

      expect((await migrateToLatest(db)).error).toBeUndefined();

      const rows = await db
        .selectFrom('money_requests')
        .select(['reference', 'message'])
        .orderBy('reference')
        .execute();
      expect(rows).toEqual([
        { reference: 'MR-APPROVED1', message: 'Approved by a second person.' },
        { reference: 'MR-OTHER0001', message: 'Accepted by the platform.' },
        { reference: 'MR-REJECTED1', message: 'Rejected by a second person: nothing was sent.' },
        {
          reference: 'MR-SENDING01',
          message: 'Approved by a second person; being sent to the platform.',
        },
      ]);
    });
  });
});
