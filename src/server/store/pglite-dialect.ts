import type { PGlite } from '@electric-sql/pglite';
import { settlesWithin } from '../lib/settles-within';
import { StoreTimeoutError } from '../lib/store-errors';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely over embedded PGlite. PGlite is one connection, so transactions are serialized with a
 * queue: a connection is handed to one caller at a time.
 */
export interface PgliteDialectOptions {
  /**
   * A query not answered within this long fails with StoreTimeoutError (the request answers 503)
   * rather than holding the request forever. PGlite cannot cancel the query itself.
   */
  queryTimeoutMs?: number;
  /** Called after the database is closed (releases the folder lock). */
  onDestroy?: () => void;
  /**
   * Takes the database when the store is closed, in place of closing it (in-memory stores put
   * theirs back for the next store: memory-stores.ts). Called only once no caller holds the
   * connection; a store whose connection is still held after GIVE_BACK_WAIT_MS closes it.
   */
  giveBack?: (db: PGlite) => Promise<void>;
}

/** How long a closing store waits for its connection before closing rather than giving back. */
const GIVE_BACK_WAIT_MS = 2_000;

export function pgliteDialect(db: PGlite, options: PgliteDialectOptions = {}): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PgliteDriver(db, options),
    createIntrospector: (k: Kysely<unknown>) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

class PgliteConnection implements DatabaseConnection {
  constructor(
    private readonly db: PGlite,
    private readonly timeoutMs: number | undefined,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const running = this.db.query<R>(query.sql, query.parameters as unknown[]);
    let timer: NodeJS.Timeout | undefined;
    const result = this.timeoutMs
      ? await Promise.race([
          running,
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new StoreTimeoutError(`store query took over ${this.timeoutMs} ms`)),
              this.timeoutMs,
            );
          }),
        ]).finally(() => clearTimeout(timer))
      : await running;
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on PGlite');
  }
}

class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  private tail: Promise<void> = Promise.resolve();
  private readonly releases = new Map<DatabaseConnection, () => void>();
  private destroyed = false;

  constructor(
    private readonly db: PGlite,
    private readonly options: PgliteDialectOptions,
  ) {
    this.connection = new PgliteConnection(db, options.queryTimeoutMs);
  }

  async init(): Promise<void> {
    await this.db.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // A closed store's database may already serve another store (giveBack): nothing reaches it.
    if (this.destroyed) throw new Error('The store is closed');
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(c: DatabaseConnection): Promise<void> {
    const release = this.releases.get(c);
    this.releases.delete(c);
    release?.();
  }

  async destroy(): Promise<void> {
    this.destroyed = true;
    try {
      const { giveBack } = this.options;
      if (giveBack && (await settlesWithin(this.tail, GIVE_BACK_WAIT_MS))) await giveBack(this.db);
      else await this.db.close();
    } finally {
      this.options.onDestroy?.();
    }
  }
}
