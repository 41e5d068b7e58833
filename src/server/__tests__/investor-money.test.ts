import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundMoveViewPageSchema } from '../../contract/custody-views';
import { linkedBankName, linkedBankResultSchema } from '../../contract/cash';
import { disbursementReceiptSchema } from '../../contract/disbursements';
import { investmentReceiptSchema } from '../../contract/investments';
import { iraSupplementReceiptSchema } from '../../contract/ira';
import { offeringPurchaseHistorySchema } from '../../contract/issuer-workspace';
import { moneyRequestPageSchema, timelineSchema } from '../../contract/money-requests';
import { EASTERN, todayInZone, utcInstantInWords } from '../../contract/time';
import { offeringDetailSchema, offeringListSchema } from '../../contract/offerings';
import { toSupplementRequest, iraSupplementSchema } from '../../contract/ira';
import { link } from '../store/users';
import { addCustodyAccountSupplement } from '../upstream';
import {
  call,
  callSandbox,
  clearFaults,
  dropNextCall,
  idempotencyKeys,
  investableOffering,
  sandboxCallsOf,
  settleLeftUnknown,
  signIn,
  unitsAboveMinimum,
  useHarness,
} from './harness';

/*
 * Money moves once: createTrade, createCustodyFundDisbursement and
 * addCustodyAccountSupplement through the BFF against the sandbox. Sandbox call counts prove
 * what reached the upstream.
 */

let investor: string;
let investor2: string;
let accountA: string;
let accountB: string;
/** Seed accounts without a custody account (seedCustody: the first four and every third have one). */
const IRA_READY = ['A1040692', 'A1040865', 'A1041211', 'A1041730'];

// The suite sends many money requests as one investor on purpose (retries, concurrent keys);
// the route limits are tested in security-bypasses.test.ts.
const h = useHarness({ limitScale: 10 });
beforeAll(async () => {
  // Accounts of the seed without a custody account, so an IRA can be requested for them: the
  // demo investor's own accounts have theirs, and a request for one is refused (§4.7, §4.15).
  const { id } = await h.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'investor@demo.test')
    .executeTakeFirstOrThrow();
  for (const accountId of IRA_READY) await link(h.db, id, 'account', accountId);
  investor = await signIn(h.app, 'investor@demo.test');
  investor2 = await signIn(h.app, 'investor2@demo.test');
  [accountA, accountB] = h.manifest.investors[0].accountIds;
});
afterEach(async () => {
  await clearFaults(h.sandboxUrl);
  await settleLeftUnknown(h.db);
});

const newKey = idempotencyKeys('test-key');

const upstreamCalls = (operation: string) => sandboxCallsOf(h.sandboxUrl, operation);

const post = (url: string, cookie: string, body: unknown, key: string | null = newKey()) =>
  call(h.app, 'POST', url, { cookie, body, headers: key ? { 'idempotency-key': key } : {} });

const VALID = {
  ach: { type: 'ach', amount: '125.50' },
  domestic: {
    type: 'wire_domestic',
    amount: '2500',
    bankId: '021000021',
    bankAccountId: '123456789',
    additionalDetails: 'For invoice 42',
  },
  international: {
    type: 'wire_international',
    amount: '1000.5',
    bankId: 'DEUTDEFF',
    bankAccountId: 'DE89 3704 0044 0532 0130 00',
  },
};

async function accessDeniedEvents(email: string) {
  return h.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', 'access_denied')
    .where('user_email', '=', email)
    .execute();
}

