import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outcomeWordsOf } from '../../contract/money-requests';
import type { Offering } from '../../contract/offerings';
import { getMoneyRequest } from '../store/money-requests';
import {
  apiErrorOf,
  call,
  clearFaults,
  dropNextCall,
  idempotencyKeys,
  investorWithTwoOfferings,
  sandboxCallsOf,
  settleLeftUnknown,
  unitsAboveMinimum,
  useHarness,
} from './harness';

/*
 * A deposit, disbursement or investment whose outcome is unknown may have moved money (§4.16,
 * §4.5: no answer came back). The person is told not to send it again; a new request of the same
 * kind for the same account (and offering) is refused until the person names the standing one as
 * acknowledged, and the check lets exactly one of two requests sent at once through.
 */

let investor: string;
let accountA: string;
let accountB: string;
let offerings: Offering[];

const h = useHarness();
beforeAll(async () => {
  ({ investor, accountA, accountB, offerings } = await investorWithTwoOfferings(h));
});
afterEach(async () => {
  await clearFaults(h.sandboxUrl);
});

const newKey = idempotencyKeys('unsettled');
const post = (url: string, body: unknown, key = newKey()) =>
  call(h.app, 'POST', url, { cookie: investor, body, headers: { 'idempotency-key': key } });
const invest = (offering: Offering, body: Record<string, unknown>, key?: string) =>
  post(`/api/offerings/${offering.id}/investments`, body, key);
const creates = (operation: string) => sandboxCallsOf(h.sandboxUrl, operation);
const drop = (operation: string) => dropNextCall(h.sandboxUrl, operation);

describe('an investment of unknown outcome stands in the way of another in its offering', () => {
  let offering: Offering;
  let lost: { reference: string; key: string; units: string };

  beforeAll(async () => {
    offering = offerings[0];
    await drop('createTrade');
    const key = newKey();
    const units = unitsAboveMinimum(offering, 1);
    const res = await invest(offering, { accountId: accountA, units }, key);
    expect(res.json().error.submitted).toBe('unknown');
    lost = { reference: res.json().error.reference as string, key, units };
    expect((await getMoneyRequest(h.db, lost.reference))?.outcome).toBe('unknown');
  });

  it('refuses a new one (409, nothing sent, not sent in the register, audited), naming the standing one', async () => {
    const before = await creates('createTrade');
    const res = await invest(offering, {
      accountId: accountA,
      units: unitsAboveMinimum(offering, 2),
    });
    expect(res.statusCode).toBe(409);
    const error = apiErrorOf(res);
    expect(error).toMatchObject({ code: 'conflict', submitted: 'no', refusal: 'state' });
    expect(error.standing).toEqual([
      expect.objectContaining({
        reference: lost.reference,
        kind: 'investment',
        outcome: 'unknown',
        units: lost.units,
      }),
    ]);
    // In the register's words, with what happens next to an unknown investment.
    expect(error.message).toContain(`${lost.reference} (made `);
    expect(error.message).toContain(`${lost.units} units`);
    expect(error.message).toContain('outcome unknown');
    expect(error.message).toContain('A reviewer checks it with the platform');
    expect(await creates('createTrade')).toBe(before);
    expect((await getMoneyRequest(h.db, error.reference!))?.outcome).toBe('not_sent');
    const audits = await h.db
      .selectFrom('audit_events')
      .select(['action', 'outcome', 'details'])
      .where('action', '=', 'money_request_refused_standing')
      .execute();
    expect(audits).toContainEqual({
      action: 'money_request_refused_standing',
      outcome: 'denied',
      details: expect.objectContaining({
        reference: error.reference,
        kind: 'investment',
        standing: [lost.reference],
      }),
    });
  });

  it('still answers an identical resend (same key) with the first outcome, sending nothing', async () => {
    const before = await creates('createTrade');
    const res = await invest(offering, { accountId: accountA, units: lost.units }, lost.key);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(res.json().error).toMatchObject({ submitted: 'unknown', reference: lost.reference });
    expect(await creates('createTrade')).toBe(before);
  });

  it('sends it once the standing reference is named as acknowledged', async () => {
    const key = newKey();
    const units = unitsAboveMinimum(offering, 3);
    const refused = await invest(offering, { accountId: accountA, units }, key);
    expect(refused.statusCode).toBe(409);
    const before = await creates('createTrade');
    // The same key with the acknowledgement: the refused attempt left the key free.
    const res = await invest(
      offering,
      { accountId: accountA, units, additionalTo: [lost.reference] },
      key,
    );
    expect(res.statusCode).toBe(201);
    expect(await creates('createTrade')).toBe(before + 1);
  });

  it('leaves another offering and another account unaffected', async () => {
    const other = await invest(offerings[1], {
      accountId: accountA,
      units: unitsAboveMinimum(offerings[1], 1),
    });
    expect(other.statusCode).toBe(201);
    // Account B has no linked bank: it pays by wire.
    const otherAccount = await invest(offering, {
      accountId: accountB,
      units: unitsAboveMinimum(offering, 1),
      paymentMethod: 'wire',
    });
    expect(otherAccount.statusCode).toBe(201);
  });

  it('tells one next step, the same on the answer, the timeline and the requests list, and the reference once', async () => {
    const next = outcomeWordsOf({ kind: 'investment', outcome: 'unknown' }).next;
    expect(next).toMatch(/^Do not send it again\. A reviewer checks it/);
    // The answer the form showed (replayed with the same key).
    const answer = await invest(offering, { accountId: accountA, units: lost.units }, lost.key);
    const message = answer.json().error.message as string;
    expect(message).toContain(next);
    expect(message).not.toContain('the portal checks with the platform');
    expect(message.match(new RegExp(lost.reference, 'g'))).toHaveLength(1);
    const timeline = (
      await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, { cookie: investor })
    ).json() as { entries: { reference: string | null; state: string; next: string | null }[] };
    const entry = timeline.entries.find((e) => e.reference === lost.reference)!;
    expect(entry.next).toBe(next);
    expect(`${entry.state} ${entry.next}`).not.toContain(lost.reference);
    expect(`${entry.state} ${entry.next}`).not.toContain('the portal checks with the platform');
  });

  it('lists the standing ones of the account and offering for the form', async () => {
    const res = await call(
      h.app,
      'GET',
      `/api/accounts/${accountA}/money-requests?unsettled=true&kind=investment&offeringId=${offering.id}`,
      { cookie: investor },
    );
    expect(res.statusCode).toBe(200);
    expect((res.json().requests as { reference: string }[]).map((row) => row.reference)).toEqual([
      lost.reference,
    ]);
  });
});

