import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import type { Db } from './db';

/*
 * The auth epoch (migration 0002): a counter the store bumps, in the same transaction, whenever a
 * session may have ended or narrowed. A session cached under epoch E is trusted only while E is
 * still the current epoch.
 *
 * - Embedded PGlite is one process per data folder, so every change happens here: the trigger's
 *   notification is delivered in this process while the changing statement completes, and the
 *   epoch is a number in memory — no query per request.
 * - On a PostgreSQL server other instances change it too. Each request reads it, but reads are
 *   coalesced: a request joins a read that starts after it arrived (never one already under way,
 *   which could predate a revocation), so at most two reads are in flight whatever the load and a
 *   revocation committed before a request arrived is always seen. The read is the only query of a
 *   request whose session is cached, so it goes to the pool as a named statement, without the
 *   query builder: half the CPU per read, and the server plans it once per connection
 *   (docs/benchmarks.md, "Profile of the BFF hop").
 */
export interface AuthEpochSource {
  /** The current epoch; a plain number when it is known without a query. */
  current(): number | Promise<number>;
  close(): Promise<void>;
}

const pglites = new WeakMap<Db, PGlite>();
const pgPools = new WeakMap<Db, Pool>();

/** openStore registers the embedded database behind a Db, so the epoch can follow it in memory. */
export function registerPglite(db: Db, pglite: PGlite): void {
  pglites.set(db, pglite);
}

/** openStore registers the PostgreSQL pool behind a Db, for the per-request epoch read. */
export function registerPgPool(db: Db, pool: Pool): void {
  pgPools.set(db, pool);
}

/** The PostgreSQL pool behind a Db; none for embedded PGlite (store/keyed-lock.ts). */
export const pgPoolOf = (db: Db): Pool | undefined => pgPools.get(db);

const epochStatement = {
  name: 'portal-auth-epoch',
  text: 'select epoch from auth_epoch where id = 1',
};

async function readPooledEpoch(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ epoch: string }>(epochStatement);
  return Number(rows[0]?.epoch ?? 0);
}

async function readEpoch(db: Db): Promise<number> {
  const row = await db
    .selectFrom('auth_epoch')
    .select('epoch')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(row?.epoch ?? 0);
}

/** Shares reads among concurrent callers without ever answering from a read older than the call. */
export class CoalescedRead<T> {
  private inFlight: Promise<T> | null = null;
  private queued: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    if (!this.inFlight) return this.start();
    if (!this.queued) {
      const after = this.inFlight.then(
        () => undefined,
        () => undefined,
      );
      this.queued = after.then(() => {
        this.queued = null;
        return this.start();
      });
    }
    return this.queued;
  }

  private start(): Promise<T> {
    const promise = this.read().finally(() => {
      if (this.inFlight === promise) this.inFlight = null;
    });
    this.inFlight = promise;
    return promise;
  }
}

export async function openAuthEpoch(db: Db): Promise<AuthEpochSource> {
  const pglite = pglites.get(db);
  if (pglite) {
    let epoch = 0;
    const unlisten = await pglite.listen('auth_epoch', (payload) => {
      epoch = Math.max(epoch, Number(payload) || epoch + 1);
    });
    epoch = Math.max(epoch, await readEpoch(db));
    return {
      current: () => epoch,
      close: () => unlisten(),
    };
  }
  const pool = pgPools.get(db);
  const reads = new CoalescedRead(() => (pool ? readPooledEpoch(pool) : readEpoch(db)));
  return { current: () => reads.get(), close: async () => {} };
}
