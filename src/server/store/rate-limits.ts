import { sql } from 'kysely';
import type { Db } from './db';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** When the current window ends. */
  resetAt: Date;
}

/**
 * Fixed-window counter kept in the store, so every BFF instance counts against the same limit.
 * One atomic upsert per hit.
 */
export async function hit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end`,
        window_start: sql<Date>`excluded.window_start`,
      }),
    )
    .returning(['count'])
    .executeTakeFirstOrThrow();
  return {
    allowed: row.count <= limit,
    count: row.count,
    resetAt: new Date(windowStart.getTime() + windowMs),
  };
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
