import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  depositReceiptSchema,
  linkBankReceiptSchema,
  linkedBankResultSchema,
} from '../../contract/cash';
import { complianceFundMovesSchema } from '../../contract/compliance';
import { fundMoveTitle, fundMoveViewPageSchema } from '../../contract/custody-views';
import { disbursementReceiptSchema } from '../../contract/disbursements';
import { holdingsResultSchema } from '../../contract/holdings';
import { formatMoney, sum } from '../../contract/decimal';
import { investmentReceiptSchema } from '../../contract/investments';
import { offeringListSchema } from '../../contract/offerings';
import { preflightSchema } from '../../contract/preflight';
import {
  acceptedDisbursementState,
  moneyRequestPageSchema,
  reconciliationSummarySchema,
  timelineSchema,
} from '../../contract/money-requests';
import {
  apiErrorOf,
  breakCatalogue,
  call,
  callSandbox,
  clearFaults,
  dropNextCall,
  idempotencyKeys,
  investableOffering,
  sandboxCalls,
  settleLeftUnknown,
  signIn,
  startHarness,
  unitsAboveMinimum,
  useHarness,
} from './harness';
import { isolate } from '../../contract/bidi';

/*
 * An investor's money picture through the BFF against the sandbox: holdings from the GET trades
 * collection (§4.16), the bank ACH uses and deposits (§4.5, fundCustodyAccount), the invest
 * preflight, and the limits on money out.
 */

let investor: string;
let investor2: string;
let accountA: string;
let accountB: string;
let jordanAccount: string;

const h = useHarness({ env: { DISBURSEMENT_MAX_AMOUNT: '5000' } });
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  investor2 = await signIn(h.app, 'investor2@demo.test');
  [accountA, accountB] = h.manifest.investors[0].accountIds;
  jordanAccount = h.manifest.investors[1].accountIds[0];
});
afterEach(() => settleLeftUnknown(h.db));

const newKey = idempotencyKeys('money-picture');
const get = (url: string, cookie: string) => call(h.app, 'GET', url, { cookie });
const post = (url: string, cookie: string, body?: unknown, key: string | null = newKey()) =>
  call(h.app, 'POST', url, { cookie, body, headers: key ? { 'idempotency-key': key } : {} });

describe('holdings (GET trades collection, §4.16)', () => {
  it('lists a trade just created, with its amount, and totals it per offering', async () => {
    const offering = await investableOffering(h.app, investor);
    const units = unitsAboveMinimum(offering, 2);
    const before = holdingsResultSchema.parse(
      (await get(`/api/holdings?accountId=${accountA}`, investor)).json(),
    );
    if (before.state !== 'available') throw new Error('holdings unavailable');
    const res = await post(`/api/offerings/${offering.id}/investments`, investor, {
      accountId: accountA,
      units,
    });
    expect(res.statusCode).toBe(201);
    const receipt = investmentReceiptSchema.parse(res.json());

    const after = holdingsResultSchema.parse(
      (await get(`/api/holdings?accountId=${accountA}`, investor)).json(),
    );
    if (after.state !== 'available') throw new Error('holdings unavailable');
    const row = after.trades.find((t) => t.tradeId === receipt.tradeId);
    expect(row).toMatchObject({
      accountId: accountA,
      offeringId: offering.id,
      offeringName: offering.name,
      units,
      amount: receipt.amount,
      status: 'created',
    });
    expect(row?.statusText).toMatch(/^Created/);
    const group = (list: typeof after.byOffering) => list.find((o) => o.offeringId === offering.id);
    const previous = group(before.byOffering);
    expect(group(after.byOffering)?.tradeCount).toBe((previous?.tradeCount ?? 0) + 1);
    expect(Number(group(after.byOffering)?.amount)).toBeCloseTo(
      Number(previous?.amount ?? 0) + Number(receipt.amount),
      6,
    );
    expect(after.trades.every((t) => t.accountId === accountA)).toBe(true);
    // Created is not owned yet: it waits for payment and approval, apart from what is settled.
    expect(after.settledAmount).toBe(before.settledAmount);
    expect(sum([after.settledAmount, after.pendingAmount])).toBe(after.totalAmount);
    expect(sum([before.pendingAmount, receipt.amount])).toBe(after.pendingAmount);

    // Across accounts: the same trade, and nothing of anyone else.
    const all = holdingsResultSchema.parse((await get('/api/holdings', investor)).json());
    if (all.state !== 'available') throw new Error('holdings unavailable');
    expect(all.trades.some((t) => t.tradeId === receipt.tradeId)).toBe(true);
    expect(all.trades.every((t) => [accountA, accountB].includes(t.accountId))).toBe(true);
    const jordan = holdingsResultSchema.parse((await get('/api/holdings', investor2)).json());
    if (jordan.state !== 'available') throw new Error('holdings unavailable');
    expect(jordan.trades.some((t) => t.tradeId === receipt.tradeId)).toBe(false);
  });
});

describe('holdings when the offerings cannot be read', () => {
  it('still lists the trades, each offering by its number, and says why', async () => {
    await breakCatalogue(h);
    try {
      const res = await get(`/api/holdings?accountId=${accountA}`, investor);
      expect(res.statusCode).toBe(200);
      const result = holdingsResultSchema.parse(res.json());
      if (result.state !== 'available') throw new Error('holdings unavailable');
      expect(result.trades.length).toBeGreaterThan(0);
      expect(result.trades.every((t) => t.offeringName === null)).toBe(true);
      expect(result.gaps).toEqual([expect.stringMatching(/^The offerings could not be read/)]);
    } finally {
      await clearFaults(h.sandboxUrl);
      h.built.deps.offerings.invalidate();
    }
    const healed = holdingsResultSchema.parse(
      (await get(`/api/holdings?accountId=${accountA}`, investor)).json(),
    );
    if (healed.state !== 'available') throw new Error('holdings unavailable');
    expect(healed.gaps).toEqual([]);
    expect(healed.trades.some((t) => t.offeringName !== null)).toBe(true);
  });
});

