import type { PGlite } from '@electric-sql/pglite';
import type { Client, Pool } from 'pg';
import type { Db } from './db';

/*
 * The auth epoch (migration 0002): a counter the store bumps, in the same transaction, whenever a
 * session may have ended or narrowed, and announces on the channel `auth_epoch` (pg_notify, which
 * PostgreSQL delivers only once that transaction has committed). A session cached under epoch E
 * is trusted only while E is still the current epoch.
 *
 * - Embedded PGlite is one process per data folder, so every change happens here: the trigger's
 *   notification is delivered in this process while the changing statement completes, and the
 *   epoch is a number in memory — no query per request.
 * - On a PostgreSQL server other instances change it too. Each instance listens on a connection
 *   of its own (ListenedEpoch below) and, while that connection is confirmed alive, takes the
 *   epoch from memory: no query per request. Whenever it is not (connecting, reconnecting, a
 *   heartbeat overdue), and after a request of this instance that may have changed sessions,
 *   users or links, each request reads the epoch instead, as every request did before. Reads are
 *   coalesced: a request joins a read that starts after it arrived (never one already under way,
 *   which could predate a revocation), so at most two reads are in flight whatever the load. The
 *   read goes to the pool as a named statement, without the query builder: half the CPU per read,
 *   and the server plans it once per connection (docs/benchmarks.md, "Profile of the BFF hop").
 *   What the notification leaves: another instance's change reaches this one the moment the
 *   server delivers it, not before; docs/deploy.md ("Session cache") says how long that can be.
 */
export interface AuthEpochSource {
  /** The current epoch; a plain number when it is known without a query. */
  current(): number | Promise<number>;
  /**
   * The epoch when it is known without a query; undefined otherwise, and no read is started: a
   * caller that only looks (the session cache's synchronous path) leaves no read behind whose
   * failure nobody would hear (an unhandled rejection ends the process).
   */
  known(): number | undefined;
  /**
   * A request of this instance that may have changed sessions, users or links is being answered:
   * until a read that started after this call, the epoch is read, not taken from memory.
   */
  changedHere(): void;
  /** Resolves once the epoch in memory is the database's epoch of this moment (tests). */
  caughtUp(): Promise<void>;
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

/** The embedded database behind a Db; none for PostgreSQL (tests that break it from below). */
export const pgliteOf = (db: Db): PGlite | undefined => pglites.get(db);

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

export interface ListenOptions {
  /** How often the listening connection proves it is alive (a query on it); 1 s by default. */
  heartbeatMs?: number;
  /** How long after a lost connection a new one is tried; 1 s by default. */
  retryMs?: number;
  /** Schedules that new try instead of a timer (tests). */
  scheduleRetry?: (listen: () => void) => void;
  now?: () => number;
}

/**
 * The epoch of a PostgreSQL store, kept in memory from the notifications of a connection that
 * listens on `auth_epoch`. Trusted only while (1) LISTEN is confirmed and the epoch was read on
 * that connection after it, so no change between the two is missed; (2) a heartbeat sent on the
 * connection within the last three heartbeat periods has been answered: the server sends a
 * listener its pending notifications before it answers a query, so every change committed before
 * that heartbeat was sent has been seen, and a connection that died without a word stops being
 * trusted within three periods; (3) every request of this instance that may have changed the
 * epoch has been followed by a read. Otherwise `current()` reads, as with no listener at all.
 */
export class ListenedEpoch implements AuthEpochSource {
  private epoch = 0;
  private client: Client | null = null;
  private listening = false;
  private beatSentAt = 0;
  private beatPending = false;
  private changes = 0;
  private changesRead = 0;
  private closed = false;
  private heartbeat: NodeJS.Timeout;
  private retry: NodeJS.Timeout | null = null;
  private waiters: { epoch: number; resolve: () => void }[] = [];
  private listeningWaiters: (() => void)[] = [];
  private readonly heartbeatMs: number;
  private readonly retryMs: number;
  private readonly scheduleRetry?: (listen: () => void) => void;
  private readonly now: () => number;
  private readonly reads: CoalescedRead<number>;
  /** Settles when the first attempt to listen has ended, either way. */
  readonly started: Promise<void>;

  constructor(
    private readonly pool: Pool,
    options: ListenOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 1_000;
    this.retryMs = options.retryMs ?? 1_000;
    this.scheduleRetry = options.scheduleRetry;
    this.now = options.now ?? Date.now;
    this.reads = new CoalescedRead(() => readPooledEpoch(pool));
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
    this.started = this.listen();
  }