describe('disbursement requests (§4.5): the BFF re-applies every rule', () => {
  const invalid: [string, Record<string, unknown>, string][] = [
    ['zero amount', { type: 'ach', amount: '0' }, 'amount'],
    ['negative amount', { type: 'ach', amount: '-5' }, 'amount'],
    ['seven decimals', { type: 'ach', amount: '1.0000001' }, 'amount'],
    ['amount with a comma', { type: 'ach', amount: '1,000' }, 'amount'],
    ['unknown type', { type: 'check', amount: '10' }, 'type'],
    ['routing number of 8 digits', { ...VALID.domestic, bankId: '02100002' }, 'bankId'],
    [
      'routing number failing the ABA checksum',
      { ...VALID.domestic, bankId: '021000022' },
      'bankId',
    ],
    [
      'U.S. account number of 5 digits',
      { ...VALID.domestic, bankAccountId: '12345' },
      'bankAccountId',
    ],
    [
      'U.S. account number of 18 digits',
      { ...VALID.domestic, bankAccountId: '1'.repeat(18) },
      'bankAccountId',
    ],
    [
      'U.S. account number with letters',
      { ...VALID.domestic, bankAccountId: '1234567A' },
      'bankAccountId',
    ],
    ['SWIFT of 7 characters', { ...VALID.international, bankId: 'DEUTDEF' }, 'bankId'],
    ['SWIFT with a bad country', { ...VALID.international, bankId: 'DEUTZZFF' }, 'bankId'],
    [
      'IBAN failing mod 97',
      { ...VALID.international, bankAccountId: 'DE89370400440532013001' },
      'bankAccountId',
    ],
    [
      'account number of 13 characters',
      { ...VALID.international, bankAccountId: 'ABC1234567890' },
      'bankAccountId',
    ],
    [
      'additional details over 500 characters',
      { ...VALID.domestic, additionalDetails: 'x'.repeat(501) },
      'additionalDetails',
    ],
    ['a wire without bank fields', { type: 'wire_domestic', amount: '10' }, 'bankId'],
  ];

  it.each(invalid)(
    'refuses %s with 400 naming the field, and nothing reaches the upstream',
    async (_, body, field) => {
      const before = await upstreamCalls('createCustodyFundDisbursement');
      const res = await post(`/api/accounts/${accountA}/disbursements`, investor, body);
      expect(res.statusCode).toBe(400);
      const error = res.json().error;
      expect(error.submitted).toBe('no');
      expect(error.fields.map((f: { field: string }) => f.field)).toContain(field);
      expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);
    },
  );

  it('requires an Idempotency-Key', async () => {
    const before = await upstreamCalls('createCustodyFundDisbursement');
    const res = await post(`/api/accounts/${accountA}/disbursements`, investor, VALID.ach, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0].field).toBe('Idempotency-Key');
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);
  });

  it.each([
    ['an ACH transfer', VALID.ach, null, 'routing_number'],
    ['a domestic wire', VALID.domestic, '••••0021', 'routing_number'],
    ['an international wire', VALID.international, '••••DEFF', 'swift_bic'],
  ])('creates %s: pending, with bank numbers masked', async (_, body, bankIdMasked, bankIdKind) => {
    const res = await post(`/api/accounts/${accountA}/disbursements`, investor, body);
    expect(res.statusCode).toBe(201);
    const receipt = disbursementReceiptSchema.parse(res.json());
    expect(receipt.status).toBe('pending');
    expect(receipt.accountId).toBe(accountA);
    expect(receipt.bankIdMasked).toBe(bankIdMasked);
    // ACH goes to the bank linked to the account: the receipt names it, as the review did.
    const linked = linkedBankResultSchema.parse(
      (
        await call(h.app, 'GET', `/api/accounts/${accountA}/linked-bank`, { cookie: investor })
      ).json(),
    );
    expect(receipt.bankName ?? null).toBe(
      body.type === 'ach' && linked.state === 'linked' ? linkedBankName(linked.bank) : null,
    );
    if (body.type === 'ach') expect(receipt.bankName).toMatch(/••••\d{4}$/);
    // The receipt names the register's reference, the one the timeline and fund moves show.
    expect(receipt.reference).toMatch(/^MR-[0-9A-Z]{10}$/);
    const register = moneyRequestPageSchema.parse(
      (
        await call(h.app, 'GET', `/api/accounts/${accountA}/money-requests`, { cookie: investor })
      ).json(),
    );
    expect(register.requests.find((r) => r.reference === receipt.reference)?.upstreamId).toBe(
      receipt.requestId,
    );
    expect(res.body).not.toContain('123456789');
    expect(res.body).not.toContain('0532013000');
    // The fund move it leaves names the wire's bankId for what it is (§2.9, §4.5).
    const moves = fundMoveViewPageSchema.parse(
      (
        await call(h.app, 'GET', `/api/accounts/${accountA}/fund-moves?offset=0&limit=20`, {
          cookie: investor,
        })
      ).json(),
    ).moves;
    const move = moves.find((m) => m.portalReference === receipt.reference);
    expect(move).toMatchObject({ bankIdKind });
    if (bankIdMasked) expect(move?.routingNumberMasked).toBe(bankIdMasked);
  });

  it('collapses 20 concurrent submissions with one key into one upstream call', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const key = newKey();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(`/api/accounts/${accountA}/disbursements`, investor, VALID.domestic, key),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(replies.map((r) => r.json().requestId));
    expect(ids.size).toBe(1);
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(1);
    // A later retry with the same key is answered from the store, too.
    const retry = await post(
      `/api/accounts/${accountA}/disbursements`,
      investor,
      VALID.domestic,
      key,
    );
    expect(retry.json().requestId).toBe([...ids][0]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(1);
  });

  it('refuses the same key for a different request', async () => {
    const key = newKey();
    await post(`/api/accounts/${accountA}/disbursements`, investor, VALID.ach, key);
    const other = await post(
      `/api/accounts/${accountA}/disbursements`,
      investor,
      { ...VALID.ach, amount: '1' },
      key,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().error.submitted).toBe('no');
  });

  it("refuses a second investor aiming at the first investor's account: 403, nothing created, audited", async () => {
    const before = await upstreamCalls('createCustodyFundDisbursement');
    const deniedBefore = (await accessDeniedEvents('investor2@demo.test')).length;
    for (const account of [accountA, accountB]) {
      const res = await post(`/api/accounts/${account}/disbursements`, investor2, VALID.domestic);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.submitted).toBe('no');
    }
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before);
    const denied = await accessDeniedEvents('investor2@demo.test');
    expect(denied.length).toBe(deniedBefore + 2);
    expect(denied.map((e) => e.object_id)).toEqual(expect.arrayContaining([accountA, accountB]));
  });

  it('a dropped connection says the outcome is unknown, and a retry with the key does not send again', async () => {
    await dropNextCall(h.sandboxUrl, 'createCustodyFundDisbursement');
    const before = await upstreamCalls('createCustodyFundDisbursement');
    const key = newKey();
    const res = await post(`/api/accounts/${accountA}/disbursements`, investor, VALID.ach, key);
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const error = res.json().error;
    expect(error.submitted).toBe('unknown');
    expect(error.message).toMatch(/could not confirm|may or may not/i);
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before + 1);
    const retry = await post(`/api/accounts/${accountA}/disbursements`, investor, VALID.ach, key);
    expect(retry.json().error.submitted).toBe('unknown');
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before + 1);
  });

  it('an upstream refusal (5xx before anything is accepted) says so, and the same key may try again', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'createCustodyFundDisbursement',
      statusCode: '110',
      times: 1,
    });
    const key = newKey();
    const res = await post(`/api/accounts/${accountA}/disbursements`, investor, VALID.ach, key);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.submitted).toBe('no');
    const retry = await post(`/api/accounts/${accountA}/disbursements`, investor, VALID.ach, key);
    expect(retry.statusCode).toBe(201);
  });
});

