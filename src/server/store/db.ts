import { cpSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations';
import { pgliteDialect } from './pglite-dialect';
import { lockFolder } from './folder-lock';
import { registerPglite, registerPgPool } from './auth-epoch';
import { memoryTemplate, templateFolder } from './memory-template';

export type Db = Kysely<Database>;

export interface StoreOptions {
  /** PostgreSQL server URL; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; null keeps the database in memory (tests). */
  dataDir: string | null;
  /** Told about errors of idle PostgreSQL connections (logged by the server). */
  onIdleError?: (err: Error) => void;
  /** Bounded waits on the store (defaults: connect 5 s, statement 10 s, idle 30 s). */
  timeouts?: Partial<StoreTimeouts>;
}

interface StoreTimeouts {
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
    const { default: pg } = await import('pg');
    // Every wait is bounded: a frozen or unreachable server fails requests (503) instead of
    // hanging them. statement_timeout stops the server's work; query_timeout stops our wait even
    // when the server does not answer at all; idle transactions are cut by the server.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: timeouts.connectMs,
      idleTimeoutMillis: timeouts.idleMs,
      statement_timeout: timeouts.statementMs,
      query_timeout: timeouts.statementMs + 1_000,
      idle_in_transaction_session_timeout: timeouts.statementMs * 2,
    });
    // An idle connection the server closes (restart, failover) must not crash the process: the
    // pool drops it and the next query opens a new one.
    pool.on('error', (err) => options.onIdleError?.(err));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    registerPgPool(db, pool);
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
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
        pglite = new PGlite({ loadDataDir: await template() });
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
        dialect: pgliteDialect(pglite, {
          queryTimeoutMs: timeouts.statementMs,
          onDestroy: () => lock?.release(),
        }),
      });
      registerPglite(db, pglite);
    } catch (err) {
      lock?.release();
      throw err;
    }
    exclusive = Boolean(lock);
  }
  await migrate(db);
  exclusiveStores.set(db, exclusive);
  return db;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Store migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
