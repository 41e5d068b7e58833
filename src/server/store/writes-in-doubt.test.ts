import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWriteInDoubt } from '../lib/store-errors';
import { pgliteDialect } from './pglite-dialect';
import { withWritesInDoubt } from './writes-in-doubt';

/*
 * A write that fails once it has reached the store may have been saved all the same: the failure
 * is marked so (the answer then says "it may have been saved", not "Nothing was changed"), unless
 * it was inside a transaction, which the failure rolls back.
 */
type Db = Kysely<{ t: { v: number } }>;
let pglite: PGlite;
let db: Db;
/** The statements matching it run, then their answer is lost as with a dropped connection. */
let lostAfter: RegExp | null = null;

beforeAll(async () => {
  pglite = new PGlite();
  const query = pglite.query.bind(pglite);
  pglite.query = (async (text: string, params?: unknown[]) => {
    const result = await query(text, params);
    if (lostAfter?.test(text)) {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    }
    return result;
  }) as typeof pglite.query;
  db = new Kysely({ dialect: withWritesInDoubt(pgliteDialect(pglite)) });
  await sql`create table t (v int)`.execute(db);
});
afterAll(() => db?.destroy());

async function failureOf(run: () => Promise<unknown>, lost: RegExp): Promise<unknown> {
  lostAfter = lost;
  try {
    await run();
  } catch (err) {
    return err;
  } finally {
    lostAfter = null;
  }
  throw new Error('did not fail');
}

const count = async (v: number) =>
  (await db.selectFrom('t').select('v').where('v', '=', v).execute()).length;

describe('a write whose answer is lost', () => {
  it('standing alone: may have been saved (and was)', async () => {
    const err = await failureOf(() => db.insertInto('t').values({ v: 1 }).execute(), /^insert/);
    expect(isWriteInDoubt(err)).toBe(true);
    expect(await count(1)).toBe(1);
  });

  it("a transaction's COMMIT: may have been saved (and was)", async () => {
    const err = await failureOf(
      () => db.transaction().execute((tx) => tx.insertInto('t').values({ v: 2 }).execute()),
      /^commit/,
    );
    expect(isWriteInDoubt(err)).toBe(true);
    expect(await count(2)).toBe(1);
  });

  it('inside a transaction: rolled back with it, nothing saved, not in doubt', async () => {
    const err = await failureOf(
      () => db.transaction().execute((tx) => tx.insertInto('t').values({ v: 3 }).execute()),
      /^insert/,
    );
    expect(isWriteInDoubt(err)).toBe(false);
    expect(await count(3)).toBe(0);
  });

  it('a read: nothing to save, not in doubt', async () => {
    const err = await failureOf(() => db.selectFrom('t').selectAll().execute(), /^select/);
    expect(isWriteInDoubt(err)).toBe(false);
  });
});