describe('what a platform refusal is about travels with the 422', () => {
  it.each([
    ['a request already in process (150)', '150', 'state'],
    // A forced 106 names no parameter: nothing the person entered is known to be wrong.
    ['a parameter missing or invalid (106) naming nothing entered', '106', 'state'],
  ])('%s', async (_, statusCode, refusal) => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'createCustodyFundDisbursement',
      statusCode,
      times: 1,
    });
    const res = await post(`/api/accounts/${accountA}/disbursements`, investor, VALID.ach);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'upstream_rejected', submitted: 'no', refusal });
  });

  it('a code of no known meaning under HTTP 200 leaves the outcome unknown, with the reference, and the same key does not send it again (§7)', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'createCustodyFundDisbursement',
      statusCode: '999',
      times: 1,
    });
    const before = await upstreamCalls('createCustodyFundDisbursement');
    const key = newKey();
    const res = await post(`/api/accounts/${accountA}/disbursements`, investor, VALID.ach, key);
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const error = res.json().error;
    expect(error.submitted).toBe('unknown');
    expect(error.reference).toMatch(/^MR-/);
    expect(error.message).not.toMatch(/nothing was changed/);
    const retry = await post(`/api/accounts/${accountA}/disbursements`, investor, VALID.ach, key);
    expect(retry.json().error.submitted).toBe('unknown');
    expect(await upstreamCalls('createCustodyFundDisbursement')).toBe(before + 1);
  });
});

