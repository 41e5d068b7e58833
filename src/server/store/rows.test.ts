import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Db } from './db';
import { findRow } from './rows';

let db: Db;
const startedAt = new Date('2026-11-01T10:00:00Z');
beforeAll(async () => {
  db = await openStore({ dataDir: null });
  await db
    .insertInto('pending_bank_links')
    .values([
      {
        account_id: 'A1040000',
        link_url: 'https://bank.test/a',
        started_by: 'u-1',
        started_at: startedAt,
      },
      {
        account_id: 'A1040001',
        link_url: 'https://bank.test/b',
        started_by: 'u-2',
        started_at: startedAt,
      },
    ])
    .execute();
}, 60_000);
afterAll(() => db?.destroy());

describe('a row read by its key', () => {
  it('is the row whose named column holds the value, and none for a value no row holds', async () => {
    expect(await findRow(db, 'pending_bank_links', 'account_id', 'A1040001')).toMatchObject({
      account_id: 'A1040001',
      link_url: 'https://bank.test/b',
      started_by: 'u-2',
    });
    expect(await findRow(db, 'pending_bank_links', 'account_id', 'A1049999')).toBeUndefined();
    // The value is compared with the named column only, not with any column holding it.
    expect(await findRow(db, 'pending_bank_links', 'started_by', 'A1040000')).toBeUndefined();
  });

  it('locks the row for update when asked, inside a transaction', async () => {
    /** Reads the row in a transaction; answers it with the locks the transaction holds then. */
    const readInTransaction = (forUpdate: boolean) =>
      db.transaction().execute(async (tx) => ({
        row: await findRow(tx, 'pending_bank_links', 'account_id', 'A1040000', { forUpdate }),
        locks: (
          await sql<{ mode: string }>`select mode from pg_locks
            where relation = 'pending_bank_links'::regclass and pid = pg_backend_pid()`.execute(tx)
        ).rows.map((l) => l.mode),
      }));
    // SELECT … FOR UPDATE holds the table in RowShareLock mode; a plain read does not.
    const plain = await readInTransaction(false);
    expect(plain.row).toMatchObject({ account_id: 'A1040000' });
    expect(plain.locks).not.toContain('RowShareLock');
    const locked = await readInTransaction(true);
    expect(locked.row).toMatchObject({ account_id: 'A1040000', link_url: 'https://bank.test/a' });
    expect(locked.locks).toContain('RowShareLock');
  });
});
