import { mkdirSync } from 'node:fs';
import { Kysely, Migrator, PostgresDialect, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations';
import { pgliteDialect } from './pglite-dialect';
import { registerPglite } from './auth-epoch';

export type Db = Kysely<Database>;

export interface StoreOptions {
  /** PostgreSQL server URL; when absent, embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; null keeps the database in memory (tests). */
  dataDir: string | null;
  /** Told about errors of idle PostgreSQL connections (logged by the server). */
  onIdleError?: (err: Error) => void;
}

export async function openStore(options: StoreOptions): Promise<Db> {
  let db: Db;
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover) must not crash the process: the
    // pool drops it and the next query opens a new one.
    pool.on('error', (err) => options.onIdleError?.(err));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const pglite = new PGlite(options.dataDir ?? undefined);
    db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
    registerPglite(db, pglite);
  }
  await migrate(db);
  return db;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Store migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
