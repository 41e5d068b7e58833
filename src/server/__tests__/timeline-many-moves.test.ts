import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundMoveViewPageSchema } from '../../contract/custody-views';
import { timelineSchema } from '../../contract/money-requests';
import { readAccountFundMoves } from '../lib/account-fund-moves';
import { fundCustodyAccount } from '../upstream/fund-custody-account';
import { call, sandboxCalls, callSandbox, signIn, startHarness, type Harness } from './harness';

/**
 * An account with more fund moves than one page of getCustodyFundMoves holds (500, real-world
 * notes §2): the timeline reads every page the platform offers (§4.3 pagination, indexes from 0,
 * endIndex inclusive), so no older move is lost without a word.
 */
let h: Harness;
let investor: string;
let accountA: string;
/** How many fund moves account A holds once seeded. */
let held: number;

beforeAll(async () => {
  h = await startHarness({ limitScale: 1000 });
  investor = await signIn(h.app, 'investor@demo.test');
  [accountA] = h.manifest.investors[0].accountIds;
  const before = fundMoveViewPageSchema.parse(
    (
      await call(h.app, 'GET', `/api/accounts/${accountA}/fund-moves?offset=0&limit=1`, {
        cookie: investor,
      })
    ).json(),
  ).totalRecords;
  // Past the first page of 500, in deposits straight at the platform (none of them the portal's).
  const extra = Math.max(0, 620 - before);
  for (let i = 0; i < extra; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, extra - i) }, (_, j) =>
        fundCustodyAccount(h.built.deps.upstream, {
          accountId: accountA,
          amount: String(1 + i + j),
          description: `seeded ${i + j}`,
        }),
      ),
    );
  }
  held = before + extra;
}, 180_000);
afterAll(() => h?.close());

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
    const last = fundMoveViewPageSchema.parse(
      (
        await call(
          h.app,
          'GET',
          `/api/accounts/${accountA}/fund-moves?offset=${held - 1}&limit=1`,
          {
            cookie: investor,
          },
        )
      ).json(),
    );
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