describe("holdings when one account's trades cannot be read", () => {
  it("lists the other account's investments and names the one left out, never failing the page", async () => {
    // §4.16: the trades collection is read once per account, filtered by accountId.
    const rule = (await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'trades',
      malformedJson: true,
      when: { 'filter[]': `accountId:${accountB}` },
    })) as { id: string };
    try {
      const res = await get('/api/holdings', investor);
      expect(res.statusCode, res.body).toBe(200);
      const result = holdingsResultSchema.parse(res.json());
      if (result.state !== 'available') throw new Error('holdings unavailable');
      expect(result.trades.length).toBeGreaterThan(0);
      expect(result.trades.every((t) => t.accountId === accountA)).toBe(true);
      expect(result.complete).toBe(false);
      expect(result.gaps).toEqual([
        `The investments of account ${accountB} could not be read right now, so they are neither listed nor in any total below. Try again in a moment.`,
      ]);
    } finally {
      await fetch(`${h.sandboxUrl}/__sandbox/faults/${rule.id}`, { method: 'DELETE' });
    }
  });
});

describe('holdings in body-credential mode (§5 rules 4 and 6)', () => {
  it('says plainly that holdings need header authentication, with no upstream call', async () => {
    const body = await startHarness({ env: { TRANSACT_AUTH: 'body' } });
    try {
      const cookie = await signIn(body.app, 'investor@demo.test');
      const res = await call(body.app, 'GET', '/api/holdings', { cookie });
      expect(res.statusCode).toBe(200);
      const result = holdingsResultSchema.parse(res.json());
      expect(result).toMatchObject({ state: 'unavailable', reason: 'header_auth_required' });
      if (result.state === 'unavailable') expect(result.message).toMatch(/header authentication/);
    } finally {
      await body.close();
    }
  }, 120_000);
});

