import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './db';

/**
 * Money moves once (architecture decision 9). The primary key (user, route, key) makes concurrent
 * duplicates collapse: exactly one caller claims the key and calls the upstream; the others wait
 * for its outcome and replay it.
 */
export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

export interface IdempotencyScope {
  userId: string;
  route: string;
  key: string;
  requestHash: string;
}

/** A claim whose process died mid-call is treated as an unknown outcome after this long. */
const STALE_PENDING_MS = 120_000;

export async function claim(db: Db, scope: IdempotencyScope, waitMs = 30_000): Promise<Claim> {
  const now = new Date();
  const inserted = await db
    .insertInto('idempotency_records')
    .values({
      user_id: scope.userId,
      route: scope.route,
      key: scope.key,
      request_hash: scope.requestHash,
      state: 'pending',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'route', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { kind: 'claimed' };

  const deadline = Date.now() + waitMs;
  for (let delay = 25; ; delay = Math.min(delay * 2, 250)) {
    const row = await db
      .selectFrom('idempotency_records')
      .selectAll()
      .where('user_id', '=', scope.userId)
      .where('route', '=', scope.route)
      .where('key', '=', scope.key)
      .executeTakeFirst();
    if (!row) return claim(db, scope, Math.max(0, deadline - Date.now()));
    if (row.request_hash !== scope.requestHash) return { kind: 'mismatch' };
    if (row.state !== 'pending') {
      return { kind: 'replay', status: row.response_status ?? 500, body: row.response_body };
    }
    if (Date.now() - row.created_at.getTime() > STALE_PENDING_MS) {
      return { kind: 'replay', status: 504, body: staleBody };
    }
    if (Date.now() >= deadline) return { kind: 'in_progress' };
    await sleep(delay);
  }
}

const staleBody = {
  error: {
    code: 'upstream_timeout',
    message:
      'An earlier attempt with this request did not finish. It may or may not have been submitted: check your history before trying again.',
    submitted: 'unknown',
  },
};

export async function complete(
  db: Db,
  scope: IdempotencyScope,
  outcome: { state: 'done' | 'unknown'; status: number; body: unknown },
): Promise<void> {
  await db
    .updateTable('idempotency_records')
    .set({
      state: outcome.state,
      response_status: outcome.status,
      response_body: JSON.stringify(outcome.body),
      updated_at: new Date(),
    })
    .where('user_id', '=', scope.userId)
    .where('route', '=', scope.route)
    .where('key', '=', scope.key)
    .execute();
}

/** Nothing reached the upstream: forget the key so the same request can be tried again. */
export async function release(db: Db, scope: IdempotencyScope): Promise<void> {
  await db
    .deleteFrom('idempotency_records')
    .where('user_id', '=', scope.userId)
    .where('route', '=', scope.route)
    .where('key', '=', scope.key)
    .where('state', '=', 'pending')
    .execute();
}
