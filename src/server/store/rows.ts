import type { Selectable } from 'kysely';
import type { Db } from './db';
import type { Database } from './schema';

/** A row of a table as the store reads it. */
type RowOf<T extends keyof Database> = Selectable<Database[T]>;

/**
 * The row of `table` whose key `column` holds `value`, or undefined when there is none. With
 * `forUpdate`, read in a transaction, the row stays locked until that transaction ends.
 */
export async function findRow<T extends keyof Database>(
  db: Db,
  table: T,
  column: keyof Database[T] & string,
  value: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<RowOf<T> | undefined> {
  let query = db
    .selectFrom(table as keyof Database)
    .selectAll()
    .where(db.dynamic.ref(column), '=', value);
  if (forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) as RowOf<T> | undefined;
}
