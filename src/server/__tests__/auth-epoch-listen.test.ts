import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openAuthEpoch, type ListenedEpoch, type ListenOptions } from '../store/auth-epoch';
import { openStore, type Db } from '../store/db';
import { createTestDatabase } from './harness';

/*
 * The auth epoch of a PostgreSQL store, kept in memory from the server's notifications. It is
 * trusted only while the listening connection is confirmed; otherwise every request reads it, as
 * every request did before there was a listener. `other` stands for another instance: its changes
 * reach this one only through the server. Runs when TEST_DATABASE_URL names a server.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!enabled)('the auth epoch on a PostgreSQL server', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let other: Db;
  const opened: ListenedEpoch[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openStore({ databaseUrl: testDb!.url, dataDir: null });
    other = await openStore({ databaseUrl: testDb!.url, dataDir: null });
  });
  afterEach(async () => {
    for (const epoch of opened.splice(0)) await epoch.close();
  });
  afterAll(async () => {
    await db?.destroy();
    await other?.destroy();
    await testDb?.drop();
  });

  async function listened(options?: ListenOptions): Promise<ListenedEpoch> {
    const epoch = (await openAuthEpoch(db, options)) as ListenedEpoch;
    opened.push(epoch);
    return epoch;
  }

  /** A change that ends sessions, made by the other instance (the trigger fires per statement). */
  async function changeElsewhere(): Promise<void> {
    await sql`delete from sessions where false`.execute(other);
  }

  async function epochInStore(): Promise<number> {
    const { rows } = await sql<{ epoch: string }>`select epoch from auth_epoch`.execute(other);
    return Number(rows[0].epoch);
  }

  it('is known without a query while it listens, and follows the other instance by notification', async () => {
    const epoch = await listened();
    const before = epoch.current();
    expect(typeof before).toBe('number');
    await changeElsewhere();
    await epoch.caughtUp();
    const after = epoch.current();
    expect(after).toBe((before as number) + 1);
    expect(after).toBe(await epochInStore());
  });

  it('with its connection lost, each request reads the epoch, and sees a change made meanwhile', async () => {
    const epoch = await listened({ scheduleRetry: () => {} });
    epoch.dropConnection();
    await changeElsewhere();
    const read = epoch.current();
    expect(read).toBeInstanceOf(Promise);
    expect(await read).toBe(await epochInStore());
    // Still not listening: the next request reads again.
    expect(epoch.current()).toBeInstanceOf(Promise);
  });

  it('trusts memory again only once it listens again and has read the epoch after that', async () => {
    let listenAgain: (() => void) | null = null;
    const epoch = await listened({ scheduleRetry: (listen) => (listenAgain = listen) });
    epoch.dropConnection();
    // Changed while nobody listened: no notification will ever tell of it.
    await changeElsewhere();
    expect(listenAgain).not.toBeNull();
    listenAgain!();
    await epoch.whenListening();
    expect(epoch.current()).toBe(await epochInStore());
  });

  it('a connection whose heartbeat is overdue is not trusted', async () => {
    let now = Date.now();
    const epoch = await listened({ heartbeatMs: 60_000, now: () => now });
    expect(typeof epoch.current()).toBe('number');
    now += 3 * 60_000;
    expect(epoch.current()).toBeInstanceOf(Promise);
  });

  it('after a request of this instance that may have changed sessions, the next one reads instead of awaiting the notification', async () => {
    const epoch = await listened();
    epoch.changedHere();
    const read = epoch.current();
    expect(read).toBeInstanceOf(Promise);
    await read;
    expect(typeof epoch.current()).toBe('number');
  });
});
