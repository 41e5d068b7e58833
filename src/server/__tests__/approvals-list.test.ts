import { beforeAll, describe, expect, it } from 'vitest';
import { decide, holdForApproval } from '../store/approvals';
import { recordFundMovesFound } from '../store/money-requests';
import { call, openedRequest, signIn, useHarness, type Harness } from './harness';

/**
 * The approvals page's list with many held: those waiting are a queue (the longest wait first),
 * apart from those decided (the latest first); each says how many it holds in all and is paged,
 * so nothing is cut off at a fixed number.
 */

/**
 * A harness of the describe block's own with 34 approvals held, a minute apart, on two investors'
 * accounts, the 3rd, 4th and 5th then decided: what one block holds besides is never counted in
 * another's list.
 */
function useHeldApprovals() {
  const h = useHarness({}, 120_000);
  const held = {
    accountA: '',
    accountB: '',
    waitingIds: [] as string[],
    /** Those waiting on the second investor's account B. */
    waitingOnB: [] as string[],
  };
  beforeAll(async () => {
    [held.accountA] = h.manifest.investors[0].accountIds;
    [held.accountB] = h.manifest.investors[1].accountIds;
    const maker = { id: 'u-maker', email: 'investor@demo.test' };
    const checker = { id: 'u-checker', email: 'admin@demo.test' };
    const start = Date.parse('2026-11-20T10:00:00Z');
    for (let i = 0; i < 34; i++) {
      const approval = await holdForApproval(
        h.db,
        {
          accountId: i % 4 === 3 ? held.accountB : held.accountA,
          maker,
          amount: String(1001 + i),
          type: 'ach',
          request: {},
          moneyReference: null,
        },
        new Date(start + i * 60_000),
      );
      if (i >= 2 && i <= 4) {
        await decide(
          h.db,
          approval.id,
          checker,
          'rejected',
          new Date(start + (40 - i) * 60_000),
          'x',
        );
      } else {
        held.waitingIds.push(approval.id);
        if (approval.accountId === held.accountB) held.waitingOnB.push(approval.id);
      }
    }
  }, 120_000);
  return { h, held };
}

type Section = { approvals: { id: string; amount: string }[]; total: number; offset: number };
/** The approvals list as `h`'s BFF answers it. */
const lister =
  (h: Harness) =>
  async (cookie: string, query = '') => {
    const res = await call(h.app, 'GET', `/api/disbursement-approvals${query}`, { cookie });
    expect(res.statusCode).toBe(200);
    return res.json() as { waiting: Section; decided: Section };
  };

