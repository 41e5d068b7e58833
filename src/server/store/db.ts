import { randomUUID } from 'node:crypto';
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  type MigrationProvider,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations';
import { pgliteDialect } from './pglite-dialect';
import { withWritesInDoubt } from './writes-in-doubt';
import { lockFolder } from './folder-lock';
import { makePrivate } from './private-folder';
import { registerPglite, registerPgPool } from './auth-epoch';
import { memoryTemplate, templateFolder } from './memory-template';
import { giveBackMemoryDatabase, takeMemoryDatabase } from './memory-stores';

export type Db = Kysely<Database>;

export interface StoreOptions {
  /** PostgreSQL server URL; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; null keeps the database in memory (tests, benchmarks: memory-stores.ts). */
  dataDir: string | null;
  /** Told about errors of PostgreSQL connections, idle or in use (logged by the server). */
  onIdleError?: (err: Error) => void;
  /** Bounded waits on the store (defaults: connect 5 s, statement 10 s, idle 30 s). */
  timeouts?: Partial<StoreTimeouts>;
}

export interface StoreTimeouts {
  /** Opening a connection (PostgreSQL) or waiting for the pool. */
  connectMs: number;
  /** One statement: PostgreSQL statement_timeout and the client-side query timeout; PGlite query deadline. */
  statementMs: number;
  /** An idle pooled connection is closed after this long. */
  idleMs: number;
}

const defaultStoreTimeouts: StoreTimeouts = {
  connectMs: 5_000,
  statementMs: 10_000,
  idleMs: 30_000,
};

/** Stores only this process can open (a locked PGlite folder): every other claim is dead. */
const exclusiveStores = new WeakMap<Db, boolean>();
export const isExclusiveStore = (db: Db) => exclusiveStores.get(db) === true;

export async function openStore(options: StoreOptions): Promise<Db> {
  const timeouts = { ...defaultStoreTimeouts, ...options.timeouts };
  let exclusive = false;
  let db: Db;
  if (options.databaseUrl) {
    const pool = await openPgPool(options.databaseUrl, timeouts, options.onIdleError);
    db = new Kysely<Database>({
      dialect: withWritesInDoubt(new PostgresDialect({ pool: droppingUnanswered(pool) })),
    });
    registerPgPool(db, pool);
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    // Users, password hashes, sessions and the audit log: this user's only (private-folder.ts).
    if (options.dataDir) makePrivate(options.dataDir);
    const lock = options.dataDir ? lockFolder(options.dataDir) : null;
    try {
      // A new store (in memory, or a data folder without a database yet) starts from the migrated
      // template instead of running initdb; an existing data folder is opened as it is.
      const template = () =>
        memoryTemplate(async () => {
          const fresh = new PGlite();
          const freshDb = new Kysely<Database>({ dialect: pgliteDialect(fresh, {}) });
          await migrate(freshDb);
          return fresh;
        });
      let pglite: InstanceType<typeof PGlite>;
      if (!options.dataDir) {
        pglite = await takeMemoryDatabase(template);
      } else if (existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
        pglite = new PGlite(options.dataDir);
      } else {
        const folder = await templateFolder(template);
        if (folder) cpSync(folder, options.dataDir, { recursive: true });
        pglite = folder
          ? new PGlite(options.dataDir)
          : new PGlite(options.dataDir, { loadDataDir: await template() });
      }
      db = new Kysely<Database>({
        dialect: withWritesInDoubt(
          pgliteDialect(pglite, {
            queryTimeoutMs: timeouts.statementMs,
            onDestroy: () => lock?.release(),
            ...(options.dataDir ? {} : { giveBack: giveBackMemoryDatabase }),
          }),
        ),
      });
      registerPglite(db, pglite);
    } catch (err) {
      lock?.release();
      throw err;
    }
    exclusive = Boolean(lock);
  }
  await migrate(db);
  // What the template's copy, PGlite's start and the migrations wrote, with their own modes.
  if (!options.databaseUrl && options.dataDir) makePrivate(options.dataDir);
  exclusiveStores.set(db, exclusive);
  storeIds.set(db, await identify(db));
  return db;
}

const storeIds = new WeakMap<Db, string>();
/** The id the store was given when first opened: names the store a spool line was written for. */
export const storeIdOf = (db: Db): string | undefined => storeIds.get(db);

/** Reads the store's id, giving it one on its first opening (two instances at once agree). */
async function identify(db: Db): Promise<string> {
  const read = () => db.selectFrom('store_identity').select('id').executeTakeFirst();
  const known = await read();
  if (known) return known.id;
  await db
    .insertInto('store_identity')
    .values({ id: randomUUID() })
    .onConflict((oc) => oc.column('singleton').doNothing())
    .execute();
  return (await read())!.id;
}

