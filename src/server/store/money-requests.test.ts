import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REFUSED_OUTCOME_UNKNOWN, waitingOutcomes } from '../../contract/money-requests';
import { openedRequest, useTestStore } from '../__tests__/harness';
import type { Db } from './db';
import { migrations } from './migrations';
import {
  admitUnlessStanding,
  getMoneyRequest,
  openMoneyRequest,
  platformIdKindOf,
  settleMoneyRequest,
} from './money-requests';

/** On PostgreSQL with TEST_DATABASE_URL (scripts/postgres.sh start), else on embedded PGlite. */
const store = useTestStore();
let db: Db;
beforeAll(() => {
  db = store.db;
});

let keys = 0;
/** A claimed IRA request of investor u-1 for `accountId`, made at `at`, as the register opens one. */
const claimed = (accountId: string, at: string) =>
  openedRequest(
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

describe('why an unknown outcome is unknown is recorded with it, not read from its words', () => {
  const AT = new Date('2026-11-02T10:00:00Z');
  const deposit = () =>
    openedRequest(
      db,
      { userId: 'u-1', route: 'POST /api/accounts/:accountId/deposits', key: `k-${++keys}` },
      { accountId: 'A-CAUSE', kind: 'deposit', amount: '100' },
      AT,
    );
  const settle = (reference: string, settlement: Parameters<typeof settleMoneyRequest>[2]) =>
    db.transaction().execute((tx) => settleMoneyRequest(tx, reference, settlement, AT));
  const becauseOf = async (reference: string) =>
    (await getMoneyRequest(db, reference))?.unknownBecause ?? null;

  it('keeps the access refusal it was recorded with, whatever its message says, until the outcome is known', async () => {
    const reference = await deposit();
    await settle(reference, {
      outcome: 'unknown',
      message: 'Any words at all.',
      unknownBecause: 'access_refused',
      via: 'response',
      by: 'system',
    });
    expect(await becauseOf(reference)).toBe('access_refused');
    // Reconciliation learns the outcome: the cause of not knowing it goes with it.
    await settle(reference, {
      outcome: 'created',
      upstreamId: 'FM-1',
      via: 'reconciliation',
      by: 'system',
    });
    expect(await becauseOf(reference)).toBeNull();
  });

  it('reads no cause from a message that opens with the refusal’s words but was recorded without it', async () => {
    const reference = await deposit();
    await settle(reference, {
      outcome: 'unknown',
      message: `${ACCESS_REFUSED_OUTCOME_UNKNOWN} Our reference: ${reference}.`,
      via: 'response',
      by: 'system',
    });
    expect(await becauseOf(reference)).toBeNull();
  });

  it('migration 0023 marks the unknown rows recorded before it by their opening sentence, once', async () => {
    const legacy = `We do not know whether this reached the platform: the platform refused the portal’s access, which the portal’s operators must fix. Do not send it again.`;
    const [refused, silent, created] = [await deposit(), await deposit(), await deposit()];
    const rows: [string, 'unknown' | 'created', string][] = [
      [refused, 'unknown', legacy],
      [silent, 'unknown', 'We did not get an answer from the platform.'],
      [created, 'created', legacy],
    ];
    for (const [reference, outcome, message] of rows) {
      await db
        .updateTable('money_requests')
        .set({ outcome, message, unknown_because: null })
        .where('reference', '=', reference)
        .execute();
    }
    await migrations['0023-money-request-unknown-because'].up(db as never);
    const marked = await db
      .selectFrom('money_requests')
      .select(['reference', 'unknown_because'])
      .where('reference', 'in', [refused, silent, created])
      .orderBy('reference')
      .execute();
    expect(Object.fromEntries(marked.map((r) => [r.reference, r.unknown_because]))).toEqual({
      [refused]: 'access_refused',
      [silent]: null,
      [created]: null,
    });
  });
});

describe("what a disbursement's platform id names", () => {
  const disbursement = {
    kind: 'disbursement' as const,
    upstreamId: 'X-1',
    upstreamIdKind: null,
  };

  it("is the request id of the platform's own answer, given directly or replayed from the spool (§2.10)", () => {
    expect(platformIdKindOf({ ...disbursement, settledVia: 'response' })).toBe(
      'disbursement_request',
    );
    expect(platformIdKindOf({ ...disbursement, settledVia: 'spool' })).toBe('disbursement_request');
  });

  it('is the fund move reconciliation found, and what a reviewer recorded giving', () => {
    expect(platformIdKindOf({ ...disbursement, settledVia: 'reconciliation' })).toBe('fund_move');
    expect(
      platformIdKindOf({
        ...disbursement,
        settledVia: 'manual',
        upstreamIdKind: 'disbursement_request',
      }),
    ).toBe('disbursement_request');
    expect(
      platformIdKindOf({ ...disbursement, settledVia: 'manual', upstreamIdKind: 'fund_move' }),
    ).toBe('fund_move');
  });

  it('is kept with the outcome and cleared when the id is', async () => {
    const reference = await claimed('A-KIND', '2026-11-20T10:00:00Z');
    const at = new Date('2026-11-20T10:05:00Z');
    await db.transaction().execute((tx) =>
      settleMoneyRequest(
        tx,
        reference,
        {
          outcome: 'created',
          upstreamId: 'R-1',
          upstreamIdKind: 'disbursement_request',
          via: 'manual',
          by: 'u-2',
        },
        at,
      ),
    );
    expect(await getMoneyRequest(db, reference)).toMatchObject({
      upstreamId: 'R-1',
      upstreamIdKind: 'disbursement_request',
    });
    await db
      .transaction()
      .execute((tx) =>
        settleMoneyRequest(
          tx,
          reference,
          { outcome: 'not_sent', upstreamId: null, via: 'reconciliation', by: 'system' },
          at,
        ),
      );
    expect(await getMoneyRequest(db, reference)).toMatchObject({
      upstreamId: null,
      upstreamIdKind: null,
    });
  });
});

describe('a key retried after its request was refused', () => {
  const AT = new Date('2026-11-03T10:00:00Z');
  const route = 'POST /api/accounts/:accountId/disbursements';
  const init = {
    accountId: 'A-RETRY',
    kind: 'disbursement' as const,
    amount: '250',
    method: 'ach',
  };
  /** A disbursement refused by the platform, its row written before request hashes were kept. */
  const legacyRefused = async (key: string) => {
    const reference = await openedRequest(db, { userId: 'u-1', route, key }, init, AT);
    await db
      .updateTable('money_requests')
      .set({ outcome: 'refused', request_hash: null })
      .where('reference', '=', reference)
      .execute();
    return reference;
  };
  const reopen = (key: string, asked: typeof init) =>
    db
      .transaction()
      .execute((tx) =>
        openMoneyRequest(tx, { userId: 'u-1', route, key, requestHash: 'now-kept' }, asked, AT),
      );

  it('is not reopened when its row is from before request hashes, even for what it recorded', async () => {
    const reference = await legacyRefused('legacy-other-0001');
    for (const asked of [init, { ...init, amount: '250.00' }, { ...init, accountId: 'A-OTHER' }]) {
      expect(await reopen('legacy-other-0001', asked)).toEqual({ kind: 'other_request' });
    }
    expect(await getMoneyRequest(db, reference)).toMatchObject({
      accountId: 'A-RETRY',
      amount: '250',
      outcome: 'refused',
    });
  });
});
