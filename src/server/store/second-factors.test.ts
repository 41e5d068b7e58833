import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStore } from '../__tests__/harness';
import type { Db } from './db';
import { listFactors, removeFactorKeepingOne } from './second-factors';
import { createUser } from './users';

/** On PostgreSQL with TEST_DATABASE_URL (scripts/postgres.sh start), else on embedded PGlite. */
const store = useTestStore();
let db: Db;
beforeAll(() => {
  db = store.db;
});

/** A reviewer with two authenticator apps (the secrets are never read here). */
async function reviewerWithTwoFactors(email: string) {
  const userId = await createUser(db, { email, name: 'Two', role: 'compliance', password: '' });
  const ids = [randomUUID(), randomUUID()];
  for (const id of ids) {
    await db
      .insertInto('second_factors')
      .values({ id, user_id: userId, kind: 'totp', label: id, totp_secret: 'sealed', last_step: 0 })
      .execute();
  }
  return { userId, ids };
}

describe('removing second factors of a role that needs one', () => {
  it('two removals sent together, each of another factor, leave one: the second is refused as the last', async () => {
    const { userId, ids } = await reviewerWithTwoFactors('two-at-once@example.test');
    const results = await Promise.all(
      ids.map((id) => removeFactorKeepingOne(db, userId, id, true)),
    );
    expect(results.sort()).toEqual(['last', 'removed']);
    expect(await listFactors(db, userId)).toHaveLength(1);
  });

  it('removes the last one when the role needs none, and answers not_found for one not theirs', async () => {
    const { userId, ids } = await reviewerWithTwoFactors('needs-none@example.test');
    expect(await removeFactorKeepingOne(db, userId, randomUUID(), false)).toBe('not_found');
    for (const id of ids)
      expect(await removeFactorKeepingOne(db, userId, id, false)).toBe('removed');
    expect(await listFactors(db, userId)).toEqual([]);
  });
});
