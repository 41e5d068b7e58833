import net from 'node:net';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../__tests__/harness';
import { pgPoolOf } from './auth-epoch';
import { openStore, type Db } from './db';

/*
 * A PostgreSQL server that freezes (every process stopped: connections stay open, nothing is
 * answered) must cost a person one statement timeout, not more, and must leave no connection in
 * the pool that waits for it. The server is reached through a relay that stops forwarding, as a
 * frozen server stops reading; pg's own wait (query_timeout) runs on fake timers. Runs when
 * TEST_DATABASE_URL names a PostgreSQL server (scripts/postgres.sh start).
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);
const timeouts = { connectMs: 1_000, statementMs: 2_000, idleMs: 60_000 };
/** pg's wait for an answer: the statement timeout and a second (db.ts). */
const queryTimeoutMs = timeouts.statementMs + 1_000;

/** A relay to the server that holds what it is sent while frozen, as a stopped server's socket does. */
function relayTo(target: URL) {
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  let onHeld = () => {};
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.on('data', (chunk) => {
      if (!frozen) return void outbound.write(chunk);
      held.push(() => outbound.write(chunk));
      onHeld();
    });
    outbound.on('data', (chunk) => inbound.write(chunk));
  });
  return {
    url: async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String((server.address() as net.AddressInfo).port);
      return url.toString();
    },
    freeze: () => void (frozen = true),
    thaw() {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
    /** Resolves once the frozen server has been sent something (a statement it will not answer). */
    sentWhileFrozen: () => new Promise<void>((resolve) => (onHeld = resolve)),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let relay: ReturnType<typeof relayTo>;
let db: Db;
beforeAll(async () => {
  if (!enabled) return;
  testDb = await createTestDatabase();
  relay = relayTo(new URL(testDb!.url));
  db = await openStore({ databaseUrl: await relay.url(), dataDir: null, timeouts });
}, 60_000);
afterEach(() => {
  vi.useRealTimers();
  relay?.thaw();
});
afterAll(async () => {
  await db?.destroy();
  await relay?.close();
  await testDb?.drop();
});

/** Lets the promise callbacks and socket events already due run (no time passes). */
const settleDue = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

it.runIf(enabled)(
  'a transaction on a frozen server fails after one query timeout, and its connection leaves the pool at once',
  async () => {
    const pool = pgPoolOf(db)!;
    // One connection open and idle in the pool, as after any request.
    await db.selectFrom('users').select('id').execute();
    expect(pool.totalCount).toBe(1);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const sent = relay.sentWhileFrozen();
    let failed: unknown = null;
    // The server freezes once the transaction has begun: its first statement is not answered.
    const transaction = db
      .transaction()
      .execute((tx) => {
        relay.freeze();
        return tx.selectFrom('users').select('id').execute();
      })
      .catch((err: unknown) => void (failed = err));
    await sent;

    await vi.advanceTimersByTimeAsync(queryTimeoutMs);
    await settleDue();
    // Not a second timeout for the ROLLBACK behind the unanswered BEGIN: failed already.
    expect(String(failed)).toMatch(/Query read timeout/);
    // Destroyed, not pooled: no later request is handed a connection that waits for the server.
    expect(pool.totalCount).toBe(0);
    await transaction;

    // Thawed, the store answers on a new connection.
    vi.useRealTimers();
    relay.thaw();
    expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
  },
);
