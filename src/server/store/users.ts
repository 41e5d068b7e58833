import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { UserState } from '../../contract/identity';
import type { Role, SessionUser } from '../../contract/session';
import type { Db } from './db';
import type { LinkKind } from './schema';

/** argon2id with OWASP's recommended floor (19 MiB, 2 passes). */
const HASH_OPTIONS = {
  type: argon2.argon2id as 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** A fixed hash to verify against when the email is unknown, so timing does not reveal accounts. */
let decoyHash: Promise<string> | undefined;

export interface NewUser {
  email: string;
  name: string;
  role: Role;
  /** Empty: no password; the user signs in only through single sign-on. */
  password: string;
  /** An argon2 hash of `password` already computed (demo users share one); skips hashing again. */
  passwordHash?: string;
  demo?: boolean;
  oidc?: { issuer: string; subject: string };
}

/** Stored instead of a hash for users without a password: no password ever verifies against it. */
const NO_PASSWORD = '!';

export interface UserLinks {
  accountIds: string[];
  issuerIds: string[];
  securityIds: string[];
}

export type StoredUser = Omit<SessionUser, 'offeringIds'>;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createUser(db: Db, user: NewUser): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
      email: normalizeEmail(user.email),
      name: user.name,
      role: user.role,
      password_hash: user.password
        ? (user.passwordHash ?? (await hashPassword(user.password)))
        : NO_PASSWORD,
      demo: user.demo ?? false,
      oidc_issuer: user.oidc?.issuer ?? null,
      oidc_subject: user.oidc?.subject ?? null,
    })
    .execute();
  return id;
}

/**
 * A new password. The browsers that signed in with the old one are forgotten (sign-in-devices.ts):
 * whoever knew it, a phisher say, must not keep their own count of guesses at the new one.
 */
export async function setPasswordHash(db: Db, userId: string, hash: string): Promise<void> {
  // Often inside the caller's transaction (a user's change with its audit): two statements here.
  await db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
  await db.deleteFrom('sign_in_devices').where('user_id', '=', userId).execute();
}

/**
 * The stored password hash of a user, or null when they have no password of the portal's (they
 * sign in only through single sign-on) or do not exist.
 */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row && row.password_hash !== NO_PASSWORD ? row.password_hash : null;
}

/** True when `hash` is an argon2 hash of `password`. */
export function passwordMatches(hash: string, password: string): Promise<boolean> {
  return hash === NO_PASSWORD
    ? Promise.resolve(false)
    : argon2.verify(hash, password).catch(() => false);
}

/** A user as the sign-in and its audit event know them, whether they may sign in or not. */
export interface UserRecord {
  id: string;
  email: string;
  role: Role;
  disabled: boolean;
}

/**
 * The user whose email and password these are, disabled or not; null when they match nobody.
 * The password is checked the same way whether the user is disabled or not (and against a decoy
 * when the email is unknown or its user has no password), so the time taken tells nobody which it
 * is: only someone who has the password learns that the account is disabled.
 */
export async function verifyCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<UserRecord | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'password_hash', 'disabled'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  // A user who signs in only through single sign-on has no password to check: the decoy's
  // check takes its time, as for an email nobody has.
  if (!row || row.password_hash === NO_PASSWORD) {
    decoyHash ??= hashPassword('decoy-password-never-matches');
    await argon2.verify(await decoyHash, password).catch(() => false);
    return null;
  }
  const ok = await passwordMatches(row.password_hash, password);
  return ok ? { id: row.id, email: row.email, role: row.role, disabled: row.disabled } : null;
}

/** A user by id, disabled or not (`getUser` answers only those who may sign in). */
export async function findUserRecord(db: Db, userId: string): Promise<UserRecord | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function getUser(db: Db, userId: string): Promise<StoredUser | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || row.disabled) return null;
  const links = await getLinks(db, userId);
  return { id: row.id, email: row.email, name: row.name, role: row.role, ...links };
}

export async function getLinks(db: Db, userId: string): Promise<UserLinks> {
  const rows = await db
    .selectFrom('user_links')
    .select(['kind', 'upstream_id'])
    .where('user_id', '=', userId)
    .orderBy('upstream_id')
    .execute();
  const pick = (kind: LinkKind) => rows.filter((r) => r.kind === kind).map((r) => r.upstream_id);
  return { accountIds: pick('account'), issuerIds: pick('issuer'), securityIds: pick('security') };
}