  /** Whether the epoch in memory may be trusted now (see the class comment). */
  get trusted(): boolean {
    return (
      this.listening &&
      this.changesRead === this.changes &&
      this.now() - this.beatSentAt < this.heartbeatMs * 3
    );
  }

  known(): number | undefined {
    return this.trusted ? this.epoch : undefined;
  }

  current(): number | Promise<number> {
    if (this.trusted) return this.epoch;
    const changes = this.changes;
    return this.reads.get().then((epoch) => {
      this.raise(epoch);
      // The read started after this call, so it saw every change noted before it.
      if (changes > this.changesRead) this.changesRead = changes;
      return this.epoch;
    });
  }

  changedHere(): void {
    this.changes += 1;
  }

  async caughtUp(): Promise<void> {
    const target = await readPooledEpoch(this.pool);
    if (!this.listening || this.epoch >= target) return;
    await new Promise<void>((resolve) => this.waiters.push({ epoch: target, resolve }));
  }

  /** Resolves once LISTEN is confirmed and the epoch read after it (tests). */
  whenListening(): Promise<void> {
    if (this.listening || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.listeningWaiters.push(resolve));
  }

  /** Ends the listening connection as if it had been lost (tests). */
  dropConnection(): void {
    if (this.client) this.lost(this.client);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.listening = false;
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
    for (const resolve of this.listeningWaiters.splice(0)) resolve();
    await client?.end().catch(() => {});
  }

  private raise(epoch: number): void {
    if (!(epoch > this.epoch)) return;
    this.epoch = epoch;
    this.waiters = this.waiters.filter((waiter) => {
      if (waiter.epoch > epoch) return true;
      waiter.resolve();
      return false;
    });
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    // Loaded already: the pool it listens beside is open.
    const { default: pg } = await import('pg');
    if (this.closed) return;
    const client = new pg.Client({ ...this.pool.options, keepAlive: true });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === 'auth_epoch') this.raise(Number(message.payload));
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      const sentAt = this.now();
      await client.query('listen auth_epoch');
      const { rows } = await client.query<{ epoch: string }>(epochStatement);
      if (this.client !== client) return;
      this.raise(Number(rows[0]?.epoch ?? 0));
      this.beatSentAt = sentAt;
      this.listening = true;
      for (const resolve of this.listeningWaiters.splice(0)) resolve();
    } catch {
      this.lost(client);
    }
  }

  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    this.beatPending = false;
    client.removeAllListeners('notification');
    client.on('error', () => {});
    void client.end().catch(() => {});
    if (this.closed || this.retry) return;
    if (this.scheduleRetry) return this.scheduleRetry(() => void this.listen());
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.listen();
    }, this.retryMs);
    this.retry.unref();
  }

  private beat(): void {
    const client = this.client;
    if (!client || !this.listening) return;
    if (this.beatPending) {
      // Three periods without an answer: the connection is taken as lost and opened again.
      if (this.now() - this.beatSentAt >= this.heartbeatMs * 3) this.lost(client);
      return;
    }
    const sentAt = this.now();
    this.beatPending = true;
    client.query('select 1').then(
      () => {
        if (this.client !== client) return;
        this.beatPending = false;
        this.beatSentAt = sentAt;
      },
      () => this.lost(client),
    );
  }
}

export async function openAuthEpoch(db: Db, options?: ListenOptions): Promise<AuthEpochSource> {
  const pglite = pglites.get(db);
  if (pglite) {
    let epoch = 0;
    const unlisten = await pglite.listen('auth_epoch', (payload) => {
      epoch = Math.max(epoch, Number(payload) || epoch + 1);
    });
    epoch = Math.max(epoch, await readEpoch(db));
    return {
      current: () => epoch,
      known: () => epoch,
      // The notification is delivered in this process before the changing statement completes.
      changedHere: () => {},
      caughtUp: async () => {},
      close: () => unlisten(),
    };
  }
  const pool = pgPools.get(db);
  if (pool) {
    const listened = new ListenedEpoch(pool, options);
    await listened.started;
    return listened;
  }
  const reads = new CoalescedRead(() => readEpoch(db));
  return {
    current: () => reads.get(),
    known: () => undefined,
    changedHere: () => {},
    caughtUp: async () => {},
    close: async () => {},
  };
}
