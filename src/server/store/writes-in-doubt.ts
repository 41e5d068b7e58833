import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { markWriteInDoubt, reachedStore } from '../lib/store-errors';

/**
 * A dialect whose failed writes say whether they may have been saved. A write that fails before
 * it reaches the store (no connection could be had) saved nothing. One that fails after it was
 * sent (the connection dropped, our wait ran out) may have been saved, when it stood alone (each
 * statement outside a transaction commits by itself) or was a transaction's COMMIT: the error is
 * then marked (markWriteInDoubt), so the answer says "it may have been saved", not "Nothing was
 * changed". A statement inside a transaction that fails is rolled back with it: nothing saved.
 */
export function withWritesInDoubt(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WritesInDoubtDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

const WRITE_NODES = new Set([
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
]);

/** Whether a statement changes data: the query builder's writes, or raw SQL that starts as one. */
function isWrite(query: CompiledQuery): boolean {
  if (WRITE_NODES.has(query.query.kind)) return true;
  return /^\s*(insert|update|delete|merge)\b/i.test(query.sql);
}

function inDoubt(err: unknown): unknown {
  if (reachedStore(err)) markWriteInDoubt(err);
  return err;
}

class Connection implements DatabaseConnection {
  /** Inside a transaction: a failed statement is rolled back, only COMMIT may land. */
  inTransaction = false;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (err) {
      throw !this.inTransaction && isWrite(query) ? inDoubt(err) : err;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class WritesInDoubtDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, Connection>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    let connection = this.wrapped.get(inner);
    if (!connection) {
      connection = new Connection(inner);
      this.wrapped.set(inner, connection);
    }
    connection.inTransaction = false;
    return connection;
  }

  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const connection = c as Connection;
    await this.inner.beginTransaction(connection.inner, settings);
    connection.inTransaction = true;
  }

  async commitTransaction(c: DatabaseConnection): Promise<void> {
    const connection = c as Connection;
    try {
      await this.inner.commitTransaction(connection.inner);
    } catch (err) {
      throw inDoubt(err);
    } finally {
      connection.inTransaction = false;
    }
  }

  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    const connection = c as Connection;
    try {
      await this.inner.rollbackTransaction(connection.inner);
    } finally {
      connection.inTransaction = false;
    }
  }

  releaseConnection(c: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((c as Connection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
