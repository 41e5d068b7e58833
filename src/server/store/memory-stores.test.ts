import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { pgliteOf } from './auth-epoch';
import { openStore, storeIdOf, type Db } from './db';
import { createUser, findUserIdByEmail } from './users';

/** What a store holds that a test could leave behind: rows, sequences, locks, listeners. */
async function contents(db: Db) {
  const epoch = await sql<{ epoch: string }>`select epoch::text from auth_epoch`.execute(db);
  const migrations = await sql<{
    n: number;
  }>`select count(*)::int as n from kysely_migration`.execute(db);
  const users = await sql<{ n: number }>`select count(*)::int as n from users`.execute(db);
  const locks = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_locks where locktype = 'advisory'`.execute(db);
  // The next id of a table with a sequence of its own.
  const next = await sql<{
    id: string;
  }>`select nextval(pg_get_serial_sequence('audit_events', 'id'))::text as id`.execute(db);
  return {
    epoch: epoch.rows.map((r) => r.epoch),
    migrations: migrations.rows[0].n,
    users: users.rows[0].n,
    advisoryLocks: locks.rows[0].n,
    nextAuditId: next.rows[0].id,
  };
}

const anyone = (email: string) => ({
  email,
  name: 'Left behind',
  role: 'investor' as const,
  password: '',
});

describe('in-memory stores', () => {
  it('a closed store’s database serves the next store as the template left it: no row, sequence, lock, notification or store id of the first', async () => {
    const first = await openStore({ dataDir: null });
    const database = pgliteOf(first)!;
    // What a fresh store reads, taken before the first store writes anything.
    const fresh = await contents(first);
    await createUser(first, anyone('left@example.test'));
    await sql`select nextval(pg_get_serial_sequence('audit_events', 'id'))`.execute(first);
    await sql`select pg_advisory_lock(42)`.execute(first);
    // A listener the store ended, as the app's own ends as it closes.
    const heard: string[] = [];
    const unlisten = await database.listen('auth_epoch', (payload) => heard.push(payload));
    await unlisten();
    expect(await contents(first)).not.toEqual(fresh);
    const firstId = storeIdOf(first);
    await first.destroy();

    const second = await openStore({ dataDir: null });
    expect(pgliteOf(second)).toBe(database);
    expect(await findUserIdByEmail(second, 'left@example.test')).toBeNull();
    expect(await contents(second)).toEqual(fresh);
    // A new store, with an id of its own (a spool line names the store it was written for).
    expect(storeIdOf(second)).not.toBe(firstId);
    // The first store's listener hears nothing of the second store's changes; the second's does.
    const heardBySecond: string[] = [];
    await database.listen('auth_epoch', (payload) => heardBySecond.push(payload));
    await createUser(second, anyone('second@example.test'));
    await sql`update users set name = 'Changed'`.execute(second);
    await expect.poll(() => heardBySecond.length).toBeGreaterThan(0);
    expect(heard).toEqual([]);
    await second.destroy();
  });

  it('a closed store refuses what is asked of it afterwards, since its database may serve another', async () => {
    const first = await openStore({ dataDir: null });
    await first.destroy();
    const second = await openStore({ dataDir: null });
    await expect(findUserIdByEmail(first, 'anyone@example.test')).rejects.toThrow(/destroyed/);
    await second.destroy();
  });

  it('a database whose schema a test changed is closed, not served again', async () => {
    const first = await openStore({ dataDir: null });
    const database = pgliteOf(first)!;
    await sql`create table stray (x integer)`.execute(first);
    await first.destroy();
    expect(database.closed).toBe(true);

    const second = await openStore({ dataDir: null });
    expect(pgliteOf(second)).not.toBe(database);
    const stray = await sql<{
      name: string | null;
    }>`select to_regclass('stray')::text as name`.execute(second);
    expect(stray.rows[0].name).toBeNull();
    await second.destroy();
  });

  it('a database still listened to is closed, not served again: the listener would hear the next store', async () => {
    const first = await openStore({ dataDir: null });
    const database = pgliteOf(first)!;
    await database.listen('auth_epoch', () => undefined);
    await first.destroy();
    expect(database.closed).toBe(true);
  });

  it('a database a test broke from below (a method replaced) is closed, not served again', async () => {
    const first = await openStore({ dataDir: null });
    const database = pgliteOf(first)!;
    const query = database.query.bind(database);
    database.query = query;
    await first.destroy();
    expect(database.closed).toBe(true);
  });
});
