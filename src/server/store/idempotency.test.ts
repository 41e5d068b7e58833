import { describe, expect, it } from 'vitest';
import { useTestStore } from '../__tests__/harness';
import { claim, complete } from './idempotency';

/** On PostgreSQL with TEST_DATABASE_URL (scripts/postgres.sh start), else on embedded PGlite. */
const store = useTestStore();

describe('a key whose record was written under the hash before additionalTo was left out', () => {
  const scope = {
    userId: 'u-former',
    route: 'POST /api/accounts/:accountId/deposits',
    key: 'former-hash-0001',
  };
  const options = { instanceId: 'instance-a', leaseMs: 15_000, waitMs: 0 };

  it('is the same request for a retry that gives that hash as its former one, and another without', async () => {
    const first = await claim(store.db, { ...scope, requestHash: 'whole-body' }, options);
    expect(first.kind).toBe('claimed');
    await complete(
      store.db,
      { ...scope, requestHash: 'whole-body' },
      { state: 'done', status: 201, body: { sent: true } },
    );
    // The same request, hashed now without its acknowledgement: replayed, never "another request".
    expect(
      await claim(
        store.db,
        { ...scope, requestHash: 'without-acknowledgement', formerHash: 'whole-body' },
        options,
      ),
    ).toMatchObject({ kind: 'replay', status: 201, body: { sent: true } });
    expect(
      await claim(store.db, { ...scope, requestHash: 'without-acknowledgement' }, options),
    ).toEqual({ kind: 'mismatch' });
  });
});
