import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
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
  password: string;
  demo?: boolean;
}

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
      password_hash: await hashPassword(user.password),
      demo: user.demo ?? false,
    })
    .execute();
  return id;
}

export async function setPassword(db: Db, userId: string, password: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', userId)
    .execute();
}

/** Returns the user id when the email and password match an enabled user. */
export async function verifyCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'disabled'])
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  if (!row) {
    decoyHash ??= hashPassword('decoy-password-never-matches');
    await argon2.verify(await decoyHash, password).catch(() => false);
    return null;
  }
  const ok = await argon2.verify(row.password_hash, password).catch(() => false);
  return ok && !row.disabled ? row.id : null;
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

export async function link(db: Db, userId: string, kind: LinkKind, upstreamId: string) {
  await db
    .insertInto('user_links')
    .values({ user_id: userId, kind, upstream_id: upstreamId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function unlink(db: Db, userId: string, kind: LinkKind, upstreamId: string) {
  await db
    .deleteFrom('user_links')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('upstream_id', '=', upstreamId)
    .execute();
}

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
