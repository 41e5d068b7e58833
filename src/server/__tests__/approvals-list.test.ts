import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, holdForApproval } from '../store/approvals';
import { call, signIn, startHarness, type Harness } from './harness';

/**
 * The approvals page's list with many held: those waiting are a queue (the longest wait first),
 * apart from those decided (the latest first); each says how many it holds in all and is paged,
 * so nothing is cut off at a fixed number.
 */
let h: Harness;
let accountA: string;
let accountB: string;
const waitingIds: string[] = [];
/** Those waiting on the second investor's account B. */
const waitingOnB: string[] = [];

beforeAll(async () => {
  h = await startHarness();
  [accountA] = h.manifest.investors[0].accountIds;
  [accountB] = h.manifest.investors[1].accountIds;
  const maker = { id: 'u-maker', email: 'investor@demo.test' };
  const checker = { id: 'u-checker', email: 'admin@demo.test' };
  const start = Date.parse('2026-11-20T10:00:00Z');
  // 34 held, a minute apart, on two investors' accounts; the 3rd, 4th and 5th are then decided.
  for (let i = 0; i < 34; i++) {
    const held = await holdForApproval(
      h.db,
      {
        accountId: i % 4 === 3 ? accountB : accountA,
        maker,
        amount: String(1001 + i),
        type: 'ach',
        request: {},
        moneyReference: null,
      },
      new Date(start + i * 60_000),
    );
    if (i >= 2 && i <= 4) {
      await decide(h.db, held.id, checker, 'rejected', new Date(start + (40 - i) * 60_000), 'x');
    } else {
      waitingIds.push(held.id);
      if (held.accountId === accountB) waitingOnB.push(held.id);
    }
  }
}, 120_000);
afterAll(() => h?.close());

type Section = { approvals: { id: string; amount: string }[]; total: number; offset: number };
const list = async (cookie: string, query = '') => {
  const res = await call(h.app, 'GET', `/api/disbursement-approvals${query}`, { cookie });
  expect(res.statusCode).toBe(200);
  return res.json() as { waiting: Section; decided: Section };
};

describe('the approvals list with many held', () => {
  it('gives the waiting oldest first and the decided latest first, each with its total and paged', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const first = await list(compliance, '?limit=10');
    expect(first.waiting).toMatchObject({ total: 31, offset: 0, limit: 10 });
    expect(first.waiting.approvals.map((a) => a.id)).toEqual(waitingIds.slice(0, 10));
    // Decided the latest first: the 3rd was decided last (+38 min), the 5th first (+36 min).
    expect(first.decided).toMatchObject({ total: 3, offset: 0, limit: 10 });
    expect(first.decided.approvals.map((a) => a.amount)).toEqual(['1003', '1004', '1005']);

    // The last page of the queue holds the one held last; none is left out.
    const last = await list(compliance, '?limit=10&waitingOffset=30');
    expect(last.waiting.approvals.map((a) => a.id)).toEqual(waitingIds.slice(30));
    expect(last.waiting).toMatchObject({ total: 31, offset: 30 });

    // 50 by default: all 31 in one page.
    expect((await list(compliance)).waiting.approvals).toHaveLength(31);
  });

  it('counts for an investor only the requests of their own accounts', async () => {
    const theirs = await list(await signIn(h.app, 'investor2@demo.test'));
    expect(theirs.waiting.total).toBe(waitingOnB.length);
    expect(theirs.waiting.approvals.map((a) => a.id)).toEqual(waitingOnB);
    expect(theirs.decided.total).toBe(1);
  });

  it('refuses a slice larger than 200, naming the limit', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const res = await call(h.app, 'GET', '/api/disbursement-approvals?limit=500', {
      cookie: compliance,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('limit must be at most 200');
  });
});
