import { beforeAll, describe, expect, it } from 'vitest';
import { useTestStore } from '../__tests__/harness';
import { decide, getApproval, holdForApproval, listApprovals } from './approvals';
import type { Db } from './db';
import { migrations } from './migrations';

/** On PostgreSQL with TEST_DATABASE_URL (scripts/postgres.sh start), else on embedded PGlite. */
const store = useTestStore();
let db: Db;
beforeAll(() => {
  db = store.db;
});

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

describe('approvals decided before staff had words of their own', () => {
  // The words as these approvals were stored, and the staff's as the portal writes them since.
  const investorNext =
    'Do not send it again. We check with the platform and settle it; if it stays unknown, contact support and quote our reference.';
  const staffNext =
    'Do not send it again. Reconciliation looks for it on the platform; once its outcome is known, settle it in the money requests register.';
  const lost =
    'The connection to the service broke before its answer came. It may or may not have reached the platform.';
  /** An approval sent with an unknown outcome, stored as it was before `staffMessage`. */
  const storedUnknown = async (outcome: Record<string, string>) => {
    const held = await hold('3000', '2026-11-04T10:00:00Z');
    await db
      .updateTable('disbursement_approvals')
      .set({
        state: 'unknown',
        decided_at: new Date('2026-11-04T10:05:00Z'),
        outcome: JSON.stringify(outcome),
      })
      .where('id', '=', held.id)
      .execute();
    return held.id;
  };

  it('migration 0024 gives staff their words where the investor’s send them to support, once', async () => {
    const sentToSupport = await storedUnknown({
      message: `${lost} ${investorNext} Our reference: MR-STAFFWORDS.`,
    });
    const older = await storedUnknown({ message: `${lost} Check before trying again.` });
    const worded = await storedUnknown({
      message: `${lost} ${investorNext}`,
      staffMessage: 'Kept.',
    });
    await migrations['0024-approval-staff-words'].up(db as never);
    await migrations['0024-approval-staff-words'].up(db as never);
    const outcomes = await Promise.all(
      [sentToSupport, older, worded].map(async (id) => (await getApproval(db, id))?.outcome),
    );
    expect(outcomes).toEqual([
      {
        message: `${lost} ${investorNext} Our reference: MR-STAFFWORDS.`,
        staffMessage: `${lost} ${staffNext} Our reference: MR-STAFFWORDS.`,
      },
      { message: `${lost} Check before trying again.` },
      { message: `${lost} ${investorNext}`, staffMessage: 'Kept.' },
    ]);
  });
});