describe('the cash cycle: the bank ACH uses, and deposits (§4.5, fundCustodyAccount)', () => {
  it('links a bank where none is linked, shows it masked, then deposits from it', async () => {
    const none = linkedBankResultSchema.parse(
      (await get(`/api/accounts/${accountB}/linked-bank`, investor)).json(),
    );
    expect(none.state).toBe('none');
    // ACH out cannot go anywhere yet, nor can a deposit come in: both are refused by the BFF,
    // naming the rule, before any upstream write.
    const before = await sandboxCalls(h.sandboxUrl);
    const ach = await post(`/api/accounts/${accountB}/disbursements`, investor, {
      type: 'ach',
      amount: '10',
    });
    expect(ach.statusCode).toBe(409);
    expect(ach.json().error).toMatchObject({
      submitted: 'no',
      fields: [
        { field: 'type', message: expect.stringMatching(/^ACH needs a bank account linked/) },
      ],
    });
    // Each refusal is one sentence pair, why and what to do, without "Nothing was submitted"
    // (the outcome says so), and the same pair in the register and on the timeline.
    expect(ach.json().error).toMatchObject({
      message:
        'ACH needs a bank account linked to this account, and none is linked. Send the money by wire, or link a bank account on the Money and timeline page first.',
      nextStep:
        'Send the money by wire, or link a bank account on the Money and timeline page first.',
    });
    const early = await post(`/api/accounts/${accountB}/deposits`, investor, { amount: '10' });
    expect(early.statusCode).toBe(409);
    const why = 'A deposit comes from the bank account linked to this account, and none is linked.';
    const next = 'Link a bank account on the Money and timeline page first, then send the deposit.';
    expect(early.json().error).toMatchObject({
      message: `${why} ${next}`,
      nextStep: next,
      refusal: 'state',
    });
    const reference = early.json().error.reference as string;
    const mine = (await get(`/api/accounts/${accountB}/money-requests`, investor)).json() as {
      requests: { reference: string; message: string | null; nextStep?: string }[];
    };
    expect(mine.requests.find((row) => row.reference === reference)).toMatchObject({
      outcome: 'not_sent',
      message: why,
      nextStep: next,
    });
    const timeline = (await get(`/api/accounts/${accountB}/timeline`, investor)).json() as {
      entries: { reference: string | null; state: string; next: string | null }[];
    };
    expect(timeline.entries.find((entry) => entry.reference === reference)).toMatchObject({
      state: `Not sent: ${why}`,
      next,
    });
    const after = await sandboxCalls(h.sandboxUrl);
    expect(after.createCustodyFundDisbursement ?? 0).toBe(
      before.createCustodyFundDisbursement ?? 0,
    );
    expect(after.fundCustodyAccount ?? 0).toBe(before.fundCustodyAccount ?? 0);

    const linked = await post(`/api/accounts/${accountB}/linked-bank`, investor, undefined, null);
    expect(linked.statusCode).toBe(201);
    const receipt = linkBankReceiptSchema.parse(linked.json());
    expect(receipt.result.state).toBe('linked');
    if (receipt.result.state !== 'linked') return;
    expect(receipt.result.bank.accountNumberMasked).toMatch(/^••••\d{4}$/);
    expect(receipt.result.bank.routingNumberMasked).toMatch(/^••••\d{4}$/);
    expect(JSON.stringify(receipt.result)).not.toMatch(/\d{6,}/);

    const deposit = await post(`/api/accounts/${accountB}/deposits`, investor, {
      amount: '250.75',
      description: 'First deposit',
    });
    expect(deposit.statusCode).toBe(201);
    const move = depositReceiptSchema.parse(deposit.json());
    expect(move).toMatchObject({ accountId: accountB, amount: '250.75', status: 'pending' });
    expect(move.approvalStatus).toBe('pending');
    // …and it is among the account's fund moves.
    const moves = (await get(`/api/accounts/${accountB}/fund-moves?limit=50`, investor)).json();
    expect(
      (moves.moves as { referenceNumber: string }[]).some(
        (m) => m.referenceNumber === move.referenceNumber,
      ),
    ).toBe(true);
  });

  it.each([
    ['a negative amount', '-5', /greater than zero/],
    ['a fraction of a cent', '0.001', /at most 2 decimal places \(whole cents\)/],
    ['half a cent', '0.005', /at most 2 decimal places \(whole cents\)/],
    ['cents and a fraction', '12.345', /at most 2 decimal places \(whole cents\)/],
    ['zero', '0.00', /at least \$0.01/],
    [
      'more than the documented ceiling',
      '100000.01',
      /cannot be more than \$100,000.00 per request/,
    ],
  ])(
    'refuses a deposit of %s on the amount field, before the upstream',
    async (_, amount, rule) => {
      const before = await sandboxCalls(h.sandboxUrl);
      const res = await post(`/api/accounts/${accountA}/deposits`, investor, { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[0]).toMatchObject({ field: 'amount', message: rule });
      const after = await sandboxCalls(h.sandboxUrl);
      expect(after.fundCustodyAccount ?? 0).toBe(before.fundCustodyAccount ?? 0);
    },
  );

  it('accepts a deposit of exactly the ceiling', async () => {
    const res = await post(`/api/accounts/${accountA}/deposits`, investor, { amount: '100000.00' });
    expect(res.statusCode).toBe(201);
    expect(depositReceiptSchema.parse(res.json()).amount).toBe('100000');
  });
});

describe('limits on money out', () => {
  it.each([
    ['less than one cent', '0.001', /at most 2 decimal places|at least \$0.01/],
    ['zero', '0.00', /at least \$0.01|greater than zero/],
    ['three decimals', '12.345', /at most 2 decimal places/],
    ['above the configured ceiling', '5000.01', /cannot be more than \$5,000.00 per request/],
  ])('refuses %s with a message on the amount field', async (_, amount, message) => {
    const before = await sandboxCalls(h.sandboxUrl);
    const res = await post(`/api/accounts/${accountA}/disbursements`, investor, {
      type: 'ach',
      amount,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({ field: 'amount' });
    expect(res.json().error.message).toMatch(message);
    const after = await sandboxCalls(h.sandboxUrl);
    expect(after.createCustodyFundDisbursement ?? 0).toBe(
      before.createCustodyFundDisbursement ?? 0,
    );
  });

  it('accepts exactly the ceiling', async () => {
    const res = await post(`/api/accounts/${accountA}/disbursements`, investor, {
      type: 'ach',
      amount: '5000',
    });
    expect(res.statusCode).toBe(201);
  });

  it('publishes the ceiling for the form', async () => {
    const res = await get('/api/config', investor);
    expect(res.json()).toMatchObject({ disbursementMaxAmount: '5000' });
  });
});

describe('invest preflight', () => {
  it('an approved account may invest; the maximum never exceeds what is left', async () => {
    const offering = await investableOffering(h.app, investor);
    const res = await get(
      `/api/offerings/${offering.id}/preflight?accountId=${accountA}`,
      investor,
    );
    expect(res.statusCode).toBe(200);
    const preflight = preflightSchema.parse(res.json());
    expect(preflight.canInvest).toBe(true);
    expect(Number(preflight.maximumUnits)).toBeLessThanOrEqual(Number(offering.remainingShares));
    expect(preflight.checks.map((c) => c.rule)).toEqual(
      expect.arrayContaining([
        'account_approval',
        'kyc',
        'aml',
        'accreditation',
        'offering_status',
        'units_left',
      ]),
    );
  });

  it('an account whose AML review is "not approved" is told why, and the BFF refuses the same', async () => {
    const offering = await investableOffering(h.app, investor);
    const res = await get(
      `/api/offerings/${offering.id}/preflight?accountId=${jordanAccount}`,
      investor2,
    );
    const preflight = preflightSchema.parse(res.json());
    expect(preflight.canInvest).toBe(false);
    const aml = preflight.checks.find((c) => c.rule === 'aml');
    expect(aml).toMatchObject({ outcome: 'block' });
    expect(aml?.detail).toMatch(/^Not approved/);

    const before = await sandboxCalls(h.sandboxUrl);
    const invest = await post(`/api/offerings/${offering.id}/investments`, investor2, {
      accountId: jordanAccount,
      units: preflight.maximumUnits ?? '1',
    });
    expect(invest.statusCode).toBe(409);
    const refusal = apiErrorOf(invest);
    expect(refusal.message).toMatch(
      new RegExp(
        `^Account ${jordanAccount} cannot invest\\. Not approved: .*Anti-money-laundering \\(AML\\)`,
      ),
    );
    expect(refusal.message).toContain('contact support');
    expect(refusal.message).not.toContain('Nothing was submitted');
    expect(refusal.message).toMatch(/ Invest from another of your accounts, if you have one\.$/);
    expect(refusal.submitted).toBe('no');
    // On the account field: the form shows it there instead of "correct it and try again".
    expect(refusal.fields).toEqual([
      {
        field: 'accountId',
        message: refusal.message.replace(
          ' Invest from another of your accounts, if you have one.',
          '',
        ),
      },
    ]);
    const after = await sandboxCalls(h.sandboxUrl);
    expect(after.createTrade ?? 0).toBe(before.createTrade ?? 0);
  });

  it("a closed offering blocks on its status; the preflight of another investor's account is 403", async () => {
    const { offerings } = offeringListSchema.parse((await get('/api/offerings', investor)).json());
    const closed = offerings.find((o) => o.status === 'closed')!;
    const preflight = preflightSchema.parse(
      (await get(`/api/offerings/${closed.id}/preflight?accountId=${accountA}`, investor)).json(),
    );
    expect(preflight.checks.find((c) => c.rule === 'offering_status')).toMatchObject({
      outcome: 'block',
      detail: 'This offering is closed to new investments.',
    });
    const foreign = await get(
      `/api/offerings/${closed.id}/preflight?accountId=${accountA}`,
      investor2,
    );
    expect(foreign.statusCode).toBe(403);
  });
});

describe("a second investor reaches none of the first investor's money picture", () => {
  it('gets 403 on every new route, and each refusal is audited', async () => {
    const offering = await investableOffering(h.app, investor);
    const attempts = [
      () => get(`/api/holdings?accountId=${accountA}`, investor2),
      () => get(`/api/accounts/${accountA}/linked-bank`, investor2),
      () => post(`/api/accounts/${accountA}/linked-bank`, investor2, undefined, null),
      () => post(`/api/accounts/${accountA}/deposits`, investor2, { amount: '10' }),
      () => get(`/api/offerings/${offering.id}/preflight?accountId=${accountA}`, investor2),
      () => get(`/api/accounts/${accountA}/money-requests`, investor2),
      () => get(`/api/accounts/${accountA}/timeline`, investor2),
    ];
    const denials = async () =>
      (
        await h.db
          .selectFrom('audit_events')
          .select('id')
          .where('action', '=', 'access_denied')
          .where('user_email', '=', 'investor2@demo.test')
          .where('object_id', '=', accountA)
          .execute()
      ).length;
    const before = await denials();
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.statusCode).toBe(403);
    }
    expect(await denials()).toBe(before + attempts.length);
  });
});

describe('the register: a disbursement whose upstream call times out', () => {
  it('is "unknown" with our reference for the investor, on the timeline, and for compliance', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'createCustodyFundDisbursement',
      latencyMs: 4000,
      times: 1,
    });
    const slow = await post(`/api/accounts/${accountA}/disbursements`, investor, {
      type: 'wire_domestic',
      amount: '321.09',
      bankId: '021000021',
      bankAccountId: '123456789',
    });
    expect(slow.statusCode).toBe(504);
    const error = apiErrorOf(slow);
    expect(error.submitted).toBe('unknown');

    // The investor's register of the account names it, with what to do.
    const mine = moneyRequestPageSchema.parse(
      (await get(`/api/accounts/${accountA}/money-requests`, investor)).json(),
    );
    const row = mine.requests.find((r) => r.reference === error.reference);
    expect(row).toMatchObject({ outcome: 'unknown', amount: '321.09', kind: 'disbursement' });

    const timeline = timelineSchema.parse(
      (await get(`/api/accounts/${accountA}/timeline`, investor)).json(),
    );
    const entry = timeline.entries.find((e) => e.reference === error.reference);
    expect(entry).toMatchObject({
      kind: 'disbursement',
      title: 'Domestic wire disbursement',
      // Nothing is known to have moved: no fund move to open.
      fundMove: null,
    });
    expect(entry?.state).toMatch(/^Outcome unknown/);
    expect(entry?.next).toMatch(/Do not send it again.*quote our reference/);

    // Compliance sees it across accounts, with who sent it, and can filter by outcome.
    const reviewer = await signIn(h.app, 'compliance@demo.test');
    const all = moneyRequestPageSchema.parse(
      (await get('/api/compliance/money-requests?outcome=unknown', reviewer)).json(),
    );
    expect(all.requests.every((r) => r.outcome === 'unknown')).toBe(true);
    expect(all.requests.find((r) => r.reference === error.reference)).toMatchObject({
      accountId: accountA,
      userEmail: 'investor@demo.test',
    });
    const csv = await get('/api/compliance/money-requests/export.csv?outcome=unknown', reviewer);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain(error.reference);
    // Investors reach neither the cross-account register nor its export.
    expect((await get('/api/compliance/money-requests', investor)).statusCode).toBe(403);
  });

  it('a refusal of the platform (110, no permission) is "refused" with its reason, not "never reached the platform"', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'createCustodyFundDisbursement',
      statusCode: '110',
      times: 1,
      when: { accountId: accountA },
    });
    const res = await post(`/api/accounts/${accountA}/disbursements`, investor, {
      type: 'ach',
      amount: '7',
    });
    const error = apiErrorOf(res);
    expect(error.submitted).toBe('no');

    const mine = moneyRequestPageSchema.parse(
      (await get(`/api/accounts/${accountA}/money-requests`, investor)).json(),
    );
    expect(mine.requests.find((r) => r.reference === error.reference)).toMatchObject({
      outcome: 'refused',
      message: expect.stringMatching(/not permitted/),
    });
    const timeline = timelineSchema.parse(
      (await get(`/api/accounts/${accountA}/timeline`, investor)).json(),
    );
    const entry = timeline.entries.find((e) => e.reference === error.reference);
    expect(entry?.state).toBe(
      'Refused: The platform refused it; no money moved. The portal is not permitted to do this at the moment.',
    );
  });

  it('an investment is titled with its units, grouped, whether the platform lists it or only the register knows it', async () => {
    const { offerings } = offeringListSchema.parse((await get('/api/offerings', investor)).json());
    // Room for 1,001 units twice, within the offering's maximum amount.
    const offering = offerings.find(
      (o) =>
        ['approved', 'open'].includes(o.status) &&
        Number(o.remainingShares) >= 2002 &&
        Number(o.minAmount) <= 1001 * Number(o.unitPrice) &&
        Number(o.maxAmount) >= 1001 * Number(o.unitPrice),
    );
    if (!offering) throw new Error('the sandbox has no offering for 1,001 units');
    const invest = () =>
      post(`/api/offerings/${offering.id}/investments`, investor, {
        accountId: accountA,
        units: '1001',
      });
    const accepted = investmentReceiptSchema.parse((await invest()).json());
    // The answer of the second is lost: only the register knows its units.
    await dropNextCall(h.sandboxUrl, 'createTrade', { accountId: accountA });
    const lost = apiErrorOf(await invest());
    expect(lost.submitted).toBe('unknown');

    const timeline = timelineSchema.parse(
      (await get(`/api/accounts/${accountA}/timeline`, investor)).json(),
    );
    // The offering's name is isolated (§2.2 free text), so the units after it read as sent.
    const title = `Investment in ${isolate(offering.name)} (1,001 units)`;
    expect(timeline.entries.find((e) => e.id === accepted.tradeId)?.title).toBe(title);
    expect(timeline.entries.find((e) => e.reference === lost.reference)?.title).toBe(title);
  });

  it('a trade still waiting for payment says how to pay it, as its receipt did', async () => {
    const offering = await investableOffering(h.app, investor);
    const res = await post(`/api/offerings/${offering.id}/investments`, investor, {
      accountId: accountA,
      units: unitsAboveMinimum(offering, 7),
      paymentMethod: 'wire',
    });
    const receipt = investmentReceiptSchema.parse(res.json());
    const timeline = timelineSchema.parse(
      (await get(`/api/accounts/${accountA}/timeline`, investor)).json(),
    );
    expect(timeline.entries.find((e) => e.id === receipt.tradeId)).toMatchObject({
      state: 'Created: waiting for payment and approval',
      next: `Send the wire for ${formatMoney(receipt.amount, { locale: 'en-US' })} by the instructions the issuer or the platform sends you, with trade ID ${receipt.tradeId} in its reference (memo) field.`,
      reference: receipt.reference,
    });
  });

  it('the timeline lists fund moves with the 4:00 PM Mountain Time batch as the next step', async () => {
    const timeline = timelineSchema.parse(
      (await get(`/api/accounts/${accountA}/timeline`, investor)).json(),
    );
    // The seeded moves say nothing of their direction: fund moves, not deposits.
    const pending = timeline.entries.find((e) => e.kind === 'fund_move' && e.nextBatchAt !== null);
    expect(pending?.next).toBe('Approval decision at the next daily batch, 4:00 PM Mountain Time.');
    const batch = new Date(pending!.nextBatchAt!);
    const wall = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Denver',
      hour: 'numeric',
      minute: '2-digit',
      hour12: false,
    }).format(batch);
    expect(wall).toBe('16:00');
    expect(timeline.entries.some((e) => e.kind === 'investment')).toBe(true);
    expect(
      timeline.entries.filter((e) => e.kind === 'investment').every((e) => e.fundMove === null),
    ).toBe(true);
  });
});

