import { sql } from 'kysely';
import type { Db } from './db';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** When the current window ends. */
  resetAt: Date;
}

/**
 * A window counter kept in the store, so every BFF instance counts against the same limit. One
 * atomic upsert per hit. A window starts at the key's first hit and is stored with the count, so
 * every instance agrees on it without aligning windows to the clock: an aligned window would let
 * twice the limit through around its edge (the end of one window and the start of the next), and
 * would end a burst of attempts halfway at whatever moment the clock crossed it.
 */
export async function hit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<RateLimitResult> {
  // A stored window that started at or before this moment is over.
  const over = new Date(now.getTime() - windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start > ${over} then rate_limits.count + 1 else 1 end`,
        window_start: sql<Date>`case when rate_limits.window_start > ${over} then rate_limits.window_start else excluded.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return {
    allowed: row.count <= limit,
    count: row.count,
    resetAt: new Date(new Date(row.window_start).getTime() + windowMs),
  };
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
