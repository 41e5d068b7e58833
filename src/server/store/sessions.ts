import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './db';
import type { LinkKind } from './schema';
import type { StoredUser } from './users';

export interface SessionTimes {
  idleMs: number;
  absoluteMs: number;
}

export interface ActiveSession {
  idHash: string;
  userId: string;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/** Refresh the idle deadline at most this often: one write a minute per active session. */
export const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session always gets a new random id (no fixation). Returns the cookie token. */
export async function createSession(
  db: Db,
  userId: string,
  times: SessionTimes,
  meta: { ip?: string; userAgent?: string },
  now = new Date(),
): Promise<{ token: string; session: ActiveSession }> {
  const token = randomBytes(32).toString('base64url');
  const idHash = hashToken(token);
  const idleExpiresAt = new Date(now.getTime() + times.idleMs);
  const absoluteExpiresAt = new Date(now.getTime() + times.absoluteMs);
  await db
    .insertInto('sessions')
    .values({
      id_hash: idHash,
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      idle_expires_at: idleExpiresAt,
      absolute_expires_at: absoluteExpiresAt,
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, session: { idHash, userId, idleExpiresAt, absoluteExpiresAt } };
}

/** A session as the store holds it, with its user and the user's links, before any touch. */
export interface LoadedSession {
  session: ActiveSession;
  user: StoredUser;
  lastSeenAt: Date;
}

/**
 * One round trip: the session, its user and the user's links. Null when the session is unknown,
 * revoked, expired, or its user is disabled.
 */
export async function loadSession(
  db: Db,
  idHash: string,
  now = new Date(),
): Promise<LoadedSession | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.user_id',
      's.last_seen_at',
      's.idle_expires_at',
      's.absolute_expires_at',
      's.revoked_at',
      'u.email',
      'u.name',
      'u.role',
      'u.disabled',
      sql<
        { kind: LinkKind; id: string }[] | null
      >`(select json_agg(json_build_object('kind', l.kind, 'id', l.upstream_id) order by l.upstream_id) from user_links l where l.user_id = s.user_id)`.as(
        'links',
      ),
    ])
    .where('s.id_hash', '=', idHash)
    .executeTakeFirst();
  if (!row || row.revoked_at || row.disabled) return null;
  if (row.idle_expires_at <= now || row.absolute_expires_at <= now) return null;
  const links = row.links ?? [];
  const pick = (kind: LinkKind) => links.filter((l) => l.kind === kind).map((l) => l.id);
  return {
    lastSeenAt: row.last_seen_at,
    session: {
      idHash,
      userId: row.user_id,
      idleExpiresAt: row.idle_expires_at,
      absoluteExpiresAt: row.absolute_expires_at,
    },
    user: {
      id: row.user_id,
      email: row.email,
      name: row.name,
      role: row.role,
      accountIds: pick('account'),
      issuerIds: pick('issuer'),
      securityIds: pick('security'),
    },
  };
}

/** Uncached resolution with an immediate touch (the CLI and tests; requests use SessionCache). */
export async function resolveSession(
  db: Db,
  token: string,
  times: SessionTimes,
  now = new Date(),
): Promise<{ session: ActiveSession; user: StoredUser } | null> {
  const loaded = await loadSession(db, hashToken(token), now);
  if (!loaded) return null;
  const idleExpiresAt = await touch(
    db,
    loaded.session.idHash,
    {
      last_seen_at: loaded.lastSeenAt,
      idle_expires_at: loaded.session.idleExpiresAt,
      absolute_expires_at: loaded.session.absoluteExpiresAt,
    },
    times,
    now,
  );
  return { session: { ...loaded.session, idleExpiresAt }, user: loaded.user };
}

/** Slides the idle deadline, writing at most once a minute per session. */
async function touch(
  db: Db,
  idHash: string,
  row: { last_seen_at: Date; idle_expires_at: Date; absolute_expires_at: Date },
  times: SessionTimes,
  now: Date,
): Promise<Date> {
  if (now.getTime() - row.last_seen_at.getTime() < TOUCH_INTERVAL_MS) return row.idle_expires_at;
  const idleExpiresAt = new Date(
    Math.min(now.getTime() + times.idleMs, row.absolute_expires_at.getTime()),
  );
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, idle_expires_at: idleExpiresAt })
    .where('id_hash', '=', idHash)
    .execute();
  return idleExpiresAt;
}

export async function revokeSession(db: Db, idHash: string, now = new Date()): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id_hash', '=', idHash).execute();
}

export async function revokeUserSessions(db: Db, userId: string, now = new Date()): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Housekeeping: drop sessions that ended more than a day ago. */
export async function pruneSessions(db: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - 86_400_000);
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('absolute_expires_at', '<', cutoff),
        eb('idle_expires_at', '<', cutoff),
        eb('revoked_at', '<', cutoff),
      ]),
    )
    .execute();
}

export interface SessionTouch {
  idHash: string;
  lastSeenAt: Date;
  idleExpiresAt: Date;
}

/**
 * Writes many idle touches in one statement. A touch only ever moves a deadline later, so a late
 * or repeated batch cannot shorten a session another instance slid further.
 */
export async function touchSessions(db: Db, touches: readonly SessionTouch[]): Promise<void> {
  if (touches.length === 0) return;
  await sql`
    update sessions as s
    set last_seen_at = v.seen, idle_expires_at = v.idle
    from (
      select unnest(${touches.map((t) => t.idHash)}::text[]) as id,
             unnest(${touches.map((t) => t.lastSeenAt.toISOString())}::timestamptz[]) as seen,
             unnest(${touches.map((t) => t.idleExpiresAt.toISOString())}::timestamptz[]) as idle
    ) as v
    where s.id_hash = v.id and s.idle_expires_at < v.idle and s.revoked_at is null`.execute(db);
}
