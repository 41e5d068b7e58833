import { beforeAll, describe, expect, it } from 'vitest';
import type { Offering } from '../../contract/offerings';
import { getMoneyRequest } from '../store/money-requests';
import {
  call,
  dropNextCall,
  idempotencyKeys,
  investableOffering,
  signIn,
  tradeAtPlatform,
  unitsAboveMinimum,
  useHarness,
} from './harness';

/*
 * An investment whose answer was lost but which the platform did create: the platform names no
 * read that ties a trade to our reference (§4.16), so it is never settled from the trades. The
 * portal can still see a trade of the same account, offering and units that appeared right after
 * the request was sent and that no other request accounts for, and says so on the unknown entry,
 * on the trade, on the requests list and first among a reviewer's candidates.
 */

let investor: string;
let reviewer: string;
let accountA: string;
let offering: Offering;
let units: string;
let answeredTrade: string;
let lost: string;
let heldTrade: string;
let otherUnitsTrade: string;

const key = idempotencyKeys('probable');
const invest = (body: Record<string, unknown>) =>
  call(h.app, 'POST', `/api/offerings/${offering.id}/investments`, {
    cookie: investor,
    body,
    headers: { 'idempotency-key': key() },
  });
/** A trade made at the platform directly: as when the call arrived and only its answer was lost. */
const tradeOfAccountA = (tradeUnits: string) =>
  tradeAtPlatform(h, { accountId: accountA, offeringId: offering.id, units: tradeUnits });

// "Never arrived" waits for the quiet period (RECONCILE_NOT_SENT_AFTER_MS): 50 s here, so the
// request dated a minute back may be asked about while its trade still appeared right after it.
const h = useHarness({ env: { RECONCILE_NOT_SENT_AFTER_MS: '50000' } });
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  reviewer = await signIn(h.app, 'compliance@demo.test');
  [accountA] = h.manifest.investors[0].accountIds;
  offering = await investableOffering(h.app, investor);
  units = unitsAboveMinimum(offering, 1);
  // One the platform answered: its trade is that request's, never another's.
  const answered = await invest({ accountId: accountA, units, paymentMethod: 'wire' });
  expect(answered.statusCode).toBe(201);
  answeredTrade = String(answered.json().tradeId);
  // One whose answer was lost...
  await dropNextCall(h.sandboxUrl, 'createTrade');
  const res = await invest({ accountId: accountA, units, paymentMethod: 'wire' });
  lost = res.json().error.reference as string;
  expect((await getMoneyRequest(h.db, lost))?.outcome).toBe('unknown');
  // ...while the platform holds a trade of the same account, offering and units, and one of others.
  heldTrade = await tradeOfAccountA(units);
  otherUnitsTrade = await tradeOfAccountA(String(Number(units) + 1));
});

interface Entry {
  id: string;
  reference: string | null;
  kind: string;
  probableTradeId?: string | null;
  probableReference?: string | null;
}