/**
 * The PostgreSQL pool. Every wait is bounded: a frozen or unreachable server fails requests (503)
 * instead of hanging them. statement_timeout stops the server's work; query_timeout stops our wait
 * even when the server does not answer at all; idle transactions are cut by the server.
 *
 * No connection error may stop the process: a pg Client emits 'error' when its server goes away,
 * and an 'error' event without a listener is thrown. The pool listens on idle connections only
 * (and on a client of its own `pool.query`), not on one checked out (a transaction, any query of
 * the query builder) when the server stops: each connection gets a listener of its own for its
 * whole life. The query in flight fails by itself (a 503 or an unknown outcome), and the pool
 * drops the broken connection when it is released.
 */
export async function openPgPool(
  databaseUrl: string,
  timeouts: StoreTimeouts,
  onError?: (err: Error) => void,
): Promise<Pool> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: timeouts.idleMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 1_000,
    idle_in_transaction_session_timeout: timeouts.statementMs * 2,
  });
  // An idle connection the server closes (restart, failover): the pool drops it and the next
  // query opens a new one.
  pool.on('error', (err) => onError?.(err));
  // A connection in use: told here; an idle one is told by the pool's event above.
  const inUse = new WeakSet<object>();
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (inUse.has(client)) onError?.(err);
    });
  });
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_err, client) => inUse.delete(client));
  return pool;
}

/**
 * The pool as the query builder uses it. A statement the server did not answer in time (pg's
 * query_timeout: the server is frozen or cut off, and its own statement_timeout cannot run)
 * leaves its connection waiting for that answer. Such a connection is taken as broken: its
 * transaction's ROLLBACK is not sent (it would wait a second timeout behind the unanswered
 * statement, doubling the person's wait for the 503; the server ends the transaction with the
 * session), any other statement on it fails at once as never sent, and on release it is
 * destroyed rather than handed to the next request, which would wait for the server in its turn.
 * An error the server sent (a SQLSTATE, such as its own statement timeout) leaves the connection
 * as it was: it answered.
 */
function droppingUnanswered(pool: Pool): PostgresPool {
  const guarded = new WeakMap<PoolClient, { client: PostgresPoolClient; broken: Error | null }>();
  const guard = (client: PoolClient) => {
    const state = {
      client: undefined as unknown as PostgresPoolClient,
      broken: null as Error | null,
    };
    const send = async (text: string, parameters?: unknown[]) => {
      if (state.broken) {
        if (/^\s*rollback\s*$/i.test(text)) return { command: 'ROLLBACK', rowCount: 0, rows: [] };
        throw new Error(
          'Client was closed: an earlier statement on its connection got no answer in time',
        );
      }
      try {
        return await client.query(text, parameters);
      } catch (err) {
        if (unanswered(err)) state.broken = err as Error;
        throw err;
      }
    };
    // A cursor (a streamed query) goes through as it is.
    const query = (text: unknown, parameters?: unknown[]) =>
      typeof text === 'string' ? send(text, parameters) : client.query(text as never);
    state.client = {
      query: query as unknown as PostgresPoolClient['query'],
      release: () => client.release(state.broken ?? undefined),
    };
    return state;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let state = guarded.get(client);
      if (!state) guarded.set(client, (state = guard(client)));
      // A client handed out again was released whole: a broken one is destroyed, never pooled.
      state.broken = null;
      return state.client;
    },
    end: () => pool.end(),
  };
}

/** A statement that got no answer from the server (no SQLSTATE): our wait ran out, or the line broke. */
function unanswered(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return false;
  return /Query read timeout|Connection terminated|ECONNRESET|EPIPE/i.test(
    `${err.message} ${String(code)}`,
  );
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Whether the store records exactly this build's migrations as run: a restart then reads one
 * table instead of the Migrator's schema checks, lock and transaction (a few hundred ms at start
 * on the embedded database). Anything else (a new store, a migration to run, one run by a newer
 * build) goes through the Migrator, which runs them or refuses as before.
 */
async function allMigrated(db: Db): Promise<boolean> {
  let ran: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    ran = rows.map((row) => row.name);
  } catch {
    return false;
  }
  const names = Object.keys(migrations);
  return ran.length === names.length && names.every((name) => ran.includes(name));
}

async function migrate(db: Db): Promise<void> {
  if (await allMigrated(db)) return;
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Store migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