describe('investing (createTrade)', () => {
  const url = (offeringId: string) => `/api/offerings/${offeringId}/investments`;

  it('units bought by others meanwhile: the refusal says how many remain, in portal words, and the offering is read again', async () => {
    const { offerings } = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie: investor })).json(),
    );
    // Not the offering the other tests buy from: this one is bought out.
    const first = await investableOffering(h.app, investor);
    const offering = offerings.find(
      (o) =>
        o.id !== first.id &&
        ['approved', 'open'].includes(o.status) &&
        Number(o.unitPrice) > 0 &&
        // A minimum of more than one unit, so that fewer than it can be left.
        Number(o.minAmount) > Number(o.unitPrice) &&
        Number.isInteger(Number(o.remainingShares)) &&
        Number(o.remainingShares) > Math.ceil(Number(o.minAmount) / Number(o.unitPrice)) + 10 &&
        Number(o.maxAmount) >=
          (Math.ceil(Number(o.minAmount) / Number(o.unitPrice)) + 10) * Number(o.unitPrice),
    );
    if (!offering) throw new Error('the sandbox has no second investable offering');
    const minimum = Math.ceil(Number(offering.minAmount) / Number(offering.unitPrice));
    /** Another investor buys at the platform directly: the portal's read of the offering is stale. */
    const othersBuy = async (leaving: number) => {
      const remaining = offeringDetailSchema.parse(
        (await call(h.app, 'GET', `/api/offerings/${offering.id}`, { cookie: investor })).json(),
      ).offering.remainingShares;
      // The portal's read of the offerings, as the invest page just made it.
      await call(h.app, 'GET', '/api/offerings', { cookie: investor });
      const res = await fetch(`${h.sandboxUrl}/index.php/v3/createTrade`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${h.credentials.clientId}:${h.credentials.apiKey}`,
        },
        body: JSON.stringify({
          accountId: accountA,
          offeringId: offering.id,
          units: String(Number(remaining) - leaving),
        }),
      });
      expect(((await res.json()) as { statusCode: string }).statusCode).toBe('101');
    };

    // Enough left for the minimum: the units are what to change.
    const left = minimum + 2;
    await othersBuy(left);
    const refused = await post(url(offering.id), investor, {
      accountId: accountA,
      units: String(minimum + 5),
    });
    expect(refused.statusCode).toBe(422);
    const message = `Only ${left} units remain in this offering.`;
    expect(refused.json().error).toMatchObject({
      code: 'upstream_rejected',
      submitted: 'no',
      refusal: 'request',
      fields: [{ field: 'units', message }],
      message: `The platform refused it; nothing was changed. ${message}`,
    });
    // The offering is read again: it says what the platform says.
    const after = offeringDetailSchema.parse(
      (await call(h.app, 'GET', `/api/offerings/${offering.id}`, { cookie: investor })).json(),
    );
    expect(Number(after.offering.remainingShares)).toBe(left);

    // Fewer left than the minimum: nothing in the request can be changed to buy.
    await othersBuy(minimum - 1);
    const none = await post(url(offering.id), investor, {
      accountId: accountA,
      units: String(minimum),
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toMatchObject({ refusal: 'state', submitted: 'no' });
    expect(none.json().error.fields[0].message).toBe(
      `Only ${minimum - 1} ${minimum - 1 === 1 ? 'unit remains' : 'units remain'} in this offering, fewer than the ${minimum} units its minimum investment needs: it cannot take a new investment.`,
    );
    expect(none.json().error.message).not.toMatch(/Data\/parameter|\.000000/);
  });

  it('creates one trade for a double submission, with the exact amount, and the offering reflects it', async () => {
    const offering = await investableOffering(h.app, investor);
    const units = unitsAboveMinimum(offering, 3);
    const before = await upstreamCalls('createTrade');
    const key = newKey();
    const [first, second] = await Promise.all([
      post(url(offering.id), investor, { accountId: accountA, units }, key),
      post(url(offering.id), investor, { accountId: accountA, units }, key),
    ]);
    expect(first.statusCode).toBe(201);
    expect(second.json().tradeId).toBe(first.json().tradeId);
    expect(await upstreamCalls('createTrade')).toBe(before + 1);
    const receipt = investmentReceiptSchema.parse(first.json());
    expect(receipt.units).toBe(units);
    expect(receipt.status).toBe('created');
    expect(receipt.reference).toMatch(/^MR-[0-9A-Z]{10}$/);
    const after = offeringDetailSchema.parse(
      (await call(h.app, 'GET', `/api/offerings/${offering.id}`, { cookie: investor })).json(),
    ).offering;
    expect(Number(after.remainingShares)).toBe(Number(offering.remainingShares) - Number(units));
    // …and its purchase history lists the trade (read as a reviewer, who may see any offering).
    const reviewer = await signIn(h.app, 'compliance@demo.test');
    const history = offeringPurchaseHistorySchema.parse(
      (
        await call(h.app, 'GET', `/api/offerings/${offering.id}/purchase-history`, {
          cookie: reviewer,
        })
      ).json(),
    ).history;
    const trade = history.purchases.find((p) => p.tradeId === receipt.tradeId);
    expect(trade?.accountId).toBe(accountA);
  });

  it("answers and records the platform's amount for the trade, not units × the price as read, and says when they differ", async () => {
    const offering = await investableOffering(h.app, investor);
    // The portal reads the offering at twice the platform's price (a price changed since, or a
    // catalog that disagrees): the platform prices the trade at its own (createTrade's
    // transactionAmount, real-world notes §4.1).
    const { offerings } = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie: investor })).json(),
    );
    const position = offerings.findIndex((o) => o.id === offering.id);
    const readPrice = String(Number(offering.unitPrice) * 2);
    const units = unitsAboveMinimum(offering, 1);
    h.built.deps.offerings.invalidate();
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'offerings',
      oddRecord: { position, fields: { unitPrice: readPrice } },
      times: 1,
    });
    const res = await post(url(offering.id), investor, { accountId: accountA, units });
    expect(res.statusCode).toBe(201);
    const receipt = investmentReceiptSchema.parse(res.json());
    expect(receipt.unitPrice).toBe(readPrice);
    const platformAmount = (Number(units) * Number(offering.unitPrice)).toFixed(2);
    expect(Number(receipt.amount)).toBe(Number(platformAmount));
    expect(Number(receipt.quotedAmount)).toBe(Number(units) * Number(readPrice));
    // The register and the audit event carry the platform's amount too.
    const row = await h.db
      .selectFrom('money_requests')
      .select(['amount'])
      .where('reference', '=', receipt.reference)
      .executeTakeFirstOrThrow();
    expect(Number(row.amount)).toBe(Number(platformAmount));
    const event = await h.db
      .selectFrom('audit_events')
      .select(['details'])
      .where('action', '=', 'trade_created')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(event.details)).toContain(`"amount":"${receipt.amount}"`);
  });

  it.each([
    ['zero units', '0', /at least 1/],
    ['fractional units', '1.5', /whole number/],
    ['units below the minimum amount', '1', /below this offering's minimum/],
    ['more units than remain', '999999999999', /remain/],
  ])('refuses %s before the upstream', async (_, units, message) => {
    const offering = await investableOffering(h.app, investor);
    const before = await upstreamCalls('createTrade');
    const res = await post(url(offering.id), investor, { accountId: accountA, units });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
    expect(await upstreamCalls('createTrade')).toBe(before);
  });

  it('records what a refused investment asked for: its units and their amount, beside the refusal', async () => {
    const offering = await investableOffering(h.app, investor);
    const res = await post(url(offering.id), investor, { accountId: accountA, units: '1' });
    expect(res.statusCode).toBe(400);
    const reference = res.headers['money-reference'] as string;
    expect(reference).toMatch(/^MR-[0-9A-Z]{10}$/);
    const row = await h.db
      .selectFrom('money_requests')
      .select(['outcome', 'units', 'unit_price', 'amount'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      outcome: 'not_sent',
      units: '1',
      unit_price: offering.unitPrice,
      amount: offering.unitPrice,
    });
  });

  it('refuses offerings that do not accept investments, and says why', async () => {
    const { offerings } = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie: investor })).json(),
    );
    const before = await upstreamCalls('createTrade');
    for (const status of ['closed', 'pending']) {
      const offering = offerings.find((o) => o.status === status)!;
      const res = await post(url(offering.id), investor, { accountId: accountA, units: '100' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toMatch(
        status === 'closed' ? /closed/ : /awaiting approval/,
      );
      // The offering's state, not the request: the form must not offer to change the request.
      expect(res.json().error).toMatchObject({ submitted: 'no', refusal: 'state' });
    }
    expect(await upstreamCalls('createTrade')).toBe(before);
  });

  it("refuses a second investor investing from the first investor's account", async () => {
    const offering = await investableOffering(h.app, investor);
    const before = await upstreamCalls('createTrade');
    const res = await post(url(offering.id), investor2, { accountId: accountA, units: '100' });
    expect(res.statusCode).toBe(403);
    expect(await upstreamCalls('createTrade')).toBe(before);
    const denied = await accessDeniedEvents('investor2@demo.test');
    expect(denied.some((e) => e.object_id === accountA && e.object_type === 'account')).toBe(true);
  });
});

describe('IRA supplement (§4.7)', () => {
  // The tax year counts in US Eastern time, as the rule does (contract/ira.ts).
  const thisYear = Number(todayInZone(EASTERN).slice(0, 4));
  const valid = {
    mailing: {
      maritalStatus: 'married',
      line1: '1 Main St',
      city: 'Denver',
      state: 'co',
      zipCode: '80202',
      country: 'us',
    },
    management: { investmentManager: 'not_now', proxyVoting: 'receive_all' },
    funding: {
      contributionMethod: 'regular_contribution',
      contributionTaxYear: String(thisYear),
      currentHolding: { firmName: 'Old Brokerage', country: 'US', accountNumber: '99887766' },
    },
  };
  const [iraA, iraB, iraC, iraD] = IRA_READY;
  const url = (accountId = iraB) => `/api/accounts/${accountId}/ira-supplement`;
  /** The sandbox's manifest before any test of this block requested an IRA. */
  let manifest: { custodyAccountIds: string[] };
  beforeAll(async () => {
    manifest = (await callSandbox(h.sandboxUrl, '/__sandbox/manifest')) as typeof manifest;
  });

  it('the accounts it requests IRAs for have no custody account yet', async () => {
    for (const accountId of [...IRA_READY, h.manifest.investors[1].accountIds[2]])
      expect(manifest.custodyAccountIds).not.toContain(accountId);
  });

  it('submits once, answers the choices in words and masks the account number', async () => {
    const before = await upstreamCalls('addCustodyAccountSupplement');
    const key = newKey();
    const replies = await Promise.all([
      post(url(), investor, valid, key),
      post(url(), investor, valid, key),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await upstreamCalls('addCustodyAccountSupplement')).toBe(before + 1);
    const receipt = iraSupplementReceiptSchema.parse(replies[0].json());
    expect(receipt).toMatchObject({
      maritalStatus: 'married',
      investmentManager: 'not_now',
      proxyVoting: 'receive_all',
      contributionMethod: 'regular_contribution',
      contributionTaxYear: String(thisYear),
    });
    expect(receipt.mailingAddress.state).toBe('CO');
    expect(receipt.holdings[0].accountNumberMasked).toBe('••••7766');
    expect(replies[0].body).not.toContain('99887766');
  });

  it('an investor opens an IRA answering only what §4.7 requires, writing USA, and gets a reference', async () => {
    // A request the platform refused left nothing behind: it does not stand in the way.
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'addCustodyAccountSupplement',
      statusCode: '106',
      when: { accountId: iraA },
      times: 1,
    });
    const refused = await post(url(iraA), investor, valid);
    expect(refused.statusCode).toBe(422);
    const res = await post(url(iraA), investor, {
      mailing: { ...valid.mailing, country: 'USA' },
      management: {},
      funding: {
        internationalAccountNumber: 'GB82 WEST 1234 5698 7654 32',
        currentHolding: {},
        secondHolding: { firmName: 'Second Bank', accountNumber: '55554444' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const receipt = iraSupplementReceiptSchema.parse(res.json());
    expect(receipt.mailingAddress.country).toBe('US');
    expect(receipt.investmentManager).toBeNull();
    expect(receipt.contributionMethod).toBeNull();
    expect(receipt.internationalAccountNumberMasked).toBe('••••5432');
    expect(receipt.holdings).toEqual([
      expect.objectContaining({ firmName: 'Second Bank', accountNumberMasked: '••••4444' }),
    ]);
    expect(Date.parse(receipt.submittedAt)).not.toBeNaN();
    // The reference the account's timeline and the register show, and the audit entry holds.
    expect(res.headers['money-reference']).toBe(receipt.reference);
    const registered = await h.db
      .selectFrom('money_requests')
      .select('kind')
      .where('reference', '=', receipt.reference)
      .executeTakeFirst();
    expect(registered?.kind).toBe('ira_supplement');
    // The supplement gives back only the account (§2.11): the timeline names the request by our
    // reference, not by the account number.
    const timeline = timelineSchema.parse(
      (await call(h.app, 'GET', `/api/accounts/${iraA}/timeline`, { cookie: investor })).json(),
    );
    const entry = timeline.entries.find((e) => e.reference === receipt.reference);
    expect(entry).toMatchObject({ kind: 'ira_supplement', id: receipt.reference });
    const audited = await h.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'ira_supplement_requested')
      .execute();
    expect(audited.map((e) => (e.details as { reference?: string }).reference)).toContain(
      receipt.reference,
    );
  });

  it.each([
    [
      'a regular contribution without a tax year',
      { funding: { ...valid.funding, contributionTaxYear: undefined } },
      /Tax year is required/,
    ],
    [
      'a tax year three years back',
      { funding: { ...valid.funding, contributionTaxYear: String(thisYear - 3) } },
      /Tax year must be/,
    ],
    [
      'a transfer without the current firm',
      { funding: { contributionMethod: 'transfer', currentHolding: {} } },
      /firm/,
    ],
    ['a U.S. address with a bad state', { mailing: { ...valid.mailing, state: 'XX' } }, /State/],
    [
      'proxies to a manager nobody appointed',
      { management: { investmentManager: 'not_now', proxyVoting: 'send_to_manager' } },
      /investment manager/,
    ],
    ['an unknown marital status', { mailing: { ...valid.mailing, maritalStatus: 'widowed' } }, /./],
  ])('refuses %s before the upstream', async (_, change, message) => {
    const before = await upstreamCalls('addCustodyAccountSupplement');
    const res = await post(url(), investor, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(message);
    expect(await upstreamCalls('addCustodyAccountSupplement')).toBe(before);
  });

  it("refuses the second investor on the first investor's account", async () => {
    const before = await upstreamCalls('addCustodyAccountSupplement');
    const res = await post(url(), investor2, valid);
    expect(res.statusCode).toBe(403);
    expect(await upstreamCalls('addCustodyAccountSupplement')).toBe(before);
  });

  it('refuses a second request while an accepted one stands: 409 naming its reference, nothing sent', async () => {
    // This test's own account, whose first request is accepted (the register says created).
    expect((await post(url(iraD), investor, valid)).statusCode).toBe(201);
    const page = moneyRequestPageSchema.parse(
      (
        await call(h.app, 'GET', `/api/accounts/${iraD}/money-requests?kind=ira_supplement`, {
          cookie: investor,
        })
      ).json(),
    );
    const accepted = page.requests.find((r) => r.outcome === 'created')!;
    expect(accepted).toBeDefined();
    const before = await upstreamCalls('addCustodyAccountSupplement');
    // The page sends the viewer's zone: when the standing one was made is said in it, as the
    // timeline beside the refusal says it.
    const res = await post(`${url(iraD)}?timeZone=America/New_York`, investor, valid);
    expect(res.statusCode).toBe(409);
    const error = res.json().error;
    expect(error).toMatchObject({ code: 'conflict', submitted: 'no', refusal: 'state' });
    const madeInNewYork = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/New_York',
      timeZoneName: 'short',
    })
      .format(new Date(accepted.createdAt))
      .replace(/\u202f/g, ' ');
    expect(madeInNewYork).toMatch(/ E[SD]T$/);
    expect(error.message).toContain(
      `An IRA request for this account is already waiting: our reference ${accepted.reference}, made ${madeInNewYork}, accepted (The platform accepted the request.)`,
    );
    // Without a zone (a client that sends none), in UTC, named.
    const inUtc = await post(url(iraD), investor, valid);
    expect(inUtc.json().error.message).toContain(
      `made ${utcInstantInWords(accepted.createdAt)}, accepted`,
    );
    expect(error.reference).not.toBe(accepted.reference);
    expect(await upstreamCalls('addCustodyAccountSupplement')).toBe(before);
    // The refused attempt is in the register as never sent; the accepted one is unchanged.
    const rows = await h.db
      .selectFrom('money_requests')
      .select(['reference', 'outcome'])
      .where('reference', 'in', [error.reference, accepted.reference])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.reference, r.outcome]))).toEqual({
      [error.reference]: 'not_sent',
      [accepted.reference]: 'created',
    });
  });

  it('refuses a second request while one of unknown outcome stands, and two tabs at once send one', async () => {
    const accountC = h.manifest.investors[1].accountIds[2];
    const urlC = url(accountC);
    await dropNextCall(h.sandboxUrl, 'addCustodyAccountSupplement', { accountId: accountC });
    const lost = await post(urlC, investor2, valid);
    expect(lost.json().error.submitted).toBe('unknown');
    const unknownRef = lost.json().error.reference as string;
    const second = await post(urlC, investor2, valid);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toMatch(
      new RegExp(`our reference ${unknownRef}, made .* UTC, outcome unknown \\(`),
    );

    // Settled as never sent (here straight in the store, as reconciliation would): it no longer
    // stands, and of two tabs sending at once only the earlier one goes.
    await h.db
      .updateTable('money_requests')
      .set({ outcome: 'not_sent' })
      .where('reference', '=', unknownRef)
      .execute();
    const before = await upstreamCalls('addCustodyAccountSupplement');
    const both = await Promise.all([post(urlC, investor2, valid), post(urlC, investor2, valid)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await upstreamCalls('addCustodyAccountSupplement')).toBe(before + 1);
  });

  /** The refused request's error, with its register row's outcome; nothing was sent. */
  async function refusedBeforeSending(accountId: string) {
    const before = await upstreamCalls('addCustodyAccountSupplement');
    const res = await post(url(accountId), investor, valid);
    expect(res.statusCode).toBe(409);
    const error = res.json().error;
    expect(error).toMatchObject({ code: 'conflict', submitted: 'no', refusal: 'state' });
    expect(await upstreamCalls('addCustodyAccountSupplement')).toBe(before);
    const row = await h.db
      .selectFrom('money_requests')
      .select(['outcome', 'kind'])
      .where('reference', '=', error.reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ outcome: 'not_sent', kind: 'ira_supplement' });
    return error as { message: string; nextStep: string };
  }

  it('refuses a request for an account whose custody account is approved (§4.7, §4.15): 409 saying so, nothing sent', async () => {
    // The seed approved the demo account's custody account (request ID CR880000); no IRA
    // request of it is in the register.
    const error = await refusedBeforeSending(accountA);
    expect(error.message).toBe(
      "This account already has a custody account (request ID CR880000, approved), and an account has one custody account, so a second IRA request is not sent. See it under Custody account on the account's page.",
    );
    expect(error.nextStep).toBe("See it under Custody account on the account's page.");
  });

  it('refuses a request for an account whose custody account was requested by other means and is not approved yet', async () => {
    // Requested at the platform without the portal: the register holds nothing of it.
    await addCustodyAccountSupplement(
      h.built.deps.upstream,
      toSupplementRequest(iraC, iraSupplementSchema.parse(valid)),
    );
    const error = await refusedBeforeSending(iraC);
    expect(error.message).toMatch(
      /^This account's IRA custody account was already requested \(request ID CR\d{6}, pending\) and is being opened, so a second IRA request is not sent\. Follow it under Custody account on the account's page\.$/,
    );
  });

  it('goes on when the custody account cannot be read for lack of permission (§4.15, §5 rule 10): the platform decides', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyAccount',
      statusCode: '110',
      when: { accountId: accountA },
      times: 1,
    });
    const before = await upstreamCalls('addCustodyAccountSupplement');
    const res = await post(url(accountA), investor, valid);
    expect(res.statusCode, res.body).toBe(201);
    expect(await upstreamCalls('addCustodyAccountSupplement')).toBe(before + 1);
  });
});