describe('the approvals list with many held', () => {
  const { h, held } = useHeldApprovals();
  const list = lister(h);
  it('gives the waiting oldest first and the decided latest first, each with its total and paged', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const first = await list(compliance, '?limit=10');
    expect(first.waiting).toMatchObject({ total: 31, offset: 0, limit: 10 });
    expect(first.waiting.approvals.map((a) => a.id)).toEqual(held.waitingIds.slice(0, 10));
    // Decided the latest first: the 3rd was decided last (+38 min), the 5th first (+36 min).
    expect(first.decided).toMatchObject({ total: 3, offset: 0, limit: 10 });
    expect(first.decided.approvals.map((a) => a.amount)).toEqual(['1003', '1004', '1005']);

    // The last page of the queue holds the one held last; none is left out.
    const last = await list(compliance, '?limit=10&waitingOffset=30');
    expect(last.waiting.approvals.map((a) => a.id)).toEqual(held.waitingIds.slice(30));
    expect(last.waiting).toMatchObject({ total: 31, offset: 30 });

    // 50 by default: all 31 in one page.
    expect((await list(compliance)).waiting.approvals).toHaveLength(31);
  });

  it('counts for an investor only the requests of their own accounts', async () => {
    const theirs = await list(await signIn(h.app, 'investor2@demo.test'));
    expect(theirs.waiting.total).toBe(held.waitingOnB.length);
    expect(theirs.waiting.approvals.map((a) => a.id)).toEqual(held.waitingOnB);
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

describe('the approvals list narrowed by filters', () => {
  const { h, held } = useHeldApprovals();
  const list = lister(h);
  /** Held by the second investor: one with our reference, one decided. */
  let byOther: { waiting: string; decided: string };
  const reference = 'MR-FILTER0001';
  beforeAll(async () => {
    const other = { id: 'u-other', email: 'Investor2@Demo.test' };
    const at = new Date('2026-11-21T10:00:00Z');
    const waiting = await holdForApproval(
      h.db,
      {
        accountId: held.accountB,
        maker: other,
        amount: '250000.5',
        type: 'ach',
        request: {},
        moneyReference: reference,
      },
      at,
    );
    const decided = await holdForApproval(
      h.db,
      {
        accountId: held.accountB,
        maker: other,
        amount: '900',
        type: 'ach',
        request: {},
        moneyReference: null,
      },
      at,
    );
    await decide(
      h.db,
      decided.id,
      { id: 'u-checker', email: 'admin@demo.test' },
      'rejected',
      at,
      'x',
    );
    byOther = { waiting: waiting.id, decided: decided.id };
  });

  const amounts = (section: Section) => section.approvals.map((a) => a.amount);

  it('narrows both sections by account, and counts only what matches', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const onB = await list(compliance, `?accountId=${held.accountB.toLowerCase()}`);
    expect(onB.waiting.total).toBe(held.waitingOnB.length + 1);
    expect(onB.decided.total).toBe(2);
    expect(onB.decided.approvals.map((a) => a.id)).toContain(byOther.decided);
  });

  it('narrows by amount as a number, both bounds inclusive', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    // As text, "900" would sort after "1010"; as an amount it is below it.
    const some = await list(compliance, '?minAmount=1010&maxAmount=1012.00');
    expect(amounts(some.waiting)).toEqual(['1010', '1011', '1012']);
    expect(some.decided.total).toBe(0);
    const small = await list(compliance, '?maxAmount=1001');
    expect(amounts(small.waiting)).toEqual(['1001']);
    expect(amounts(small.decided)).toEqual(['900']);
    const large = await list(compliance, '?minAmount=250000.50');
    expect(amounts(large.waiting)).toEqual(['250000.5']);
  });

  it('narrows by a part of the maker’s email in any letter case', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const theirs = await list(compliance, '?maker=INVESTOR2@');
    expect(theirs.waiting.approvals.map((a) => a.id)).toEqual([byOther.waiting]);
    expect(theirs.decided.approvals.map((a) => a.id)).toEqual([byOther.decided]);
    // A LIKE wildcard is a character like any other, never "anything".
    expect((await list(compliance, '?maker=%25')).waiting.total).toBe(0);
  });

  it('finds one approval by our reference (any letter case) or by its id, in whichever section', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const one = await list(compliance, `?reference=${reference.toLowerCase()}`);
    expect(one.waiting.approvals.map((a) => a.id)).toEqual([byOther.waiting]);
    expect(one.decided.total).toBe(0);
    const byId = await list(compliance, `?approval=${byOther.decided}`);
    expect(byId.waiting.total).toBe(0);
    expect(byId.decided.approvals.map((a) => a.id)).toEqual([byOther.decided]);
    const none = await list(compliance, '?reference=MR-0000000000');
    expect([none.waiting.total, none.decided.total]).toEqual([0, 0]);
  });

  it('refuses a bad value naming the field as the page labels it, and a range from more to less', async () => {
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const refused = async (query: string) => {
      const res = await call(h.app, 'GET', `/api/disbursement-approvals${query}`, {
        cookie: compliance,
      });
      expect(res.statusCode).toBe(400);
      return res.json().error.message as string;
    };
    expect(await refused('?minAmount=1,000')).toContain(
      'Amount at least must be a dollar amount, such as 2500 or 2500.50',
    );
    expect(await refused('?maxAmount=-5')).toContain('Amount at most must be a dollar amount');
    expect(await refused('?minAmount=0&maxAmount=1970-01-01')).toContain(
      'Amount at most must be a dollar amount',
    );
    expect(await refused('?minAmount=2000&maxAmount=1000')).toContain(
      'Amount at least must not be more than Amount at most',
    );
    expect(await refused('?maker=a%20b')).toContain('Requested by must be an email address');
    expect(await refused('?reference=MR-1')).toContain('Reference must be our reference');
    expect(await refused('?accountId=%3Cx%3E')).toContain('Account must be an account id');
  });

  it('refuses an investor another person’s account, and filters only their own', async () => {
    const investor = await signIn(h.app, 'investor@demo.test');
    const res = await call(h.app, 'GET', `/api/disbursement-approvals?accountId=${held.accountB}`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(403);
    const own = await list(investor, `?accountId=${held.accountA}&maker=investor2`);
    expect([own.waiting.total, own.decided.total]).toEqual([0, 0]);
  });
});

describe('an approval whose reference the platform lists under two fund moves', () => {
  const h = useHarness();
  const list = lister(h);
  it('names both on its row, as the register does', async () => {
    // Reconciliation found two fund moves carrying the reference (recordFundMovesFound): the
    // money may have moved twice, and the approvals page says so as the register does.
    const reference = await openedRequest(
      h.db,
      { userId: 'u-maker', route: 'test:disbursement', key: 'two-fund-moves-0001' },
      {
        kind: 'disbursement',
        accountId: h.manifest.investors[0].accountIds[0],
        amount: '5000',
        method: 'ach',
      },
      new Date('2026-11-21T10:00:00Z'),
    );
    await holdForApproval(
      h.db,
      {
        accountId: h.manifest.investors[0].accountIds[0],
        maker: { id: 'u-maker', email: 'investor@demo.test' },
        amount: '5000',
        type: 'ach',
        request: {},
        moneyReference: reference,
      },
      new Date('2026-11-21T10:00:00Z'),
    );
    await recordFundMovesFound(h.db, reference, ['FM-1', 'FM-2'], new Date());
    const compliance = await signIn(h.app, 'compliance@demo.test');
    const res = await call(h.app, 'GET', `/api/disbursement-approvals?reference=${reference}`, {
      cookie: compliance,
    });
    expect(res.json().waiting.approvals).toMatchObject([
      { reference, fundMoves: ['FM-1', 'FM-2'] },
    ]);
    // One fund move is no news: none is listed.
    const others = await list(compliance);
    for (const approval of others.waiting.approvals.filter(
      (a) => a.id !== res.json().waiting.approvals[0].id,
    ))
      expect(approval).not.toHaveProperty('fundMoves');
  });
});
