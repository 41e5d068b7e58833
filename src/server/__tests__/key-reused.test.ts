import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorOf,
  call,
  callSandbox,
  clearFaults,
  idempotencyKeys,
  sandboxCallsOf,
  signIn,
  useHarness,
} from './harness';

/*
 * An Idempotency-Key names one request for good (docs/bff-api.md, Conventions: a key reused for a
 * different request is refused with 409). A key whose request was refused with nothing sent may
 * be sent again, but only for that same request: sent with another account or amount, it would
 * carry that money under the first request's account, amount and reference in the register, out
 * of sight of the checks that read the register (the same request moments ago, the approval
 * limit, reconciliation).
 */

let investor: string;
let accountA: string;
let accountB: string;

const h = useHarness({ limitScale: 10 });
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  [accountA, accountB] = h.manifest.investors[0].accountIds;
});
afterEach(() => clearFaults(h.sandboxUrl));

const newKey = idempotencyKeys('reused');
const disburse = (accountId: string, body: unknown, key: string) =>
  call(h.app, 'POST', `/api/accounts/${accountId}/disbursements`, {
    cookie: investor,
    body,
    headers: { 'idempotency-key': key },
  });
const disbursementsSent = () => sandboxCallsOf(h.sandboxUrl, 'createCustodyFundDisbursement');
const rowOfKey = (key: string) =>
  h.db
    .selectFrom('money_requests')
    .select(['reference', 'account_id', 'amount', 'method', 'outcome'])
    .where('idem_key', '=', key)
    .executeTakeFirstOrThrow();

const ach = (amount: string) => ({ type: 'ach', amount });
const wire = (amount: string) => ({
  type: 'wire_domestic',
  amount,
  bankId: '021000021',
  bankAccountId: '123456789',
});

describe('a key whose request the platform refused (nothing sent)', () => {
  it('sent again for another account and amount, is refused and sends nothing; the register keeps the first request', async () => {
    const key = newKey();
    // §5: a 110 answer is a refusal before anything was accepted.
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'createCustodyFundDisbursement',
      statusCode: '110',
      times: 1,
    });
    const refused = await disburse(accountA, ach('12.34'), key);
    expect(refused.statusCode).toBe(502);
    expect(apiErrorOf(refused).submitted).toBe('no');
    const first = await rowOfKey(key);
    expect(first).toMatchObject({ account_id: accountA, amount: '12.34', method: 'ach' });
    expect(['refused', 'not_sent']).toContain(first.outcome);

    const sent = await disbursementsSent();
    const other = await disburse(accountB, wire('900.00'), key);
    expect(other.statusCode).toBe(409);
    expect(apiErrorOf(other)).toMatchObject({
      code: 'conflict',
      submitted: 'no',
      message: 'This request id was already used for a different request. Start a new request.',
    });
    expect(await disbursementsSent()).toBe(sent);
    expect(await rowOfKey(key)).toEqual(first);

    // The same request again is the retry the key is for: sent, under the first reference.
    const retry = await disburse(accountA, ach('12.34'), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ reference: first.reference, accountId: accountA });
    expect(await disbursementsSent()).toBe(sent + 1);
    expect(await rowOfKey(key)).toMatchObject({ account_id: accountA, outcome: 'created' });
  });
});

describe('a key whose request was made, once its record is pruned', () => {
  it('is not sent again, for the same request or another; the person is told where the first stands', async () => {
    const key = newKey();
    const made = await disburse(accountA, ach('23.45'), key);
    expect(made.statusCode).toBe(201);
    const { reference } = made.json() as { reference: string };
    // Housekeeping prunes a finished record after IDEMPOTENCY_RETENTION_HOURS; the register row stays.
    await h.db.deleteFrom('idempotency_records').where('key', '=', key).execute();

    const sent = await disbursementsSent();
    const again = await disburse(accountA, ach('23.45'), key);
    expect(again.statusCode).toBe(409);
    expect(again.headers['money-reference']).toBe(reference);
    expect(apiErrorOf(again)).toMatchObject({
      code: 'conflict',
      submitted: 'yes',
      reference,
      message: `This request was made before with the same request id (our reference ${reference}): the platform accepted it. It will not be sent again; it is listed in your requests. Start a new request to send another.`,
    });
    const other = await disburse(accountB, wire('900.00'), key);
    expect(other.statusCode).toBe(409);
    expect(apiErrorOf(other).submitted).toBe('no');
    expect(await disbursementsSent()).toBe(sent);
    expect(await rowOfKey(key)).toMatchObject({
      reference,
      account_id: accountA,
      amount: '23.45',
      outcome: 'created',
    });
  });
});
