import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, holdForApproval, listApprovals } from './approvals';
import { openStore, type Db } from './db';

let db: Db;
beforeAll(async () => {
  db = await openStore({ dataDir: null });
}, 60_000);
afterAll(() => db?.destroy());

const maker = { id: 'u-maker', email: 'investor@demo.test' };
const checker = { id: 'u-checker', email: 'admin@demo.test' };
const hold = (amount: string, at: string) =>
  holdForApproval(
    db,
    { accountId: 'A1040000', maker, amount, type: 'ach', request: {}, moneyReference: null },
    new Date(at),
  );

describe('the approvals list', () => {
  it('puts every one still waiting before the decided ones, so none waits beyond the limit', async () => {
    const waiting = await hold('5000', '2026-11-01T10:00:00Z');
    for (const [amount, at] of [
      ['1500', '2026-11-02T10:00:00Z'],
      ['2500', '2026-11-03T10:00:00Z'],
    ]) {
      const later = await hold(amount, at);
      await decide(db, later.id, checker, 'rejected', new Date(at), 'Rejected: a test');
    }
    const shown = await listApprovals(db, { limit: 2 });
    expect(shown.map((a) => [a.amount, a.state])).toEqual([
      ['5000', 'pending'],
      ['2500', 'rejected'],
    ]);
    expect(shown[0].id).toBe(waiting.id);
  });
});