describe('fund moves have a direction, and a disbursement is listed once (§2.9, §2.10, §4.3)', () => {
  it('an ACH disbursement and the fund move it leaves are one outgoing entry of the timeline', async () => {
    const sent = await post(`/api/accounts/${accountA}/disbursements`, investor, {
      type: 'ach',
      amount: '250',
    });
    expect(sent.statusCode).toBe(201);
    const { requestId } = disbursementReceiptSchema.parse(sent.json());
    const register = moneyRequestPageSchema.parse(
      (await get(`/api/accounts/${accountA}/money-requests?limit=200`, investor)).json(),
    );
    const reference = register.requests.find((r) => r.upstreamId === requestId)!.reference;

    // The platform lists the money leaving as a fund move carrying our reference: outgoing.
    const page = fundMoveViewPageSchema.parse(
      (await get(`/api/accounts/${accountA}/fund-moves?limit=100`, investor)).json(),
    );
    const move = page.moves.find((m) => m.portalReference === reference)!;
    expect(move).toMatchObject({ direction: 'out', amount: '250' });

    const timeline = timelineSchema.parse(
      (await get(`/api/accounts/${accountA}/timeline`, investor)).json(),
    );
    const mentions = timeline.entries.filter(
      (e) => e.reference === reference || e.id === move.referenceNumber,
    );
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatchObject({
      kind: 'disbursement',
      id: move.referenceNumber,
      reference,
      fundMove: move.referenceNumber,
      title: 'ACH disbursement to your linked bank',
      amount: '250',
      next: 'Approval decision at the next daily batch, 4:00 PM Mountain Time.',
    });
    // One name for where it stands, with its meaning, as the receipt and the requests list say it.
    const waiting = acceptedDisbursementState({ status: 'pending', approvalStatus: 'pending' });
    expect(mentions[0].state).toBe(`${waiting.label}: ${waiting.meaning}`);
    const row = moneyRequestPageSchema
      .parse((await get(`/api/accounts/${accountA}/money-requests?limit=200`, investor)).json())
      .requests.find((r) => r.reference === reference);
    expect(row).toMatchObject({ fundMove: move.referenceNumber });
    expect(row?.fundMoveUnknown).toBeUndefined();
    expect(acceptedDisbursementState(row?.fundMoveStatus).label).toBe(waiting.label);

    // The account's fund moves cannot be read afterwards (§4.3): the row says so, never a bare
    // "Accepted" that would read as settled.
    const rule = (await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyFundMoves',
      malformedJson: true,
      when: { accountId: accountA },
    })) as { id: string };
    try {
      const unread = moneyRequestPageSchema
        .parse((await get(`/api/accounts/${accountA}/money-requests?limit=200`, investor)).json())
        .requests.find((r) => r.reference === reference);
      expect(unread).toMatchObject({ outcome: 'created', fundMoveUnknown: 'unread' });
      expect(unread?.fundMove).toBeUndefined();
    } finally {
      await fetch(`${h.sandboxUrl}/__sandbox/faults/${rule.id}`, { method: 'DELETE' });
    }
    expect(timeline.entries.some((e) => /^Deposit/.test(e.title) && e.kind !== 'deposit')).toBe(
      false,
    );

    // A reviewer sees the same move as outgoing, with the same words.
    const reviewer = await signIn(h.app, 'compliance@demo.test');
    const all = complianceFundMovesSchema.parse(
      (await get('/api/compliance/fund-moves?status=pending', reviewer)).json(),
    );
    const pages = Array.from({ length: all.totalPages }, (_, i) => i + 1);
    const found = [];
    for (const n of pages) {
      const res = complianceFundMovesSchema.parse(
        (await get(`/api/compliance/fund-moves?status=pending&page=${n}`, reviewer)).json(),
      );
      found.push(...res.moves.filter((m) => m.referenceNumber === move.referenceNumber));
    }
    expect(found).toMatchObject([{ direction: 'out', portalReference: reference }]);

    // The register names the same move beside the request id the platform answered with
    // (§2.10 requestId is no fund move): on the account's requests and in the reviewers' register.
    const listed = moneyRequestPageSchema.parse(
      (await get(`/api/accounts/${accountA}/money-requests?limit=200`, investor)).json(),
    );
    expect(listed.requests.find((r) => r.reference === reference)).toMatchObject({
      upstreamId: requestId,
      fundMove: move.referenceNumber,
    });
    const registered = moneyRequestPageSchema.parse(
      (await get(`/api/compliance/money-requests?reference=${reference}`, reviewer)).json(),
    );
    expect(registered.requests).toMatchObject([
      { reference, upstreamId: requestId, fundMove: move.referenceNumber },
    ]);
  });

  it('a deposit the portal made is incoming, whatever its description says; a move nothing describes is not called a deposit', async () => {
    const deposit = await post(`/api/accounts/${accountA}/deposits`, investor, {
      amount: '75',
      // A person's text that reads like an outgoing move does not turn a deposit around.
      description: 'Disbursement ACH top-up',
    });
    expect(deposit.statusCode).toBe(201);
    const { referenceNumber, reference } = depositReceiptSchema.parse(deposit.json());
    expect(reference).toMatch(/^MR-[0-9A-Z]{10}$/);
    const page = fundMoveViewPageSchema.parse(
      (await get(`/api/accounts/${accountA}/fund-moves?limit=100`, investor)).json(),
    );
    expect(page.moves.find((m) => m.referenceNumber === referenceNumber)).toMatchObject({
      direction: 'in',
      portalReference: reference,
    });
    const timeline = timelineSchema.parse(
      (await get(`/api/accounts/${accountA}/timeline`, investor)).json(),
    );
    // Listed once: the register's request and the fund move it made are one entry.
    const entries = timeline.entries.filter(
      (e) => e.id === referenceNumber || e.reference === reference,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'deposit',
      id: referenceNumber,
      reference,
      fundMove: referenceNumber,
      description: `Disbursement ACH top-up · Portal deposit ${reference}`,
    });
    expect(entries[0].title).toMatch(/^Deposit( from .+)?$/);

    // Seeded moves carry no direction: neutral words, the same on the fund moves page.
    const seeded = page.moves.find((m) => m.direction === null)!;
    expect(seeded).toBeDefined();
    const seededEntry = timeline.entries.find((e) => e.id === seeded.referenceNumber)!;
    expect(seededEntry.kind).toBe('fund_move');
    expect(seededEntry.fundMove).toBe(seeded.referenceNumber);
    expect(seededEntry.title).toBe(fundMoveTitle(seeded));
    expect(seededEntry.title).toMatch(/^Fund move/);
    expect(seededEntry.description).toBe(seeded.description);
  });

  it('refuses a description that carries a reference of ours, naming the field, before the upstream', async () => {
    const before = await sandboxCalls(h.sandboxUrl);
    for (const description of ['Portal ref MR-ABCDEFGHIJ', 'for mr-0123456789 please']) {
      const res = await post(`/api/accounts/${accountA}/deposits`, investor, {
        amount: '33',
        description,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields[0]).toMatchObject({
        field: 'description',
        message: 'Description cannot contain a portal reference (MR-…): the portal adds its own',
      });
    }
    const wire = await post(`/api/accounts/${accountA}/disbursements`, investor, {
      type: 'wire_domestic',
      amount: '33',
      bankId: '021000021',
      bankAccountId: '123456789',
      additionalDetails: 'Portal ref MR-ABCDEFGHIJ',
    });
    expect(wire.statusCode).toBe(400);
    expect(wire.json().error.fields[0].field).toBe('additionalDetails');
    const after = await sandboxCalls(h.sandboxUrl);
    expect(after.fundCustodyAccount ?? 0).toBe(before.fundCustodyAccount ?? 0);
    expect(after.createCustodyFundDisbursement ?? 0).toBe(
      before.createCustodyFundDisbursement ?? 0,
    );
  });
});

