import type { Role } from '../contract/session';
import type { Db } from './store/db';
import {
  createUser,
  hashPassword,
  link,
  normalizeEmail,
  passwordMatches,
  setPasswordHash,
} from './store/users';
import type { LinkKind } from './store/schema';

/**
 * The five demo sign-ins of sandbox mode, linked to the sandbox's seed data as its manifest
 * (`GET /__sandbox/manifest`) describes it. They never exist with a real upstream.
 */
export interface SandboxManifest {
  investors: { name?: string; accountIds: string[] }[];
  issuers: { issuerId: string; name?: string; offeringIds?: string[]; securityIds?: string[] }[];
}

export interface DemoUser {
  email: string;
  name: string;
  role: Role;
  links: { kind: LinkKind; id: string }[];
}

function demoUsers(manifest: SandboxManifest): DemoUser[] {
  const [first, second] = manifest.investors;
  const [issuer] = manifest.issuers;
  if (!first || !second || !issuer) {
    throw new Error('The sandbox manifest names fewer than two investors or no issuer');
  }
  return [
    {
      email: 'investor@demo.test',
      name: first.name ?? 'Demo Investor',
      role: 'investor',
      links: first.accountIds.map((id) => ({ kind: 'account', id })),
    },
    {
      email: 'investor2@demo.test',
      name: second.name ?? 'Second Demo Investor',
      role: 'investor',
      links: second.accountIds.map((id) => ({ kind: 'account', id })),
    },
    {
      email: 'issuer@demo.test',
      name: `${issuer.name ?? 'Demo issuer'} staff`,
      role: 'issuer_staff',
      links: [
        { kind: 'issuer', id: issuer.issuerId },
        ...(issuer.securityIds ?? []).map((id) => ({ kind: 'security' as const, id })),
      ],
    },
    {
      email: 'compliance@demo.test',
      name: 'Demo Compliance Reviewer',
      role: 'compliance',
      links: [],
    },
    { email: 'admin@demo.test', name: 'Demo Administrator', role: 'admin', links: [] },
  ];
}

type Id = string | number;

/** Reads the manifest; ids come back as strings whatever JSON type the sandbox used. */
export async function fetchManifest(sandboxUrl: string): Promise<SandboxManifest> {
  const res = await fetch(`${sandboxUrl}/__sandbox/manifest`);
  if (!res.ok) throw new Error(`The sandbox manifest answered HTTP ${res.status}`);
  const raw = (await res.json()) as {
    investors: { name?: string; accountIds: Id[] }[];
    issuers: { issuerId: Id; name?: string; offeringIds?: Id[]; securityIds?: Id[] }[];
  };
  const strings = (ids: Id[] | undefined) => (ids ?? []).map(String);
  return {
    investors: raw.investors.map((i) => ({ name: i.name, accountIds: strings(i.accountIds) })),
    issuers: raw.issuers.map((i) => ({
      issuerId: String(i.issuerId),
      name: i.name,
      offeringIds: strings(i.offeringIds),
      securityIds: strings(i.securityIds),
    })),
  };
}

/**
 * Creates or refreshes the demo users: password from DEMO_PASSWORD, links as the manifest says.
 * The five share one argon2 hash (they share the password): a start pays for one hash, or for one
 * verification when DEMO_PASSWORD is unchanged since the last start, instead of five hashes.
 * What already matches (the hash, a user's links) is left as it is: a restart with the same
 * password and manifest reads the users and their links and writes nothing.
 */
export async function seedDemoUsers(db: Db, manifest: SandboxManifest, password: string) {
  const users = demoUsers(manifest);
  const stored = await storedDemoUsers(
    db,
    users.map((u) => normalizeEmail(u.email)),
  );
  const hash = await demoPasswordHash([...stored.values()], users.length, password);
  await Promise.all(
    users.map(async (u) => {
      const existing = stored.get(normalizeEmail(u.email));
      let id: string;
      if (existing) {
        id = existing.id;
        if (existing.password_hash !== hash) await setPasswordHash(db, id, hash);
      } else {
        id = await createUser(db, {
          email: u.email,
          name: u.name,
          role: u.role,
          password,
          passwordHash: hash,
          demo: true,
        });
      }
      const wanted = new Set(u.links.map((l) => linkKey(l.kind, l.id)));
      const held = existing?.links ?? new Set<string>();
      if (held.size === wanted.size && [...wanted].every((key) => held.has(key))) return;
      await db.deleteFrom('user_links').where('user_id', '=', id).execute();
      for (const l of u.links) await link(db, id, l.kind, l.id);
    }),
  );
  return users;
}

interface StoredDemoUser {
  id: string;
  password_hash: string;
  /** The user's links as `linkKey` writes them. */
  links: Set<string>;
}

/** The demo users already stored, by email, with their links: one read. */
async function storedDemoUsers(db: Db, emails: string[]): Promise<Map<string, StoredDemoUser>> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('user_links as l', 'l.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.password_hash', 'l.kind', 'l.upstream_id'])
    .where('u.email', 'in', emails)
    .execute();
  const stored = new Map<string, StoredDemoUser>();
  for (const row of rows) {
    const user = stored.get(row.email) ?? {
      id: row.id,
      password_hash: row.password_hash,
      links: new Set<string>(),
    };
    if (row.kind !== null && row.upstream_id !== null) {
      user.links.add(linkKey(row.kind, row.upstream_id));
    }
    stored.set(row.email, user);
  }
  return stored;
}

const linkKey = (kind: string, id: string) => `${kind}:${id}`;

/** The hash the demo users already share when it still matches `password`, else a new one. */
async function demoPasswordHash(
  stored: { password_hash: string }[],
  userCount: number,
  password: string,
): Promise<string> {
  const shared = new Set(stored.map((r) => r.password_hash));
  const [current] = shared;
  if (stored.length === userCount && shared.size === 1 && current) {
    if (await passwordMatches(current, password)) return current;
  }
  return hashPassword(password);
}
