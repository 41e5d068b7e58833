import { hash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { SessionEndReason } from '../../contract/signed-out';
import type { Db } from './db';
import type { LinkKind, SignInFactor } from './schema';
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
  /** Password (or provider) accepted, second factor still owed. */
  pendingSecondFactor: boolean;
  /** When a second factor was last proved in this session; null when never. */
  secondFactorAt: Date | null;
  authMethod: string;
  /**
   * When the person signed in (password or provider) to open this session: the proof of their
   * first factor, which a later step-up does not renew.
   */
  signedInAt: Date;
  /**
   * Set when the cookie named the session by the id it had before its last step-up: it opens
   * the session for reads only, until then (PREVIOUS_ID_GRACE_MS).
   */
  readsOnlyUntil?: Date;
}

/**
 * How long after a step-up the session's id before it still opens the session, for reads only: a
 * read the page sent a moment before the new id came back is answered, not refused as a session
 * that ended. A write or a step-up with it is refused: the power proved is the new id's alone.
 */
export const PREVIOUS_ID_GRACE_MS = 30_000;

export interface NewSessionOptions {
  pendingSecondFactor?: boolean;
  secondFactorAt?: Date | null;
  authMethod?: 'password' | 'oidc';
  /** The OpenID provider's tokens: stored with the session, never sent to the browser. */
  oidcTokens?: Record<string, unknown>;
}

/** Refresh the idle deadline at most this often: one write a minute per active session. */
export const TOUCH_INTERVAL_MS = 60_000;

/**
 * The stored id of a cookie token: its SHA-256 in hex. Every request hashes its cookie, so the
 * one-shot `hash` rather than a Hash object built, fed and read (0.9 → 0.4 µs).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A new session always gets a new random id (no fixation). Returns the cookie token. */
export async function createSession(
  db: Db,
  userId: string,
  times: SessionTimes,
  meta: { ip?: string; userAgent?: string },
  now = new Date(),
  options: NewSessionOptions = {},
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
      public_id: randomUUID(),
      pending_second_factor: options.pendingSecondFactor ?? false,
      second_factor_at: options.secondFactorAt ?? null,
      auth_method: options.authMethod ?? 'password',
      oidc_tokens: options.oidcTokens ? JSON.stringify(options.oidcTokens) : null,
    })
    .execute();
  return {
    token,
    session: {
      idHash,
      userId,
      idleExpiresAt,
      absoluteExpiresAt,
      pendingSecondFactor: options.pendingSecondFactor ?? false,
      secondFactorAt: options.secondFactorAt ?? null,
      authMethod: options.authMethod ?? 'password',
      signedInAt: now,
    },
  };
}

/** A session as the store holds it, with its user and the user's links, before any touch. */
export interface LoadedSession {
  session: ActiveSession;
  user: StoredUser;
  lastSeenAt: Date;
}

/** A session the store still holds that has ended, and why (contract/signed-out). */
export interface EndedSession {
  ended: SessionEndReason;
}

/**
 * One round trip: the session, its user and the user's links. When the session has ended (expired,
 * revoked, or its user disabled), why, from the same row; null when the store holds no such
 * session.
 */
export async function loadSession(
  db: Db,
  idHash: string,
  now = new Date(),
): Promise<LoadedSession | EndedSession | null> {
  const row =
    (await sessionRow(db, idHash, now, 'current')) ??
    // The id before the last step-up, within its grace (PREVIOUS_ID_GRACE_MS): reads only.
    (await sessionRow(db, idHash, now, 'previous'));
  if (!row) return null;
  const ended = endReason(row, now);
  if (ended) return { ended };
  const links = row.links ?? [];
  const pick = (kind: LinkKind) => links.filter((l) => l.kind === kind).map((l) => l.id);
  const previous = row.id_hash !== idHash;
  return {
    lastSeenAt: row.last_seen_at,
    session: {
      idHash: row.id_hash,
      userId: row.user_id,
      idleExpiresAt: row.idle_expires_at,
      absoluteExpiresAt: row.absolute_expires_at,
      pendingSecondFactor: row.pending_second_factor,
      secondFactorAt: row.second_factor_at,
      authMethod: row.auth_method,
      signedInAt: row.created_at,
      ...(previous && row.previous_id_until ? { readsOnlyUntil: row.previous_id_until } : {}),
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

/** The row of a session by its id, or by its id before its last step-up while that is good. */
function sessionRow(db: Db, idHash: string, now: Date, by: 'current' | 'previous') {
  const query = db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id_hash',
      's.created_at',
      's.previous_id_until',
      's.user_id',
      's.last_seen_at',
      's.idle_expires_at',
      's.absolute_expires_at',
      's.revoked_at',
      's.pending_second_factor',
      's.second_factor_at',
      's.auth_method',
      'u.email',
      'u.name',
      'u.role',
      'u.disabled',
      sql<
        { kind: LinkKind; id: string }[] | null
      >`(select json_agg(json_build_object('kind', l.kind, 'id', l.upstream_id) order by l.upstream_id) from user_links l where l.user_id = s.user_id)`.as(
        'links',
      ),
    ]);
  return (
    by === 'current'
      ? query.where('s.id_hash', '=', idHash)
      : query.where('s.previous_id_hash', '=', idHash).where('s.previous_id_until', '>', now)
  ).executeTakeFirst();
}

/**
 * Why a session has ended, or null while it is live: what happened first. A revocation after a
 * deadline had passed (an admin disabling the user the next day revokes every session of theirs,
 * ended or not) does not hide the deadline. The idle deadline is slid no later than the absolute
 * one, so at the limit the two are equal, and that is the absolute limit.
 */
function endReason(
  row: {
    idle_expires_at: Date;
    absolute_expires_at: Date;
    revoked_at: Date | null;
    disabled: boolean;
  },
  now: Date,
): SessionEndReason | null {
  const idle = row.idle_expires_at.getTime();
  const absolute = row.absolute_expires_at.getTime();
  const expired = Math.min(idle, absolute);
  if (row.revoked_at && row.revoked_at.getTime() < expired) return 'revoked';
  if (expired <= now.getTime()) return absolute <= idle ? 'absolute' : 'idle';
  // Revoked by an instance whose clock runs ahead, or a user disabled without a revocation.
  return row.revoked_at || row.disabled ? 'revoked' : null;
}

export async function revokeSession(db: Db, idHash: string, now = new Date()): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id_hash', '=', idHash).execute();
}