describe('deposits in the register (fundCustodyAccount, §2.9)', () => {
  const reconcile = async () => {
    const reviewer = await signIn(h.app, 'compliance@demo.test');
    const res = await post('/api/compliance/money-requests/reconcile', reviewer);
    expect(res.statusCode).toBe(200);
    return reconciliationSummarySchema.parse(res.json());
  };
  const registerRow = async (reference: string) =>
    moneyRequestPageSchema
      .parse((await get(`/api/accounts/${accountA}/money-requests?limit=200`, investor)).json())
      .requests.find((r) => r.reference === reference);
  /** As if the platform's answer had been lost after it created the move (a crash, a timeout). */
  const loseAnswer = (reference: string) =>
    h.db
      .updateTable('money_requests')
      .set({ outcome: 'unknown', upstream_id: null, settled_at: null, settled_via: null })
      .where('reference', '=', reference)
      .execute();

  it('a deposit is a request of the account with our reference, created with its fund move', async () => {
    const res = await post(`/api/accounts/${accountA}/deposits`, investor, { amount: '12.34' });
    expect(res.statusCode).toBe(201);
    const receipt = depositReceiptSchema.parse(res.json());
    expect(res.headers['money-reference']).toBe(receipt.reference);
    expect(await registerRow(receipt.reference!)).toMatchObject({
      kind: 'deposit',
      outcome: 'created',
      amount: '12.34',
      upstreamId: receipt.referenceNumber,
    });
  });

  it('one the platform refuses naming nothing (a bare 106) tells one story, in portal words, on the answer and in the register', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'fundCustodyAccount',
      statusCode: '106',
      times: 1,
      when: { accountId: accountA },
    });
    const res = await post(`/api/accounts/${accountA}/deposits`, investor, { amount: '63.00' });
    expect(res.statusCode).toBe(422);
    const error = apiErrorOf(res);
    // It reached the platform: never "Nothing was submitted"; the platform's spelling of its
    // code stays out; nothing the person typed is named, so it is a state, not "correct it".
    expect(error).toMatchObject({ submitted: 'no', refusal: 'state' });
    expect(error.message).toBe(
      'The platform refused it; nothing was changed. It named nothing in the request that it could not accept.',
    );
    expect(await registerRow(error.reference!)).toMatchObject({
      outcome: 'refused',
      message: 'It named nothing in the request that it could not accept.',
    });
    const timeline = timelineSchema.parse(
      (await get(`/api/accounts/${accountA}/timeline`, investor)).json(),
    );
    expect(timeline.entries.find((e) => e.reference === error.reference)?.state).toBe(
      'Refused: The platform refused it; no money moved. It named nothing in the request that it could not accept.',
    );
  });

  it('one into an account the platform knows no custody account of is refused as a state, in portal words', async () => {
    // §4.16: the deposit goes into the custody account; the platform answers 1404 without one.
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'fundCustodyAccount',
      statusCode: '1404',
      times: 1,
      when: { accountId: accountA },
    });
    const res = await post(`/api/accounts/${accountA}/deposits`, investor, { amount: '500.00' });
    expect(res.statusCode).toBe(422);
    const error = apiErrorOf(res);
    expect(res.json().error).toMatchObject({
      code: 'upstream_rejected',
      submitted: 'no',
      refusal: 'state',
    });
    expect(error.message).toBe(
      'The platform refused it; nothing was changed. This account has no custody account yet, so the platform cannot take a deposit into it. Opening an IRA starts one.',
    );
    expect(error.message).not.toMatch(/Not found|Resource not found|Forced/);
    // The register tells the same story as the answer.
    expect(await registerRow(error.reference!)).toMatchObject({
      outcome: 'refused',
      message:
        'This account has no custody account yet, so the platform cannot take a deposit into it.',
    });
  });

  it('one whose answer was lost is found by reconciliation in the fund moves, by the reference in its description', async () => {
    const res = await post(`/api/accounts/${accountA}/deposits`, investor, {
      amount: '45.60',
      description: 'Savings',
    });
    const receipt = depositReceiptSchema.parse(res.json());
    await loseAnswer(receipt.reference!);
    expect(await registerRow(receipt.reference!)).toMatchObject({ outcome: 'unknown' });
    // The person's text and our note, as the platform keeps them (§2.9 description).
    const moves = fundMoveViewPageSchema.parse(
      (await get(`/api/accounts/${accountA}/fund-moves?limit=100`, investor)).json(),
    );
    expect(moves.moves.find((m) => m.referenceNumber === receipt.referenceNumber)).toMatchObject({
      description: `Savings · Portal deposit ${receipt.reference}`,
      direction: 'in',
    });

    await reconcile();
    expect(await registerRow(receipt.reference!)).toMatchObject({
      outcome: 'created',
      upstreamId: receipt.referenceNumber,
    });
  });

  it('one whose answer was lost is found behind more than a page of newer unknown investments, which no pass can settle', async () => {
    const res = await post(`/api/accounts/${accountA}/deposits`, investor, { amount: '45.70' });
    const receipt = depositReceiptSchema.parse(res.json());
    await loseAnswer(receipt.reference!);
    // 1,001 investments of unknown outcome, newer than the deposit, on an account of their own:
    // more than one page of the register (1,000), all read before the deposit, newest first.
    await sql`
      insert into money_requests
        (reference, user_id, account_id, kind, amount, offering_id, idem_route, idem_key,
         outcome, created_at, updated_at)
      select 'MR-PILE' || lpad(g::text, 6, '0'), 'u-pile', 'A9999999', 'investment', '1.00',
        '5206', 'POST /api/offerings/:offeringId/investments', 'pile-' || g, 'unknown',
        now() + interval '1 second', now() + interval '1 second'
      from generate_series(1, 1001) g`.execute(h.db);
    try {
      const summary = await reconcile();
      expect(summary.examined).toBeGreaterThanOrEqual(1002);
      expect(await registerRow(receipt.reference!)).toMatchObject({
        outcome: 'created',
        upstreamId: receipt.referenceNumber,
      });
    } finally {
      await h.db.deleteFrom('money_requests').where('user_id', '=', 'u-pile').execute();
    }
  });

  it('settled by hand, it takes only a fund move the platform holds for its account, coming in, and no other request’s', async () => {
    // Another deposit, answered (before the lost one: while that one stands, no other is sent).
    const other = depositReceiptSchema.parse(
      (await post(`/api/accounts/${accountA}/deposits`, investor, { amount: '23.50' })).json(),
    );
    const res = await post(`/api/accounts/${accountA}/deposits`, investor, { amount: '23.45' });
    const receipt = depositReceiptSchema.parse(res.json());
    await loseAnswer(receipt.reference!);
    const reviewer = await signIn(h.app, 'compliance@demo.test');
    const settle = (upstreamId: string) =>
      post(`/api/compliance/money-requests/${receipt.reference}/settle`, reviewer, {
        outcome: 'created',
        upstreamId,
        reason: 'Found the deposit at the platform',
      });

    // A slip of the keyboard: the platform holds no such move, so nothing is recorded.
    const typo = await settle('CFM79999999');
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error.fields).toEqual([
      {
        field: 'upstreamId',
        message: `The platform has no fund move CFM79999999 of account ${accountA}. Check the reference of the fund move that brought this deposit in.`,
      },
    ]);
    expect(await registerRow(receipt.reference!)).toMatchObject({ outcome: 'unknown' });

    // Another deposit's move is that deposit's; a disbursement's took money out.
    const taken = await settle(other.referenceNumber);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields).toEqual([
      {
        field: 'upstreamId',
        message: `Fund move ${other.referenceNumber} carries our reference ${other.reference}, another request's, not ${receipt.reference}. Check the reference of the fund move that brought this deposit in.`,
      },
    ]);
    const disbursed = await post(`/api/accounts/${accountA}/disbursements`, investor, {
      type: 'ach',
      amount: '4.40',
    });
    expect(disbursed.statusCode).toBe(201);
    const outgoing = fundMoveViewPageSchema
      .parse((await get(`/api/accounts/${accountA}/fund-moves?limit=100`, investor)).json())
      .moves.find((m) => m.portalReference === disbursed.json().reference)!;
    const wrongWay = await settle(outgoing.referenceNumber);
    expect(wrongWay.statusCode).toBe(400);
    expect(wrongWay.json().error.fields).toEqual([
      {
        field: 'upstreamId',
        message: `Fund move ${outgoing.referenceNumber} took money out of account ${accountA}: it is not this deposit. Check the reference of the fund move that brought this deposit in.`,
      },
    ]);
    expect(await registerRow(receipt.reference!)).toMatchObject({ outcome: 'unknown' });

    const found = await settle(receipt.referenceNumber);
    expect(found.statusCode).toBe(200);
    expect(await registerRow(receipt.reference!)).toMatchObject({
      outcome: 'created',
      upstreamId: receipt.referenceNumber,
    });
  });

  it('reconciliation never takes a move that goes the other way for it', async () => {
    // A disbursement's move carries its reference with the outgoing note; a register row of a
    // deposit under that reference must not be settled by it.
    const res = await post(`/api/accounts/${accountA}/disbursements`, investor, {
      type: 'ach',
      amount: '6.50',
    });
    expect(res.statusCode).toBe(201);
    const { reference } = res.json() as { reference: string };
    await loseAnswer(reference);
    await h.db
      .updateTable('money_requests')
      .set({ kind: 'deposit' })
      .where('reference', '=', reference)
      .execute();
    await reconcile();
    expect(await registerRow(reference)).toMatchObject({ kind: 'deposit', outcome: 'unknown' });
  });

  it('a request still awaiting its answer is counted in flight, and left for a later pass', async () => {
    const res = await post(`/api/accounts/${accountA}/deposits`, investor, { amount: '3.21' });
    const { reference } = depositReceiptSchema.parse(res.json());
    const before = await reconcile();
    // As if its call were still running (or its instance had died and its lease not yet ended).
    await h.db
      .updateTable('money_requests')
      .set({ outcome: 'pending', upstream_id: null, settled_at: null, settled_via: null })
      .where('reference', '=', reference!)
      .execute();
    const summary = await reconcile();
    expect(summary.inFlight).toBe(before.inFlight + 1);
    expect(await registerRow(reference!)).toMatchObject({ outcome: 'pending' });
  });
});

