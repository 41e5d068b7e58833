import { beforeAll, describe, expect, it } from 'vitest';
import { getMoneyRequest } from '../store/money-requests';
import { approvalWaitReason } from '../../contract/disbursements';
import { apiErrorOf, call, idempotencyKeys, sandboxCallsOf, signIn, useHarness } from './harness';

/*
 * The limits of the routes that move or route money, against an investor who tries to get round
 * them: DISBURSEMENT_APPROVAL_ABOVE on the account's rolling total, not on one request (ten
 * requests just under it would otherwise move ten times the limit with no second person), and
 * the same rate limits on deposits and on linking a bank as on disbursements.
 */

let investor: string;
let accountA: string;
let accountB: string;

// The same request made moments ago refuses a repeat too (the harness turns that window off): four
// deposits at once then leave one sent however the checks interleave with the first one's answer,
// which on a busy PostgreSQL server may come before the last check. Every amount below differs.
const h = useHarness({
  env: { DISBURSEMENT_APPROVAL_ABOVE: '1000', SAME_REQUEST_WINDOW_MINUTES: '10' },
});
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  [accountA, accountB] = h.manifest.investors[0].accountIds;
});

const newKey = idempotencyKeys('limits');
const post = (url: string, body: unknown, key: string | null = newKey()) =>
  call(h.app, 'POST', url, {
    cookie: investor,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });
const wire = (accountId: string, amount: string) =>
  post(`/api/accounts/${accountId}/disbursements`, {
    type: 'wire_domestic',
    amount,
    bankId: '021000021',
    bankAccountId: '55544433322',
  });

/** What the review before Confirm reads: the account's disbursements of the last 24 hours. */
const earlierTotal = async (accountId: string) => {
  const res = await call(h.app, 'GET', `/api/accounts/${accountId}/disbursements/approval-total`, {
    cookie: investor,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { earlier: string }).earlier;
};

describe('the approval limit on disbursements', () => {
  it('counts the account’s disbursements of the last 24 hours: the one that crosses it waits', async () => {
    const sentBefore = await sandboxCallsOf(h.sandboxUrl, 'createCustodyFundDisbursement');
    expect(await earlierTotal(accountA)).toBe('0');
    // $955.00 in three requests, together under the limit: each goes.
    for (const amount of ['300', '320', '335']) {
      const res = await wire(accountA, amount);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toHaveProperty('requestId');
    }
    expect(await sandboxCallsOf(h.sandboxUrl, 'createCustodyFundDisbursement')).toBe(
      sentBefore + 3,
    );
    // The review before Confirm reads the total, and says what the answer will say.
    const earlier = await earlierTotal(accountA);
    expect(earlier).toBe('955');
    const told = approvalWaitReason('999', earlier, '1000');
    // The fourth, under the limit by itself, brings the total above it: held, nothing sent.
    const fourth = await wire(accountA, '999');
    expect(fourth.statusCode, fourth.body).toBe(201);
    expect(fourth.json().pendingApproval).toMatchObject({ state: 'pending', amount: '999' });
    expect(fourth.json().why).toBe(
      "With the earlier disbursements of the last 24 hours ($955.00) this one brings the total to $1,954.00, above $1,000.00: it waits for a second person's approval.",
    );
    expect(fourth.json().why).toBe(told);
    expect(await sandboxCallsOf(h.sandboxUrl, 'createCustodyFundDisbursement')).toBe(
      sentBefore + 3,
    );
    // The one held counts too: a small one after it waits as well.
    const after = await wire(accountA, '5');
    expect(after.json().pendingApproval).toMatchObject({ amount: '5' });
    expect(await earlierTotal(accountA)).toBe('1959');
    // Another account's total is its own.
    const other = await wire(accountB, '900');
    expect(other.json()).toHaveProperty('requestId');
  });

  it("reads the total of the investor's own accounts only", async () => {
    const res = await call(h.app, 'GET', `/api/accounts/A1040692/disbursements/approval-total`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(403);
  });

  it('says the limit itself when one request is above it', async () => {
    const res = await wire(accountB, '1500.5');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().why).toBe(
      "Disbursements above $1,000.00 wait for a second person's approval.",
    );
  });
});

describe('rate limits on the routes that move or route money', () => {
  // Counted before the input is checked: requests refused for their input count too, so these
  // reach the limit without moving money (none carries an Idempotency-Key).
  it.each([
    ['a deposit', () => `/api/accounts/${accountA}/deposits`],
    ['linking a bank', () => `/api/accounts/${accountA}/linked-bank`],
  ])('%s: 30 a minute per person, then 429 with the disbursements’ words', async (_what, url) => {
    const other = await signIn(h.app, 'investor2@demo.test');
    const refused = (cookie: string) =>
      // Another investor's account: refused (403) without a call to the platform, counted all the same.
      call(h.app, 'POST', url(), { cookie, body: {} });
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await refused(other)).statusCode);
    expect(answers.slice(0, 30).every((status) => status !== 429)).toBe(true);
    expect(answers[30]).toBe(429);
    const error = apiErrorOf(await refused(other));
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(
      /^Too many requests of this kind right now\. Nothing was sent; try again in \d+ seconds?\.$/,
    );
    // Per person: the first investor is not held back by the second one's requests.
    expect((await post(url(), {}, null)).statusCode).not.toBe(429);
  });
});

describe('requests made at once', () => {
  it('a request refused as a repeat is never named to another as being sent', async () => {
    const before = await sandboxCallsOf(h.sandboxUrl, 'fundCustodyAccount');
    // Four deposits of $31.50 at once, each under a key of its own (four tabs).
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => post(`/api/accounts/${accountA}/deposits`, { amount: '31.50' })),
    );
    const created = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(created).toHaveLength(1);
    expect(await sandboxCallsOf(h.sandboxUrl, 'fundCustodyAccount')).toBe(before + 1);
    const sent = created[0].json().reference as string;
    for (const res of refused) {
      const error = apiErrorOf(res);
      expect(res.statusCode, res.body).toBe(409);
      // Only the one that was sent stands in their way, in the answer and in the register.
      expect(error.standing?.map((row) => row.reference)).toEqual([sent]);
      const own = await getMoneyRequest(h.db, error.reference!);
      expect(own).toMatchObject({ outcome: 'not_sent' });
      expect(own!.message).toContain(sent);
      for (const other of refused) {
        const theirs = apiErrorOf(other).reference!;
        expect(error.message).not.toContain(theirs);
        expect(own!.message).not.toContain(theirs);
      }
    }
  });
});
