import { beforeAll, describe, expect, it } from 'vitest';
import { complianceFundMovesSchema } from '../../contract/compliance';
import { readAccountFundMoves } from '../lib/account-fund-moves';
import { fundCustodyAccount } from '../upstream/fund-custody-account';
import { call, signIn, useHarness } from './harness';

/**
 * The reviewers' Fund moves across accounts: getCustodyFundMoves cannot filter by status (§4.3),
 * so the BFF reads the pages newest first and filters them, up to COMPLIANCE_MAX_FUND_MOVES (500
 * here). Past it, a filter must not answer "none match" for moves it did not look at: the reply
 * says how many it searched of how many, and an account's own moves can still all be searched.
 */
let compliance: string;
/** A §3 status that only moves older than the latest 500 carry, and an account holding one. */
let olderStatus: string;
let olderAccount: string;
let total: number;

const h = useHarness({ limitScale: 1000, env: { COMPLIANCE_MAX_FUND_MOVES: '500' } }, 180_000);
beforeAll(async () => {
  compliance = await signIn(h.app, 'compliance@demo.test');
  const upstream = h.built.deps.upstream;
  const seeded = await readAccountFundMoves(upstream, undefined, { pageSize: 500, maxPages: 100 });
  const busy = h.manifest.investors[0].accountIds[0];
  const settledOrOther = seeded.moves.find((m) => m.status !== 'pending' && m.accountId !== busy);
  expect(settledOrOther, 'the sandbox seeds moves of more than one status').toBeDefined();
  olderStatus = settledOrOther!.status;
  olderAccount = settledOrOther!.accountId;
  // 500 new pending deposits on another account push every seeded move past the latest 500.
  for (let i = 0; i < 500; i += 25) {
    await Promise.all(
      Array.from({ length: 25 }, (_, j) =>
        fundCustodyAccount(upstream, {
          accountId: busy,
          amount: String(1 + i + j),
          description: `busy ${i + j}`,
        }),
      ),
    );
  }
  total = seeded.totalRecords + 500;
}, 180_000);

const list = async (search: string) => {
  const res = await call(h.app, 'GET', `/api/compliance/fund-moves${search}`, {
    cookie: compliance,
  });
  expect(res.statusCode, res.body).toBe(200);
  return complianceFundMovesSchema.parse(res.json());
};

describe('fund moves across accounts past the bound the listing searches', () => {
  it('says how many of how many it searched, rather than "none match" for older moves', async () => {
    const page = await list(`?status=${olderStatus}`);
    expect(page.totalRecords).toBe(0);
    expect(page.bound).toEqual({ searched: 500, total });
  });

  it('says nothing of a bound when every move was searched', async () => {
    const page = await list(`?status=${olderStatus}&accountId=${olderAccount}`);
    expect(page.bound).toBeNull();
    // Narrowed to the account (§4.3 accountId), the older moves are searched and found.
    expect(page.totalRecords).toBeGreaterThan(0);
    expect(page.moves.every((m) => m.accountId === olderAccount && m.status === olderStatus)).toBe(
      true,
    );
  });
});
