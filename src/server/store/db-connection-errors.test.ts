import { afterAll, expect, it } from 'vitest';
import type { Pool } from 'pg';
import { openPgPool } from './db';

/*
 * A store outage must never stop the process. A pg Client emits 'error' when its server goes
 * away (read ECONNRESET, "Connection terminated unexpectedly"), and an 'error' event nobody
 * listens to is thrown: the pool listens only while a connection is idle. Runs when
 * TEST_DATABASE_URL names a PostgreSQL server (scripts/postgres.sh start).
 */
const url = process.env.TEST_DATABASE_URL;
const timeouts = { connectMs: 2_000, statementMs: 2_000, idleMs: 1_000 };
let pool: Pool | undefined;

afterAll(async () => {
  await pool?.end();
});

it.runIf(Boolean(url))(
  'an error on a connection in use (a transaction) is told, not thrown, and the connection is dropped',
  async () => {
    const told: string[] = [];
    pool = await openPgPool(url!, timeouts, (err) => told.push(err.message));
    const client = await pool.connect();
    await client.query('begin');
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    // Without a listener of its own, this emit throws: the process's "Unhandled 'error' event".
    expect(() => client.emit('error', reset)).not.toThrow();
    expect(told).toEqual(['read ECONNRESET']);
    client.release(reset);
    expect(pool.totalCount).toBe(0);

    // The next query opens a new connection; an idle one failing is told once, not twice.
    const again = await pool.connect();
    expect((await again.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    again.release();
    const idle = Object.assign(new Error('Connection terminated unexpectedly'), {});
    expect(() => again.emit('error', idle)).not.toThrow();
    expect(told).toEqual(['read ECONNRESET', 'Connection terminated unexpectedly']);
  },
);
