import { beforeAll, describe, expect, it } from 'vitest';
import { ownStandingRequestsSchema } from '../../contract/money-requests';
import { call, openedRequest, signIn, useHarness } from './harness';

/*
 * My investments lists the signed-in investor's investments that still stand without a trade
 * (being sent, or of unknown outcome: §4.16 createTrade may have created one whose answer was
 * lost), read across their own accounts only.
 */
describe("GET /api/money-requests?standing=true (an investor's own standing requests)", () => {
  const h = useHarness();
  let investor: string;
  let investor2: string;
  const refs: Record<string, string> = {};

  /** A register row as the BFF opens one before sending, left in `outcome`. */
  async function row(
    email: string,
    accountId: string,
    kind: 'investment' | 'deposit',
    outcome: 'pending' | 'unknown' | 'created' | 'not_sent',
    settled?: { via: 'manual' | 'reconciliation' | 'response'; at: Date },
  ): Promise<string> {
    const { id } = await h.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const reference = await openedRequest(
      h.db,
      {
        userId: id,
        route: 'test',
        key: `${accountId}-${kind}-${outcome}-${settled?.at.getTime() ?? 0}`,
      },
      { kind, accountId, amount: '40.00', offeringId: kind === 'investment' ? '77' : null },
      new Date('2026-11-29T11:33:00Z'),
    );
    await h.db
      .updateTable('money_requests')
      .set({
        outcome,
        ...(settled ? { settled_via: settled.via, settled_at: settled.at, settled_by: id } : {}),
      })
      .where('reference', '=', reference)
      .execute();
    return reference;
  }

  beforeAll(async () => {
    investor = await signIn(h.app, 'investor@demo.test');
    investor2 = await signIn(h.app, 'investor2@demo.test');
    const [first, second] = h.manifest.investors[0].accountIds;
    const [other] = h.manifest.investors[1].accountIds;
    refs.unknown = await row('investor@demo.test', first, 'investment', 'unknown');
    refs.pending = await row('investor@demo.test', second, 'investment', 'pending');
    refs.created = await row('investor@demo.test', first, 'investment', 'created');
    refs.deposit = await row('investor@demo.test', first, 'deposit', 'unknown');
    refs.others = await row('investor2@demo.test', other, 'investment', 'unknown');
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    refs.settledByHand = await row('investor@demo.test', first, 'investment', 'not_sent', {
      via: 'manual',
      at: daysAgo(1),
    });
    refs.settledLongAgo = await row('investor@demo.test', first, 'investment', 'not_sent', {
      via: 'manual',
      at: daysAgo(8),
    });
    refs.answered = await row('investor@demo.test', second, 'investment', 'created', {
      via: 'response',
      at: daysAgo(1),
    });
    refs.othersSettled = await row('investor2@demo.test', other, 'investment', 'created', {
      via: 'reconciliation',
      at: daysAgo(1),
    });
  });

  const read = async (cookie: string, query = 'kind=investment&standing=true') => {
    const res = await call(h.app, 'GET', `/api/money-requests?${query}`, { cookie });
    expect(res.statusCode).toBe(200);
    return ownStandingRequestsSchema.parse(res.json());
  };

  it("lists the investor's own investments being sent or of unknown outcome, across their accounts", async () => {
    const page = await read(investor);
    expect(page.requests.map((r) => r.reference).sort()).toEqual(
      [refs.unknown, refs.pending].sort(),
    );
    expect(page.total).toBe(2);
    // An investor's view names no person (toView: only reviewers are shown who sent it).
    expect(page.requests[0]).not.toHaveProperty('userEmail');
  });

  it('names those a reviewer or reconciliation settled in the last 7 days, where they stood; not those the platform answered', async () => {
    const page = await read(investor);
    expect(page.recentlyEnded.map((r) => r.reference)).toEqual([refs.settledByHand]);
    expect(page.recentlyEnded[0]).toMatchObject({ outcome: 'not_sent', settledBy: 'reviewer' });
  });

  it("never lists another investor's requests", async () => {
    const page = await read(investor2);
    expect(page.requests.map((r) => r.reference)).toEqual([refs.others]);
    expect(page.recentlyEnded.map((r) => r.reference)).toEqual([refs.othersSettled]);
    expect(JSON.stringify(page)).not.toContain(refs.unknown);
    expect(JSON.stringify(page)).not.toContain(refs.settledByHand);
  });

  it('is refused to a reviewer and without standing=true', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const denied = await call(h.app, 'GET', '/api/money-requests?standing=true', {
      cookie: compliance,
    });
    expect(denied.statusCode).toBe(403);
    const bad = await call(h.app, 'GET', '/api/money-requests?kind=investment', {
      cookie: investor,
    });
    expect(bad.statusCode).toBe(400);
  });
});
