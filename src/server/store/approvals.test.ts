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
  it('queues those waiting, the longest wait first, apart from the decided, the latest first; each counted in all', async () => {
    const oldest = await hold('5000', '2026-11-01T10:00:00Z');
    const newer = await hold('4000', '2026-11-01T11:00:00Z');
    for (const [amount, at] of [
      ['1500', '2026-11-02T10:00:00Z'],
      ['2500', '2026-11-03T10:00:00Z'],
    ]) {
      const later = await hold(amount, at);
      await decide(db, later.id, checker, 'rejected', new Date(at), 'Rejected: a test');
    }
    const waiting = await listApprovals(db, { section: 'waiting', limit: 1 });
    expect(waiting.total).toBe(2);
    expect(waiting.records.map((a) => a.id)).toEqual([oldest.id]);
    const next = await listApprovals(db, { section: 'waiting', offset: 1, limit: 1 });
    expect(next.records.map((a) => a.id)).toEqual([newer.id]);
    const decided = await listApprovals(db, { section: 'decided', limit: 5 });
    expect(decided.total).toBe(2);
    expect(decided.records.map((a) => [a.amount, a.state])).toEqual([
      ['2500', 'rejected'],
      ['1500', 'rejected'],
    ]);
  });
});