/**
 * Ends sessions still live: these (by id hash), or every one of a user. Every instance refuses
 * them at their next request.
 */
export async function revokeSessions(
  db: Db,
  which: { idHashes: string[] } | { userId: string },
  now = new Date(),
): Promise<void> {
  if ('idHashes' in which && which.idHashes.length === 0) return;
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where((eb) =>
      'userId' in which ? eb('user_id', '=', which.userId) : eb('id_hash', 'in', which.idHashes),
    )
    .where('revoked_at', 'is', null)
    .execute();
}

export const revokeUserSessions = (db: Db, userId: string, now = new Date()): Promise<void> =>
  revokeSessions(db, { userId }, now);

/**
 * A second factor was proved in this session: it is complete, and step-up is fresh from now.
 * When it completes the sign-in, the factor is kept as the one the session signed in with; a
 * later step-up, with whatever factor, does not change how the session signed in.
 *
 * The session gets a new id (returned as the new cookie token) in the same write: a copy of the
 * cookie taken before, while the session was still owed its second factor or its step-up was
 * stale, never carries the power proved here (no fixation, as a sign-in gets a new id). After a
 * sign-in it names no session; after a step-up it opens the session for reads only, for a moment
 * (PREVIOUS_ID_GRACE_MS), so a read already on its way when the new id came back is answered.
 * What the owner sees of it on My sessions (its public id) stays.
 */
export async function markSecondFactor(
  db: Db,
  idHash: string,
  factor: SignInFactor,
  now = new Date(),
): Promise<{ token: string }> {
  const token = randomBytes(32).toString('base64url');
  await db
    .updateTable('sessions')
    .set({
      id_hash: hashToken(token),
      // The id before (the right-hand side reads the row as it was) stays good for reads a
      // moment, after a step-up only: before the sign-in was complete it opened nothing.
      previous_id_hash: sql<
        string | null
      >`case when pending_second_factor then null else id_hash end`,
      previous_id_until: new Date(now.getTime() + PREVIOUS_ID_GRACE_MS),
      public_id: sql<string>`coalesce(public_id, left(id_hash, 32))`,
      pending_second_factor: false,
      second_factor_at: now,
      sign_in_factor: sql<SignInFactor | null>`case when pending_second_factor then ${factor}::text else sign_in_factor end`,
    })
    .where('id_hash', '=', idHash)
    .execute();
  return { token };
}

/** A wrong second-factor code was tried in this session (counted for its owner to see). */
export async function recordWrongCode(db: Db, idHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ wrong_codes: sql<number>`wrong_codes + 1` })
    .where('id_hash', '=', idHash)
    .execute();
}

export interface SessionListing {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
  authMethod: string;
  idHash: string;
  /** Password (or provider) accepted, second factor still owed. */
  pendingSecondFactor: boolean;
  signInFactor: SignInFactor | null;
  wrongCodes: number;
}

/**
 * The user's live sessions, newest first, those still waiting for their second factor included:
 * such a sign-in holds the password, and its owner must be able to see and end it.
 */
export async function listUserSessions(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<SessionListing[]> {
  const rows = await db
    .selectFrom('sessions')
    .select([
      'id_hash',
      'public_id',
      'created_at',
      'last_seen_at',
      'ip',
      'user_agent',
      'auth_method',
      'pending_second_factor',
      'sign_in_factor',
      'wrong_codes',
    ])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('idle_expires_at', '>', now)
    .where('absolute_expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.public_id ?? r.id_hash.slice(0, 32),
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    ip: r.ip,
    userAgent: r.user_agent,
    authMethod: r.auth_method,
    idHash: r.id_hash,
    pendingSecondFactor: r.pending_second_factor,
    signInFactor: r.sign_in_factor,
    wrongCodes: r.wrong_codes,
  }));
}

/** Scratch values of one session: a WebAuthn challenge, a TOTP secret being enrolled. */
export async function setSessionScratch(
  db: Db,
  idHash: string,
  values: { webauthnChallenge?: string | null; pendingTotpSecret?: string | null },
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({
      ...(values.webauthnChallenge !== undefined
        ? { webauthn_challenge: values.webauthnChallenge }
        : {}),
      ...(values.pendingTotpSecret !== undefined
        ? { pending_totp_secret: values.pendingTotpSecret }
        : {}),
    })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function getSessionScratch(db: Db, idHash: string) {
  const row = await db
    .selectFrom('sessions')
    .select(['webauthn_challenge', 'pending_totp_secret'])
    .where('id_hash', '=', idHash)
    .executeTakeFirst();
  return {
    webauthnChallenge: row?.webauthn_challenge ?? null,
    pendingTotpSecret: row?.pending_totp_secret ?? null,
  };
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
