import type { Role } from '../contract/session';
import type { Db } from './store/db';
import {
  createUser,
  findUserIdByEmail,
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
 */
export async function seedDemoUsers(db: Db, manifest: SandboxManifest, password: string) {
  const users = demoUsers(manifest);
  const hash = await demoPasswordHash(
    db,
    users.map((u) => u.email),
    password,
  );
  await Promise.all(
    users.map(async (u) => {
      let id = await findUserIdByEmail(db, u.email);
      if (id) await setPasswordHash(db, id, hash);
      else
        id = await createUser(db, {
          email: u.email,
          name: u.name,
          role: u.role,
          password,
          passwordHash: hash,
          demo: true,
        });
      await db.deleteFrom('user_links').where('user_id', '=', id).execute();
      for (const l of u.links) await link(db, id, l.kind, l.id);
    }),
  );
  return users;
}

/** The hash the demo users already share when it still matches `password`, else a new one. */
async function demoPasswordHash(db: Db, emails: string[], password: string): Promise<string> {
  const rows = await db
    .selectFrom('users')
    .select('password_hash')
    .where('email', 'in', emails.map(normalizeEmail))
    .execute();
  const shared = new Set(rows.map((r) => r.password_hash));
  const [current] = shared;
  if (rows.length === emails.length && shared.size === 1 && current) {
    if (await passwordMatches(current, password)) return current;
  }
  return hashPassword(password);
}
