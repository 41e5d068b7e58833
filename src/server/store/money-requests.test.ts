import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitingOutcomes } from '../../contract/money-requests';
import { openStore, type Db } from './db';
import { admitUnlessStanding, getMoneyRequest, openMoneyRequest } from './money-requests';

let db: Db;
beforeAll(async () => {
  db = await openStore({ dataDir: null });
}, 60_000);
afterAll(() => db?.destroy());

let keys = 0;
/** A claimed IRA request of investor u-1 for `accountId`, made at `at`, as the register opens one. */
const claimed = (accountId: string, at: string) =>
  openMoneyRequest(
    db,
    { userId: 'u-1', route: 'POST /api/accounts/:accountId/ira-supplement', key: `k-${++keys}` },
    { accountId, kind: 'ira_supplement' },
    new Date(at),
  );
const admit = async (accountId: string, reference: string) =>
  (
    await admitUnlessStanding(db, {
      accountId,
      kind: 'ira_supplement',
      outcomes: waitingOutcomes,
      reference,
    })
  )[0] ?? null;
const outcomeOf = async (reference: string) => (await getMoneyRequest(db, reference))?.outcome;

describe('one standing IRA request per account (§4.7)', () => {
  it('admits the first and refuses a later one, which is marked not sent', async () => {
    const first = await claimed('A-ONE', '2026-11-02T10:00:00Z');
    expect(await admit('A-ONE', first)).toBeNull();
    const second = await claimed('A-ONE', '2026-11-02T10:05:00Z');
    expect((await admit('A-ONE', second))?.reference).toBe(first);
    expect([await outcomeOf(first), await outcomeOf(second)]).toEqual(['pending', 'not_sent']);
  });

  it('refuses a claim written after another was admitted, though its moment is earlier', async () => {
    // Two tabs: the second took its moment first but was written after the first was admitted.
    const admitted = await claimed('A-TWO', '2026-11-02T10:00:01Z');
    expect(await admit('A-TWO', admitted)).toBeNull();
    const late = await claimed('A-TWO', '2026-11-02T10:00:00Z');
    expect((await admit('A-TWO', late))?.reference).toBe(admitted);
    expect(await outcomeOf(late)).toBe('not_sent');
  });

  it('of two claims written before either check, admits exactly one', async () => {
    const a = await claimed('A-THREE', '2026-11-02T10:00:00Z');
    const b = await claimed('A-THREE', '2026-11-02T10:00:00Z');
    const answers = await Promise.all([admit('A-THREE', a), admit('A-THREE', b)]);
    expect(answers.filter((standing) => standing === null)).toHaveLength(1);
    expect([await outcomeOf(a), await outcomeOf(b)].sort()).toEqual(['not_sent', 'pending']);
  });

  it('a request that ended with nothing, or another account’s, does not stand', async () => {
    const refused = await claimed('A-FOUR', '2026-11-02T10:00:00Z');
    await db
      .updateTable('money_requests')
      .set({ outcome: 'refused' })
      .where('reference', '=', refused)
      .execute();
    await claimed('A-OTHER', '2026-11-02T10:00:00Z');
    const next = await claimed('A-FOUR', '2026-11-02T10:01:00Z');
    expect(await admit('A-FOUR', next)).toBeNull();
  });
});