describe('a disbursement settled by hand (its fund move, §4.4)', () => {
  const registerRow = async (reference: string) =>
    moneyRequestPageSchema
      .parse((await get(`/api/accounts/${accountA}/money-requests?limit=200`, investor)).json())
      .requests.find((r) => r.reference === reference);
  /** A disbursement the platform holds, whose answer the portal lost; and its fund move. */
  async function lostDisbursement(amount: string, additionalTo: string[] = []) {
    const res = await post(`/api/accounts/${accountA}/disbursements`, investor, {
      type: 'ach',
      amount,
      // A second one while the first stands unknown is sent only when the person says so.
      ...(additionalTo.length > 0 ? { additionalTo } : {}),
    });
    expect(res.statusCode).toBe(201);
    const { reference } = res.json() as { reference: string };
    await h.db
      .updateTable('money_requests')
      .set({ outcome: 'unknown', upstream_id: null, settled_at: null, settled_via: null })
      .where('reference', '=', reference)
      .execute();
    const moves = fundMoveViewPageSchema.parse(
      (await get(`/api/accounts/${accountA}/fund-moves?limit=100`, investor)).json(),
    );
    const move = moves.moves.find((m) => m.portalReference === reference)!;
    expect(move).toMatchObject({ direction: 'out' });
    return { reference, move: move.referenceNumber };
  }
  const settle = async (reference: string, upstreamId: string) =>
    post(
      `/api/compliance/money-requests/${reference}/settle`,
      await signIn(h.app, 'compliance@demo.test'),
      { outcome: 'created', upstreamId, reason: 'Found the disbursement at the platform' },
    );

  it('takes only a fund move of its account that took money out, and not another request’s', async () => {
    const { reference, move } = await lostDisbursement('7.25');
    const other = await lostDisbursement('7.50', [reference]);
    const deposit = depositReceiptSchema.parse(
      (await post(`/api/accounts/${accountA}/deposits`, investor, { amount: '8.10' })).json(),
    );
    const refused = async (upstreamId: string, message: string) => {
      const res = await settle(reference, upstreamId);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([{ field: 'upstreamId', message }]);
      expect(await registerRow(reference)).toMatchObject({ outcome: 'unknown', upstreamId: null });
    };

    // A slip of the keyboard: the investor must not read that money left when it did not.
    await refused(
      'CFM99999999',
      `The platform has no fund move CFM99999999 of account ${accountA}. Check the reference of the fund move that took this disbursement out.`,
    );
    await refused(
      deposit.referenceNumber,
      `Fund move ${deposit.referenceNumber} brought money into account ${accountA}: it is not this disbursement. Check the reference of the fund move that took this disbursement out.`,
    );
    await refused(
      other.move,
      `Fund move ${other.move} carries our reference ${other.reference}, another request's, not ${reference}. Check the reference of the fund move that took this disbursement out.`,
    );

    const found = await settle(reference, move);
    expect(found.statusCode).toBe(200);
    expect(await registerRow(reference)).toMatchObject({ outcome: 'created', upstreamId: move });
  });

  it('settles nothing when the platform cannot be asked about the move', async () => {
    const { reference, move } = await lostDisbursement('7.75');
    // Reads retry, so the fault lasts until it is removed after the call.
    const fault = (await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyFundMove',
      httpStatus: 503,
      when: { referenceNumber: move },
    })) as { id: string };
    try {
      const res = await settle(reference, move);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'upstream_unavailable',
        submitted: 'no',
        message: `The platform could not be asked about fund move ${move} just now, so ${reference} was not settled: nothing changed. Try again in a few minutes.`,
      });
      expect(await registerRow(reference)).toMatchObject({ outcome: 'unknown', upstreamId: null });
    } finally {
      await fetch(`${h.sandboxUrl}/__sandbox/faults/${fault.id}`, { method: 'DELETE' });
    }
  });
});