/** Every security linked to someone on the portal (issuer staff set their hours), by ID. */
export async function linkedSecurityIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('user_links')
    .select('upstream_id')
    .distinct()
    .where('kind', '=', 'security')
    .orderBy('upstream_id')
    .execute();
  return rows.map((r) => r.upstream_id);
}

/** Adds one link; answers whether it is new (false: the user had it already). */
export async function link(
  db: Db,
  userId: string,
  kind: LinkKind,
  upstreamId: string,
): Promise<boolean> {
  const [result] = await db
    .insertInto('user_links')
    .values({ user_id: userId, kind, upstream_id: upstreamId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (result?.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Removes one link; answers whether the user had it. */
export async function unlink(
  db: Db,
  userId: string,
  kind: LinkKind,
  upstreamId: string,
): Promise<boolean> {
  const { numDeletedRows } = await db
    .deleteFrom('user_links')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('upstream_id', '=', upstreamId)
    .executeTakeFirst();
  return numDeletedRows > 0n;
}

/**
 * Issuer staff set the trading hours of their own issuers' securities only (lib/link-checks.ts).
 * The platform names no issuer of a security, so which securities were an unlinked issuer's
 * cannot be told while the user acts for others: those stay, for the admin to judge. With no
 * issuer left, no security can be theirs: every security link is removed. Answers the ids removed.
 */
async function unlinkSecuritiesOfNoIssuer(db: Db, userId: string): Promise<string[]> {
  const { issuerIds, securityIds } = await getLinks(db, userId);
  if (issuerIds.length > 0 || securityIds.length === 0) return [];
  await db
    .deleteFrom('user_links')
    .where('user_id', '=', userId)
    .where('kind', '=', 'security')
    .execute();
  return securityIds;
}

/**
 * Removes a link, and with the user's last issuer their security links (above), in `tx`, which
 * the caller's audit events share. Answers null when the user held no such link (nothing
 * removed, so no "unlinked" event is due), else the securities that went with it.
 */
export async function unlinkWithDependents(
  tx: Db,
  userId: string,
  kind: LinkKind,
  upstreamId: string,
): Promise<string[] | null> {
  if (!(await unlink(tx, userId, kind, upstreamId))) return null;
  return kind === 'issuer' ? unlinkSecuritiesOfNoIssuer(tx, userId) : [];
}

/**
 * The audit event of a security link that went with the user's last issuer (unlinkWithDependents),
 * whoever removed it: `details` names the user and that issuer, and how it was done.
 */
export const securityUnlinkedEvent = (
  securityId: string,
  details: { userId: string; email: string | undefined; withLastIssuer: string } & Record<
    string,
    unknown
  >,
) => ({
  action: 'user_unlinked',
  objectType: 'security',
  objectId: securityId,
  outcome: 'succeeded' as const,
  details,
});

export async function listUsers(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'role', 'demo', 'disabled', 'created_at'])
    .orderBy('email')
    .execute();
}

/** Demo users exist only on the sandbox: with a real upstream they are removed at boot. */
export async function removeDemoUsers(db: Db): Promise<number> {
  const result = await db.deleteFrom('users').where('demo', '=', true).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  demo: boolean;
  disabled: boolean;
  createdAt: Date;
  hasPassword: boolean;
  hasOidc: boolean;
  secondFactors: number;
  links: UserLinks;
}

/** What the admin Users page finds users by; every part narrows the list. */
export interface UserFind {
  /** Part of an email address or a name, in any letter case. */
  q?: string;
  role?: Role;
  state?: UserState;
  /** The roles that must enrol a second factor (MFA_REQUIRED_ROLES), for `factor_pending`. */
  mfaRequiredRoles: readonly Role[];
  limit: number;
  offset: number;
}

/**
 * One page of the users found, by email (then id, so a page never repeats or skips a user), with
 * links and second-factor count, and how many are found on every page: the admin Users page.
 */
export async function findUsers(
  db: Db,
  find: UserFind,
): Promise<{ rows: UserRow[]; total: number }> {
  const { q, role, state, mfaRequiredRoles } = find;
  const found = db.selectFrom('users as u').where((eb) => {
    const parts: Expression<SqlBool>[] = [];
    if (q) {
      // Part of an address or a name is enough ("quinn", "@demo.test"); LIKE's wildcards typed
      // are literal (backslash is PostgreSQL's escape in a LIKE pattern).
      const part = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(eb.or([eb('u.email', 'ilike', part), eb('u.name', 'ilike', part)]));
    }
    if (role) parts.push(eb('u.role', '=', role));
    const factors = eb
      .selectFrom('second_factors as f')
      .select('f.id')
      .whereRef('f.user_id', '=', 'u.id');
    const links = eb
      .selectFrom('user_links as l')
      .select('l.kind')
      .whereRef('l.user_id', '=', 'u.id');
    switch (state) {
      case 'disabled':
        parts.push(eb('u.disabled', '=', true));
        break;
      case 'factor_pending':
        // Must enrol one at the next sign-in: of a role that requires one, with none.
        parts.push(
          mfaRequiredRoles.length === 0
            ? sql<SqlBool>`false`
            : eb.and([eb('u.role', 'in', mfaRequiredRoles), eb.not(eb.exists(factors))]),
        );
        break;
      case 'linked':
        parts.push(eb.exists(links));
        break;
      case 'unlinked':
        parts.push(eb.not(eb.exists(links)));
        break;
    }
    return eb.and(parts);
  });
  const [counted, ids] = await Promise.all([
    found.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    found
      .select('u.id')
      .orderBy('u.email')
      .orderBy('u.id')
      .limit(find.limit)
      .offset(find.offset)
      .execute(),
  ]);
  const rows =
    ids.length === 0
      ? []
      : await listUsersWithDetails(
          db,
          ids.map((r) => r.id),
        );
  return { rows, total: Number(counted.n) };
}

/** Users by id (one, or a page of them), with links and second-factor count, by email. */
export async function listUsersWithDetails(
  db: Db,
  userIds: string | readonly string[],
): Promise<UserRow[]> {
  const ids = typeof userIds === 'string' ? [userIds] : userIds;
  const rows = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      'u.email',
      'u.name',
      'u.role',
      'u.demo',
      'u.disabled',
      'u.created_at',
      'u.password_hash',
      'u.oidc_subject',
      eb
        .selectFrom('second_factors as f')
        .select((f) => f.fn.countAll<string>().as('n'))
        .whereRef('f.user_id', '=', 'u.id')
        .as('factors'),
    ])
    .where('u.id', 'in', ids)
    .orderBy('u.email')
    .orderBy('u.id')
    .execute();
  const links = await db
    .selectFrom('user_links')
    .select(['user_id', 'kind', 'upstream_id'])
    .where('user_id', 'in', ids)
    .orderBy('upstream_id')
    .execute();
  return rows.map((r) => {
    const mine = links.filter((l) => l.user_id === r.id);
    const pick = (kind: LinkKind) => mine.filter((l) => l.kind === kind).map((l) => l.upstream_id);
    return {
      id: r.id,
      email: r.email,
      name: r.name,
      role: r.role,
      demo: r.demo,
      disabled: r.disabled,
      createdAt: r.created_at,
      hasPassword: r.password_hash !== NO_PASSWORD,
      hasOidc: r.oidc_subject !== null,
      secondFactors: Number(r.factors ?? 0),
      links: {
        accountIds: pick('account'),
        issuerIds: pick('issuer'),
        securityIds: pick('security'),
      },
    };
  });
}

export async function setRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
}

/** Disabled or enabled again; a disabled user's browsers are forgotten (sign-in-devices.ts). */
export async function setDisabled(db: Db, userId: string, disabled: boolean): Promise<void> {
  await db.updateTable('users').set({ disabled }).where('id', '=', userId).execute();
  if (disabled) await db.deleteFrom('sign_in_devices').where('user_id', '=', userId).execute();
}

/** The user a provider's issuer and subject sign in as. */
export async function findUserIdByOidc(db: Db, issuer: string, subject: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('oidc_issuer', '=', issuer)
    .where('oidc_subject', '=', subject)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findOidcOf(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['oidc_issuer', 'oidc_subject', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function linkOidc(db: Db, userId: string, issuer: string, subject: string) {
  await db
    .updateTable('users')
    .set({ oidc_issuer: issuer, oidc_subject: subject })
    .where('id', '=', userId)
    .execute();
}
