import type { Db } from './db';
import { pgPoolOf } from './auth-epoch';

/**
 * The work holding each key, per store opened (an instance opens one), for the next one to wait
 * on. Per store rather than per process, so two instances in one process (the tests) hold their
 * keys apart as two processes would.
 */
const heldByStore = new WeakMap<Db, Map<string, Promise<unknown>>>();

/** Runs `work` once every earlier holder of `key` on this instance's store is done. */
async function inProcess<T>(db: Db, key: string, work: () => Promise<T>): Promise<T> {
  let held = heldByStore.get(db);
  if (!held) heldByStore.set(db, (held = new Map()));
  const before = held.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  const tail = mine.catch(() => undefined);
  held.set(key, tail);
  try {
    return await mine;
  } finally {
    if (held.get(key) === tail) held.delete(key);
  }
}

/**
 * Runs `work` while no other holder of `key` runs, on every instance of one store: in this
 * process by a queue, and across instances on a PostgreSQL server by a session advisory lock on
 * a connection of its own (released, or dropped with the connection, when `work` ends). Embedded
 * PGlite is one process per data folder (folder-lock.ts), so the queue is all it needs. Waiting
 * for the lock is bounded by the server's statement timeout: a lock not had in time is a store
 * failure before anything was done.
 */
export async function whileHolding<T>(db: Db, key: string, work: () => Promise<T>): Promise<T> {
  const pool = pgPoolOf(db);
  if (!pool) return inProcess(db, key, work);
  return inProcess(db, key, async () => {
    const client = await pool.connect();
    // A connection whose lock or unlock failed is closed, not pooled: its session's lock goes
    // with it.
    let broken: Error | undefined;
    try {
      await client.query('select pg_advisory_lock(hashtext($1))', [key]).catch((err: Error) => {
        broken = err;
        throw err;
      });
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch((err: Error) => {
          broken = err;
        });
      }
    } finally {
      client.release(broken);
    }
  });
}