describe('two requests sent at once while one stands', () => {
  it('sends exactly one of two acknowledged investments sent at once from two tabs', async () => {
    const offering = offerings[1];
    await drop('createTrade');
    const lost = (
      await invest(offering, {
        accountId: accountB,
        units: unitsAboveMinimum(offering, 1),
        paymentMethod: 'wire',
      })
    ).json().error.reference as string;
    const before = await creates('createTrade');
    const body = {
      accountId: accountB,
      units: unitsAboveMinimum(offering, 2),
      paymentMethod: 'wire',
      additionalTo: [lost],
    };
    const answers = await Promise.all([invest(offering, body), invest(offering, body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await creates('createTrade')).toBe(before + 1);
    // The refused one names the one that went through in the other tab.
    const refused = apiErrorOf(answers.find((res) => res.statusCode === 409)!);
    const sent = answers.find((res) => res.statusCode === 201)!.json() as { reference: string };
    expect(refused.standing?.map((row) => row.reference)).toContain(sent.reference);
  });
});

describe('deposits and disbursements', () => {
  // Each test loses the request that stands in its way itself; one it leaves standing would
  // stand in the next one's way too.
  afterEach(() => settleLeftUnknown(h.db));

  it('refuses a deposit while one of unknown outcome stands, and sends it when acknowledged', async () => {
    await drop('fundCustodyAccount');
    const lost = await post(`/api/accounts/${accountA}/deposits`, { amount: '71.00' });
    expect(lost.json().error.submitted).toBe('unknown');
    const reference = lost.json().error.reference as string;

    const before = await creates('fundCustodyAccount');
    const again = await post(`/api/accounts/${accountA}/deposits`, { amount: '71.01' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.standing).toEqual([
      expect.objectContaining({ reference, kind: 'deposit', outcome: 'unknown', amount: '71' }),
    ]);
    // A deposit's next step: the portal's own check can find it (§4.3).
    expect(again.json().error.message).toContain('We check with the platform and settle it');
    expect(await creates('fundCustodyAccount')).toBe(before);

    const acknowledged = await post(`/api/accounts/${accountA}/deposits`, {
      amount: '71.01',
      additionalTo: [reference],
    });
    expect(acknowledged.statusCode).toBe(201);
    expect(await creates('fundCustodyAccount')).toBe(before + 1);
  });

  it('refuses a disbursement while one of unknown outcome stands, not a deposit of the same account', async () => {
    await drop('createCustodyFundDisbursement');
    const lost = await post(`/api/accounts/${accountA}/disbursements`, {
      type: 'ach',
      amount: '9.00',
    });
    const reference = lost.json().error.reference as string;
    const again = await post(`/api/accounts/${accountA}/disbursements`, {
      type: 'ach',
      amount: '9.50',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.standing).toEqual([
      expect.objectContaining({ reference, kind: 'disbursement' }),
    ]);
    const acknowledged = await post(`/api/accounts/${accountA}/disbursements`, {
      type: 'ach',
      amount: '9.50',
      additionalTo: [reference],
    });
    expect(acknowledged.statusCode).toBe(201);
  });

  it('refuses an acknowledgement that names a request that does not stand as the only one', async () => {
    await drop('fundCustodyAccount');
    const lost = await post(`/api/accounts/${accountA}/deposits`, { amount: '5.50' });
    expect(lost.json().error.submitted).toBe('unknown');
    const res = await post(`/api/accounts/${accountA}/deposits`, {
      amount: '5.00',
      additionalTo: ['MR-0000000000'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.standing.length).toBeGreaterThan(0);
  });
});
