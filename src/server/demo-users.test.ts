import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Db } from './store/db';
import { seedDemoUsers, type SandboxManifest } from './demo-users';
import { verifyCredentials } from './store/users';

const manifest: SandboxManifest = {
  investors: [
    { name: 'Avery Quinn', accountIds: ['A1'] },
    { name: 'Blake Rivera', accountIds: ['A2'] },
  ],
  issuers: [{ issuerId: '7', name: 'Aspen', offeringIds: ['O1'], securityIds: ['S1'] }],
};

const hashes = (db: Db) =>
  db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('demo', '=', true)
    .orderBy('email')
    .execute();

describe('demo sign-ins in sandbox mode', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openStore({ dataDir: null });
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('a restart with the same DEMO_PASSWORD keeps the stored hash; a new one replaces it', async () => {
    await seedDemoUsers(db, manifest, 'first-demo-password');
    const first = await hashes(db);
    expect(first).toHaveLength(5);
    expect(
      await verifyCredentials(db, 'investor2@demo.test', 'first-demo-password'),
    ).not.toBeNull();

    // Restart with the same password: nothing is hashed again, every user keeps the same hash.
    await seedDemoUsers(db, manifest, 'first-demo-password');
    expect(await hashes(db)).toEqual(first);

    // DEMO_PASSWORD changed: the old password no longer signs anyone in, the new one does.
    await seedDemoUsers(db, manifest, 'second-demo-password');
    const second = await hashes(db);
    expect(second.map((r) => r.password_hash)).not.toContain(first[0].password_hash);
    for (const { email } of second) {
      expect(await verifyCredentials(db, email, 'first-demo-password')).toBeNull();
      expect(await verifyCredentials(db, email, 'second-demo-password')).not.toBeNull();
    }
  });

  it('a restart with the same password and manifest writes nothing; a changed manifest relinks', async () => {
    await seedDemoUsers(db, manifest, 'third-demo-password');
    // A row's ctid changes with every write of it (an update or a delete and insert): unchanged,
    // nothing was written.
    const rowVersions = async () => ({
      users: (
        await sql<{ ctid: string }>`select ctid::text from users where demo order by email`.execute(
          db,
        )
      ).rows,
      links: (
        await sql<{
          ctid: string;
        }>`select ctid::text from user_links order by user_id, kind, upstream_id`.execute(db)
      ).rows,
    });
    const before = await rowVersions();
    await seedDemoUsers(db, manifest, 'third-demo-password');
    expect(await rowVersions()).toEqual(before);

    const [first, second] = manifest.investors;
    await seedDemoUsers(
      db,
      { ...manifest, investors: [first, { ...second, accountIds: ['A2', 'A3'] }] },
      'third-demo-password',
    );
    const links = await db
      .selectFrom('user_links')
      .innerJoin('users', 'users.id', 'user_links.user_id')
      .select(['users.email', 'user_links.upstream_id'])
      .where('users.email', '=', 'investor2@demo.test')
      .orderBy('user_links.upstream_id')
      .execute();
    expect(links.map((l) => l.upstream_id)).toEqual(['A2', 'A3']);
    expect(
      await verifyCredentials(db, 'investor2@demo.test', 'third-demo-password'),
    ).not.toBeNull();
  });
});
