import argon2 from 'argon2';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../__tests__/harness';
import { openStore, type Db } from './db';
import { createUser, verifyCredentials } from './users';

/** On PostgreSQL with TEST_DATABASE_URL (scripts/postgres.sh start), else on embedded PGlite. */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = await openStore({ databaseUrl: testDb?.url, dataDir: null });
  await createUser(db, {
    email: 'with-password@example.test',
    name: 'With Password',
    role: 'investor',
    password: 'a-password-of-their-own',
  });
  // Created for single sign-on only: no password of the portal's.
  await createUser(db, {
    email: 'provider-only@example.test',
    name: 'Provider Only',
    role: 'compliance',
    password: '',
    oidc: { issuer: 'https://idp.example.test', subject: 'subject-1' },
  });
}, 60_000);
afterAll(async () => {
  await db?.destroy();
  await testDb?.drop();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a password sign-in takes the same work whoever the email is', () => {
  // The time an answer takes is argon2's: an answer that skipped it would tell an attacker which
  // emails are users, and which of them sign in only through single sign-on.
  it.each([
    ['a user with a password, the wrong one', 'with-password@example.test'],
    ['an email nobody has', 'nobody@example.test'],
    ['a user who signs in only through single sign-on', 'provider-only@example.test'],
  ])('%s: refused after one argon2 verification', async (_who, email) => {
    const verify = vi.spyOn(argon2, 'verify');
    expect(await verifyCredentials(db, email, 'not-the-password')).toBeNull();
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('the right password signs its user in', async () => {
    expect(
      await verifyCredentials(db, 'with-password@example.test', 'a-password-of-their-own'),
    ).toMatchObject({ email: 'with-password@example.test', role: 'investor', disabled: false });
  });
});