describe('a lost investment the platform did create', () => {
  it('the timeline ties the unknown entry and the trade that is probably it to each other', async () => {
    const res = await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as Entry[];
    expect(entries.find((e) => e.reference === lost)).toMatchObject({
      probableTradeId: heldTrade,
    });
    expect(entries.find((e) => e.id === heldTrade)).toMatchObject({
      reference: null,
      probableReference: lost,
    });
    expect(entries.find((e) => e.id === answeredTrade)?.probableReference).toBeUndefined();
    expect(entries.find((e) => e.id === otherUnitsTrade)?.probableReference).toBeUndefined();
  });

  it('the account’s requests list names the probable trade on the unknown request', async () => {
    const res = await call(h.app, 'GET', `/api/accounts/${accountA}/money-requests`, {
      cookie: investor,
    });
    const rows = res.json().requests as { reference: string; probableTradeId?: string }[];
    expect(rows.find((row) => row.reference === lost)?.probableTradeId).toBe(heldTrade);
  });

  it('My investments marks the trade that is probably it, for the unknown investment listed above it to name', async () => {
    const res = await call(h.app, 'GET', '/api/holdings', { cookie: investor });
    expect(res.statusCode).toBe(200);
    const trades = res.json().trades as { tradeId: string; probableReference?: string }[];
    expect(trades.find((t) => t.tradeId === heldTrade)?.probableReference).toBe(lost);
    expect(trades.filter((t) => t.probableReference)).toHaveLength(1);
  });

  it('the reviewer’s settle-by-hand candidates offer it first, marked probable', async () => {
    const res = await call(h.app, 'GET', `/api/compliance/money-requests/${lost}/candidates`, {
      cookie: reviewer,
    });
    const body = res.json() as {
      candidates: { upstreamId: string; probable?: boolean }[];
    };
    expect(body.candidates[0]).toMatchObject({ upstreamId: heldTrade, probable: true });
    expect(body.candidates.filter((c) => c.probable)).toHaveLength(1);
    expect(body.candidates.map((c) => c.upstreamId)).not.toContain(answeredTrade);
  });

  it('is not settled from it: the request stays unknown until a reviewer settles it', async () => {
    expect(await getMoneyRequest(h.db, lost)).toMatchObject({
      outcome: 'unknown',
      upstreamId: null,
    });
  });

  it('names no trade that appeared long after the request was sent', async () => {
    const sent = await h.db
      .selectFrom('money_requests')
      .select(['created_at', 'sent_at'])
      .where('reference', '=', lost)
      .executeTakeFirstOrThrow();
    await h.db
      .updateTable('money_requests')
      .set({
        created_at: new Date(Date.now() - 60 * 60_000),
        sent_at: new Date(Date.now() - 60 * 60_000),
      })
      .where('reference', '=', lost)
      .execute();
    try {
      const res = await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, {
        cookie: investor,
      });
      const entries = res.json().entries as Entry[];
      expect(entries.find((e) => e.reference === lost)?.probableTradeId).toBeUndefined();
      expect(entries.find((e) => e.id === heldTrade)?.probableReference).toBeUndefined();
    } finally {
      // Sent right before the trade appeared again, as the other tests read it.
      await h.db.updateTable('money_requests').set(sent).where('reference', '=', lost).execute();
    }
  });
  // Last: it settles the request.
  it('is not recorded as never arrived while the platform holds it, unless the reviewer confirms that very trade is another investment', async () => {
    // Old enough for "never arrived" to be asked at all (past the quiet period), and the trade
    // still appeared right after it was sent.
    await h.db
      .updateTable('money_requests')
      .set({ created_at: new Date(Date.now() - 60_000), sent_at: new Date(Date.now() - 60_000) })
      .where('reference', '=', lost)
      .execute();
    const settle = (body: Record<string, unknown>) =>
      call(h.app, 'POST', `/api/compliance/money-requests/${lost}/settle`, {
        cookie: reviewer,
        body: {
          outcome: 'not_sent',
          reason: 'Looked at the trades list, nothing found there',
          ...body,
        },
      });
    const refused = await settle({});
    expect(refused.statusCode).toBe(409);
    const message = `The platform holds trade ${heldTrade} of account ${accountA} in this offering with the same units and amount, which appeared right after this request was sent: it is probably this investment. Settle it as held by the platform with trade ${heldTrade}, or, if you checked at the platform that trade ${heldTrade} is another investment, confirm that`;
    expect(refused.json().error).toMatchObject({
      message: `${message}. Nothing was settled.`,
      submitted: 'no',
      fields: [{ field: 'confirmNotTrade', message }],
    });
    // A confirmation covers only the trade it names.
    expect((await settle({ confirmNotTrade: otherUnitsTrade })).statusCode).toBe(409);
    expect(await getMoneyRequest(h.db, lost)).toMatchObject({ outcome: 'unknown' });

    const confirmed = await settle({ confirmNotTrade: heldTrade });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ reference: lost, outcome: 'not_sent' });
  });
});
