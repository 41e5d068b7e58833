import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMoveViewPageSchema } from '../../contract/custody-views';
import { timelineSchema } from '../../contract/money-requests';
import { readAccountFundMoves } from '../lib/account-fund-moves';
import { fundCustodyAccount } from '../upstream/fund-custody-account';
import {
  call,
  callSandbox,
  sandboxCalls,
  signIn,
  startHarness,
  useHarness,
  type Harness,
} from './harness';

/**
 * An account with more fund moves than one page of getCustodyFundMoves holds (500, real-world
 * notes §2): the timeline reads every page the platform offers (§4.3 pagination, indexes from 0,
 * endIndex inclusive), so no older move is lost without a word; past TIMELINE_MAX_FUND_MOVES it
 * says how many of how many it shows.
 */
let investor: string;
let accountA: string;
/** How many fund moves account A holds once seeded. */
let held: number;

/** The account's fund moves by the BFF's Fund moves list, one at `offset`, with the total. */
async function fundMoveAt(harness: Harness, cookie: string, offset: number) {
  const url = `/api/accounts/${accountA}/fund-moves?offset=${offset}&limit=1`;
  return fundMoveViewPageSchema.parse((await call(harness.app, 'GET', url, { cookie })).json());
}

/**
 * Seeds account A with deposits made straight at the platform (none of them the portal's) until
 * it holds `count` fund moves, past the first page of 500; returns how many it holds.
 */
async function seed(harness: Harness, cookie: string, count: number): Promise<number> {
  const before = (await fundMoveAt(harness, cookie, 0)).totalRecords;
  const extra = Math.max(0, count - before);
  for (let i = 0; i < extra; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, extra - i) }, (_, j) =>
        fundCustodyAccount(harness.built.deps.upstream, {
          accountId: accountA,
          amount: String(1 + i + j),
          description: `seeded ${i + j}`,
        }),
      ),
    );
  }
  return before + extra;
}

const h = useHarness({ limitScale: 1000 }, 180_000);
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  [accountA] = h.manifest.investors[0].accountIds;
  held = await seed(h, investor, 620);
}, 180_000);

describe('the timeline of an account with more fund moves than a page holds', () => {
  it('lists every fund move the platform holds, the oldest included, and says nothing is left out', async () => {
    const res = await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(200);
    const timeline = timelineSchema.parse(res.json());
    // Each move is one entry, alone or as what became of a request of the register.
    const moves = new Set(timeline.entries.map((e) => e.fundMove).filter(Boolean));
    expect(moves.size).toBe(held);
    expect(timeline.fundMovesBound ?? null).toBeNull();
    // The oldest move of the account (the last of the last page, newest first) is among them.
    const last = await fundMoveAt(h, investor, held - 1);
    expect(moves.has(last.moves[0].referenceNumber)).toBe(true);
  });

  it('reads the pages after the first a few at once, each once', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, { cookie: investor });
    expect((await sandboxCalls(h.sandboxUrl)).getCustodyFundMoves).toBe(Math.ceil(held / 500));
  });
});

describe('reading an account’s fund moves page after page', () => {
  it('stops at the bound and says how many of how many it read', async () => {
    const read = await readAccountFundMoves(h.built.deps.upstream, accountA, {
      pageSize: 100,
      maxPages: 3,
    });
    expect(read).toMatchObject({ totalRecords: held, read: 300 });
    expect(read.moves.length + read.skipped.length).toBe(300);
  });

  it('reads all when the bound allows, each move once, newest first as the platform lists them', async () => {
    const read = await readAccountFundMoves(h.built.deps.upstream, accountA, {
      pageSize: 250,
      maxPages: 10,
    });
    expect(read).toMatchObject({ totalRecords: held, read: held });
    const references = read.moves.map((m) => m.referenceNumber);
    expect(new Set(references).size).toBe(references.length);
    expect(references.length + read.skipped.length).toBe(held);
  });
});

describe('the timeline of an account with more fund moves than TIMELINE_MAX_FUND_MOVES', () => {
  let bounded: Harness;
  let cookie: string;
  let total: number;
  /** Our reference of a deposit the portal made before the moves that push it past the bound. */
  let reference: string;
  beforeAll(async () => {
    bounded = await startHarness({ limitScale: 1000, env: { TIMELINE_MAX_FUND_MOVES: '500' } });
    cookie = await signIn(bounded.app, 'investor@demo.test');
    const deposit = await call(bounded.app, 'POST', `/api/accounts/${accountA}/deposits`, {
      cookie,
      body: { amount: '12.34' },
      headers: { 'idempotency-key': 'timeline-bound-deposit-0001' },
    });
    expect(deposit.statusCode).toBe(201);
    reference = deposit.json().reference;
    total = await seed(bounded, cookie, 620);
  }, 180_000);
  afterAll(() => bounded?.close());

  it('shows the latest 500, says how many of how many, and does not guess where an older deposit stands', async () => {
    const res = await call(bounded.app, 'GET', `/api/accounts/${accountA}/timeline`, { cookie });
    expect(res.statusCode).toBe(200);
    const timeline = timelineSchema.parse(res.json());
    expect(timeline.fundMovesBound).toEqual({ shown: 500, total });
    // The 500 moves read, and apart from them the portal's deposit, which names its own move.
    const read = timeline.entries.filter((e) => e.reference !== reference);
    expect(new Set(read.map((e) => e.fundMove).filter(Boolean)).size).toBe(500);
    // The portal's deposit is older than the 500 moves read: its move is not among them.
    const deposit = timeline.entries.find((e) => e.reference === reference);
    expect(deposit?.state).toBe(
      'Accepted by the platform. Its fund move may be among the older ones not read here, so where it stands is not known here.',
    );
  });
});
