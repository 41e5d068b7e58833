import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../__tests__/harness';
import {
  approvedSendingOf,
  decide,
  endSendsOfStoppedProcess,
  getApproval,
  holdForApproval,
  sendsCutOff,
} from './approvals';
import { openStore, type Db } from './db';
import { claim, endClaimsOfStoppedInstances } from './idempotency';
import { announcePresence, liveInstances, type Presence } from './instances';
import { getMoneyRequest } from './money-requests';

/**
 * Two instances of the portal on one store, as behind a load balancer: on PostgreSQL
 * (TEST_DATABASE_URL, scripts/postgres.sh start) two pools on one database, on PGlite one store
 * in this process. An approval, or an ordinary money request, one of them was sending reads
 * "being sent" on the other while its instance lives, and "outcome unknown" as soon as it is
 * gone, not once the in-flight window (upstream timeout plus claim lease) has passed.
 */
describe(`approvals and money requests being sent by an instance that is gone (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: Db;
  let b: Db;
  let presenceOfB: Presence;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    a = await openStore({ databaseUrl: testDb?.url, dataDir: null });
    b = testDb ? await openStore({ databaseUrl: testDb.url, dataDir: null }) : a;
    await announcePresence(a, 'instance-a');
    presenceOfB = await announcePresence(b, 'instance-b');
  }, 60_000);
  afterAll(async () => {
    await a?.destroy();
    if (b !== a) await b?.destroy();
    await testDb?.drop();
  });

  let n = 0;
  /** An approval that `owner` approved a second ago and is sending. */
  const sendingBy = async (db: Db, owner: string) => {
    n += 1;
    const held = await holdForApproval(db, {
      accountId: 'A1040000',
      maker: { id: 'u-maker', email: 'investor@demo.test' },
      amount: '5000',
      type: 'ach',
      request: {},
      moneyReference: `PR-OWNER-${n}`,
    });
    const approved = await decide(
      db,
      held.id,
      { id: 'u-checker', email: 'admin@demo.test' },
      'sending',
      new Date(Date.now() - 1_000),
      undefined,
      owner,
    );
    expect(approved).toMatchObject({ state: 'sending', sendingOwner: owner });
    return approved!;
  };

  /**
   * The server lists a session until its backend has exited, a moment after the client's goodbye:
   * read again until `instance` is no longer listed (queries, no timer).
   */
  const untilGone = async (db: Db, instance: string) => {
    for (let reads = 0; reads < 10_000; reads++) {
      if (!(await liveInstances(db, [instance])).has(instance)) return;
    }
    throw new Error(`${instance} is still listed`);
  };

  it('one being sent by a live instance reads "being sent" on the other; one whose instance is gone does not', async () => {
    const live = await sendingBy(b, 'instance-b');
    const gone = await sendingBy(b, 'instance-never-started');
    expect(await sendsCutOff(a, [live, gone])).toEqual(new Set([gone.id]));
    const sending = await approvedSendingOf(a, ['PR-OWNER-1', 'PR-OWNER-2']);
    expect([...sending.keys()]).toEqual(['PR-OWNER-1']);
  });

  it('once its instance is gone, the other reads it as cut off at once, and stores it so at start-up', async () => {
    const sent = await sendingBy(b, 'instance-b');
    const own = await sendingBy(a, 'instance-a');
    expect(await sendsCutOff(a, [sent, own])).toEqual(new Set());

    await presenceOfB.close();
    await untilGone(a, 'instance-b');
    expect(await sendsCutOff(a, [sent, own])).toEqual(new Set([sent.id]));
    expect((await approvedSendingOf(a, [sent.moneyReference!])).size).toBe(0);

    // The start-up step of an instance (server.ts) stores what it reads; a live one's is left.
    const ended = await endSendsOfStoppedProcess(a, (ref) => ({ message: `cut off: ${ref}` }));
    expect(ended).toBeGreaterThanOrEqual(1);
    expect(await getApproval(a, sent.id)).toMatchObject({
      state: 'unknown',
      outcome: { message: `cut off: ${sent.moneyReference}` },
    });
    expect(await getApproval(a, own.id)).toMatchObject({ state: 'sending' });
  });

  it('an ordinary money request of an instance that is gone reads "outcome unknown" at once, not after its lease', async () => {
    const killed = await announcePresence(b, 'instance-killed');
    const scope = {
      userId: 'u-investor',
      route: 'POST /api/accounts/:accountId/disbursements',
      key: 'killed-mid-call-0001',
      requestHash: 'h',
    };
    const t0 = new Date();
    const first = await claim(b, scope, {
      instanceId: 'instance-killed',
      leaseMs: 15_000,
      money: { kind: 'disbursement', accountId: 'A1040000', amount: '25' },
      now: () => t0,
    });
    if (first.kind !== 'claimed') throw new Error(`claimed expected, got ${first.kind}`);
    // While its instance lives, the other leaves it being sent: a duplicate is in progress.
    const later = () => new Date(t0.getTime() + 1_000);
    expect(await endClaimsOfStoppedInstances(a, { self: 'instance-a', now: later() })).toBe(0);
    const duplicate = await claim(a, scope, {
      instanceId: 'instance-a',
      leaseMs: 15_000,
      waitMs: 0,
      now: later,
    });
    expect(duplicate.kind).toBe('in_progress');

    await killed.close();
    await untilGone(a, 'instance-killed');
    // A second after the claim, 14 s of its lease left: ended on the other instance all the same.
    expect(await endClaimsOfStoppedInstances(a, { self: 'instance-a', now: later() })).toBe(1);
    expect(await getMoneyRequest(a, first.reference!)).toMatchObject({
      outcome: 'unknown',
      settledVia: 'lease_expired',
    });
  });

  it('one approved before owners were kept waits out the in-flight window as before', async () => {
    const legacy = await sendingBy(a, 'instance-a');
    const unowned = { ...legacy, sendingOwner: null };
    expect(await sendsCutOff(a, [unowned])).toEqual(new Set());
  });
});
