import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositReceiptSchema } from '../../contract/cash';
import { accountDetailSchema } from '../../contract/account-views';
import { complianceFundMovesSchema, complianceSearchResultSchema } from '../../contract/compliance';
import { fundMoveViewPageSchema } from '../../contract/custody-views';
import { sum } from '../../contract/decimal';
import { holdingsResultSchema, type HoldingsResult } from '../../contract/holdings';
import { offeringPurchaseHistorySchema } from '../../contract/issuer-workspace';
import {
  acceptedDepositState,
  timelineSchema,
  type MoneyRequestView,
  type Timeline,
} from '../../contract/money-requests';
import { offeringDetailSchema, offeringListSchema } from '../../contract/offerings';
import { unreadableOrderInWords, type OrderBook } from '../../contract/order-book';
import {
  call,
  callSandbox,
  idempotencyKeys,
  sandboxCalls,
  signIn,
  startHarness,
  useHarness,
  type Harness,
} from './harness';
import { readOrderBookReply } from './order-book-reply';

/*
 * One record the wire layer cannot understand never breaks a page: the others are shown and the
 * reply says how many were left out. The sandbox's oddRecord fault lays unreadable fields over
 * one record of an answer: a null offeringStatus (§2.2 values seen: Pending, closed) and an empty
 * fund-move amount (§2.9: a decimal with six places).
 */

let investor: string;
let compliance: string;
let accountA: string;

const h = useHarness();
beforeAll(async () => {
  investor = await signIn(h.app, 'investor@demo.test');
  compliance = await signIn(h.app, 'compliance@demo.test');
  [accountA] = h.manifest.investors[0].accountIds;
});

async function oddRecord(operation: string, fields: Record<string, unknown>, position = 1) {
  await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
    operation,
    oddRecord: { position, fields },
    times: 1,
  });
}

describe('a list with one odd record', () => {
  it('offerings: the others are shown with the count (GET offerings collection, header mode)', async () => {
    h.built.deps.offerings.invalidate();
    const before = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie: investor })).json(),
    );
    expect(before.skippedRecords).toBe(0);

    h.built.deps.offerings.invalidate();
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    await oddRecord('offerings', { offeringStatus: null });
    const res = await call(h.app, 'GET', '/api/offerings', { cookie: investor });
    expect(res.statusCode).toBe(200);
    const after = offeringListSchema.parse(res.json());
    expect(after.skippedRecords).toBe(1);
    expect(after.offerings).toHaveLength(before.offerings.length - 1);
    // The one left out is named by what of it could be read (§2.2 offeringId and issueName).
    const left = before.offerings[1];
    expect(after.unreadable).toEqual([{ id: left.id, name: left.name }]);
    expect(after.offerings.map((o) => o.id)).not.toContain(left.id);
    // §9: the collection replaces getAllOffers where the header is available.
    const calls = await sandboxCalls(h.sandboxUrl);
    expect(calls.offerings).toBeGreaterThanOrEqual(1);
    expect(calls.getAllOffers ?? 0).toBe(0);
    h.built.deps.offerings.invalidate();
  });

  it('offerings: one whose name cannot be read either is named by its id', async () => {
    h.built.deps.offerings.invalidate();
    const before = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie: investor })).json(),
    );
    h.built.deps.offerings.invalidate();
    await oddRecord('offerings', { offeringStatus: null, issueName: { odd: true } }, 0);
    const after = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie: investor })).json(),
    );
    expect(after.unreadable).toEqual([{ id: before.offerings[0].id, name: null }]);
    h.built.deps.offerings.invalidate();
  });

  it('offerings: the name of one left out is cut to 80 characters, however long the platform sent it', async () => {
    h.built.deps.offerings.invalidate();
    const before = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie: investor })).json(),
    );
    h.built.deps.offerings.invalidate();
    const long = `Driftwood Wells Unit 7 ${'é'.repeat(10_000)}`;
    await oddRecord('offerings', { offeringStatus: null, issueName: long }, 0);
    const res = await call(h.app, 'GET', '/api/offerings', { cookie: investor });
    const after = offeringListSchema.parse(res.json());
    const [named] = after.unreadable ?? [];
    expect(named.id).toBe(before.offerings[0].id);
    expect(named.name).toBe(`Driftwood Wells Unit 7 ${'é'.repeat(56)}…`);
    // The reply is bounded too, not only the page.
    expect(res.body.length).toBeLessThan(JSON.stringify(before).length + 1_000);
    h.built.deps.offerings.invalidate();
  });

  it('fund moves of an account: the page shows the others and says how many were left out', async () => {
    const url = `/api/accounts/${accountA}/fund-moves?offset=0&limit=5`;
    const before = fundMoveViewPageSchema.parse(
      (await call(h.app, 'GET', url, { cookie: investor })).json(),
    );
    expect(before.moves.length).toBeGreaterThan(1);
    await oddRecord('getCustodyFundMoves', { amount: '' }, 0);
    const res = await call(h.app, 'GET', url, { cookie: investor });
    expect(res.statusCode).toBe(200);
    const after = fundMoveViewPageSchema.parse(res.json());
    expect(after.skippedRecords).toBe(1);
    expect(after.moves).toHaveLength(before.moves.length - 1);
    // The one left out is named by its reference number, which could still be read.
    const shown = after.moves.map((move) => move.referenceNumber);
    const [named] = after.unreadableReferences ?? [];
    expect(after.unreadableReferences).toHaveLength(1);
    expect(before.moves.map((move) => move.referenceNumber)).toContain(named);
    expect(shown).not.toContain(named);
    // Paging still follows what the upstream sent.
    expect(after.totalRecords).toBe(before.totalRecords);
  });

  it('compliance fund moves carry the count too, and name the one left out by its reference', async () => {
    const clean = complianceFundMovesSchema.parse(
      (await call(h.app, 'GET', '/api/compliance/fund-moves', { cookie: compliance })).json(),
    );
    const left = clean.moves[2].referenceNumber;
    await oddRecord('getCustodyFundMoves', { amount: 'twelve' }, 2);
    const res = await call(h.app, 'GET', '/api/compliance/fund-moves', { cookie: compliance });
    expect(res.statusCode).toBe(200);
    const after = complianceFundMovesSchema.parse(res.json());
    expect(after.skippedRecords).toBe(1);
    expect(after.unreadableReferences).toEqual([left]);
  });

  it('the compliance fund-moves export never drops one it could not read: its row says so', async () => {
    const clean = await call(h.app, 'GET', '/api/compliance/fund-moves/export.csv', {
      cookie: compliance,
    });
    const cleanLines = clean.body.trim().split(/\r?\n/);
    const left = cleanLines[3].split(',')[0];
    await oddRecord('getCustodyFundMoves', { amount: '12,50', status: 'exploded' }, 2);
    const res = await call(h.app, 'GET', '/api/compliance/fund-moves/export.csv', {
      cookie: compliance,
    });
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body.trim().split(/\r?\n/);
    expect(header.split(',').at(-1)).toBe('not_read');
    // As many rows as the clean file: the odd one is there, by its reference, with the note.
    expect(lines).toHaveLength(cleanLines.length - 1);
    const odd = lines.filter((line) => line.startsWith(`${left},`));
    expect(odd).toHaveLength(1);
    expect(odd[0]).toMatch(/could not read: its details are not shown/);
    expect(odd[0]).toMatch(/may or may not match the filters/);
    expect(lines.filter((line) => /could not read/.test(line))).toHaveLength(1);
  });
});

describe('the compliance search with one odd account and one odd entity party (§4.11, §4.12)', () => {
  it('lists the others and names each left out by its id', async () => {
    const search = async () => {
      const res = await call(h.app, 'GET', '/api/compliance/search?q=ellis', {
        cookie: compliance,
      });
      expect(res.statusCode).toBe(200);
      return complianceSearchResultSchema.parse(res.json());
    };
    const whole = await search();
    // A stamp the account cannot be dated by, and a status that is not text (§2.5, §2.6).
    await oddRecord('searchAccount', { createdDate: 'garbage' }, 0);
    await oddRecord('searchEntity', { AMLstatus: { code: 7 } }, 0);
    const odd = await search();
    expect(odd.skippedRecords).toBe(2);
    expect(odd.unreadableAccounts).toEqual([whole.accounts[0].id]);
    expect(odd.unreadableEntities).toEqual([whole.entities[0].id]);
    expect(odd.accounts.map((a) => a.id)).not.toContain(whole.accounts[0].id);
  });
});

describe('an account whose review dates cannot be read (§2.5)', () => {
  it('is reviewed and searched all the same, those dates not stated and the statuses kept', async () => {
    const url = `/api/accounts/${accountA}`;
    const whole = accountDetailSchema.parse(
      (await call(h.app, 'GET', url, { cookie: compliance })).json(),
    ).account;
    const odd = {
      kycDate: '2026-02-31 10:00:00',
      amlDate: 'garbage',
      approvalLastReview: '13-45-2026',
    };
    await oddRecord('getAccount', odd, 0);
    const res = await call(h.app, 'GET', url, { cookie: compliance });
    expect(res.statusCode).toBe(200);
    const read = accountDetailSchema.parse(res.json()).account;
    expect(read.reviews.kyc).toEqual({ status: whole.reviews.kyc.status, date: null });
    expect(read.reviews.aml).toEqual({ status: whole.reviews.aml.status, date: null });
    expect(read.reviews.approval).toMatchObject({
      status: whole.reviews.approval.status,
      date: null,
    });
    expect(read.reviews.accreditation).toEqual(whole.reviews.accreditation);

    const name = encodeURIComponent(whole.name ?? '');
    await oddRecord('searchAccount', odd, 0);
    const search = complianceSearchResultSchema.parse(
      (await call(h.app, 'GET', `/api/compliance/search?q=${name}`, { cookie: compliance })).json(),
    );
    expect(search.unreadableAccounts).toEqual([]);
    expect(search.accounts.map((a) => a.id)).toContain(accountA);
  });
});

describe("an offering's purchase history with one unreadable trade (§2.3)", () => {
  it('keeps the readable parts of an odd trade, and the platform summary as sent', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const url = `/api/offerings/${h.manifest.issuers[0].offeringIds![0]}/purchase-history`;
    const read = async () => {
      const res = await call(h.app, 'GET', url, { cookie: issuer });
      expect(res.statusCode).toBe(200);
      return offeringPurchaseHistorySchema.parse(res.json());
    };
    const whole = await read();
    expect(whole.history.purchases.length).toBeGreaterThan(1);
    expect(whole.skippedRecords).toBe(0);
    // §2.3: totalAmount is a decimal. The trade is kept with what could be read (its shares, its
    // investor), and names the parts that could not; nothing is skipped.
    await oddRecord('getOfferingPurchaseHistory', { totalAmount: 'abc', purchaseDate: null }, 0);
    const odd = await read();
    expect(odd.skippedRecords).toBe(0);
    expect(odd.history.purchases).toHaveLength(whole.history.purchases.length);
    const [first] = whole.history.purchases;
    expect(odd.history.purchases[0]).toEqual({
      ...first,
      amount: null,
      purchasedAt: null,
      unreadable: ['amount', 'date'],
    });
    expect(odd.history.totalAmountRaised).toBe(whole.history.totalAmountRaised);

    // A trade whose investor is missing keeps its amount and shares.
    const last = whole.history.purchases.length - 1;
    await oddRecord('getOfferingPurchaseHistory', { accountName: null, accountId: null }, last);
    const nameless = (await read()).history.purchases[last];
    expect(nameless).toEqual({
      ...whole.history.purchases[last],
      accountId: null,
      accountName: null,
      unreadable: ['investor'],
    });

    // Without its trade id a record cannot be told apart: it alone is left out, and counted.
    await oddRecord('getOfferingPurchaseHistory', { tradeId: null }, 0);
    const idless = await read();
    expect(idless.skippedRecords).toBe(1);
    expect(idless.history.purchases).toHaveLength(whole.history.purchases.length - 1);
  });
});

describe('the timeline of an account, and what its fund moves say of its deposits', () => {
  async function timeline(): Promise<Timeline> {
    const res = await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(200);
    return timelineSchema.parse(res.json());
  }

  const depositKey = idempotencyKeys('odd-records-deposit');
  /** A deposit of the portal, the test's own: its fund move is the newest, first in the upstream's list. */
  async function deposit(amount: string): Promise<string> {
    const made = await call(h.app, 'POST', `/api/accounts/${accountA}/deposits`, {
      cookie: investor,
      body: { amount },
      headers: { 'idempotency-key': depositKey() },
    });
    expect(made.statusCode).toBe(201);
    const { reference } = depositReceiptSchema.parse(made.json());
    expect(reference).toMatch(/^MR-/);
    return String(reference);
  }

  it('says one fund move could not be shown, and the deposit it may be claims no state', async () => {
    const reference = await deposit('12.34');
    const whole = await timeline();
    expect(whole.skippedFundMoves).toBe(0);
    const ofDeposit = (t: Timeline) => t.entries.find((e) => e.reference === reference);
    // Read, its move names where it stands (§3), as a disbursement's does.
    expect(ofDeposit(whole)?.state).toBe(
      "Waiting for the platform's approval: The platform accepted it; no money has come in yet.",
    );

    // §2.9: the amount is a decimal; "abc" is not one, so the move cannot be read.
    await oddRecord('getCustodyFundMoves', { amount: 'abc', status: null }, 0);
    const odd = await timeline();
    expect(odd.skippedFundMoves).toBe(1);
    expect(odd.gaps).toEqual([]);
    expect(odd.entries).toHaveLength(whole.entries.length);
    const entry = ofDeposit(odd);
    // Not "Waiting for the platform's approval": the unreadable move may be approved or
    // settled already (§3).
    expect(entry?.state).toBe(
      'Accepted by the platform. Its fund move may be the one that could not be shown, so where it stands is not known here.',
    );
    expect(entry?.nextBatchAt).toBeNull();
  });

  it('claims no state for the deposit either when no fund move could be read at all', async () => {
    const reference = await deposit('12.35');
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getCustodyFundMoves',
      malformedJson: true,
      times: 1,
    });
    const unread = await timeline();
    expect(unread.gaps).toEqual([
      'Fund moves (deposits, and what disbursements took out) could not be read right now.',
    ]);
    expect(unread.entries.find((e) => e.reference === reference)?.state).toBe(
      'Accepted by the platform. The fund moves could not be read right now, so where it stands is not known here.',
    );
  });

  it('a deposit whose fund move the platform declined reads Declined, on the timeline and among its requests, never Accepted', async () => {
    const reference = await deposit('12.36');
    // The deposit's move, newest in the list, as the platform lists it after a declining batch
    // (§3: approvalStatus Declined, status Declined).
    const declined = { approvalStatus: 'Declined', status: 'Declined' };
    await oddRecord('getCustodyFundMoves', declined, 0);
    const entry = (await timeline()).entries.find((e) => e.reference === reference);
    expect(entry?.state).toBe(
      'Declined: The platform declined it; no money came in from the bank.',
    );
    expect(entry?.next).toBe('Contact support and quote our reference if you do not know why.');

    await oddRecord('getCustodyFundMoves', declined, 0);
    const res = await call(h.app, 'GET', `/api/accounts/${accountA}/money-requests`, {
      cookie: investor,
    });
    const row = (res.json() as { requests: MoneyRequestView[] }).requests.find(
      (r) => r.reference === reference,
    );
    expect(row).toMatchObject({
      outcome: 'created',
      platformIdKind: 'fund_move',
      // In the wire layer's lower case.
      fundMoveStatus: { approvalStatus: 'declined', status: 'declined' },
    });
    expect(acceptedDepositState(row!.fundMoveStatus).label).toBe('Declined');
  });
});

describe('my investments with one trade whose amount and status cannot be read', () => {
  async function holdings(): Promise<Extract<HoldingsResult, { state: 'available' }>> {
    const res = await call(h.app, 'GET', `/api/holdings?accountId=${accountA}`, {
      cookie: investor,
    });
    expect(res.statusCode).toBe(200);
    const result = holdingsResultSchema.parse(res.json());
    if (result.state !== 'available') throw new Error('holdings unavailable');
    return result;
  }

  it('lists it, counts it in no figure, names it, and is not complete', async () => {
    const whole = await holdings();
    expect(whole.uncounted).toEqual([]);
    expect(whole.complete).toBe(true);
    // The trade fields are not documented (§2.12: "not shown"): nothing is worked out in place
    // of an amount the platform did not state, and an unknown status is neither settled nor waiting.
    await oddRecord('trades', { totalAmount: null, orderStatus: 42 }, 0);
    const odd = await holdings();
    const unread = odd.trades.find((trade) => trade.amount === null);
    if (!unread) throw new Error('the odd trade is not listed');
    expect(unread.statusText).toBe('Status "42"');
    expect(odd.uncounted).toEqual([{ tradeId: unread.tradeId, unreadable: ['amount', 'status'] }]);
    expect(odd.complete).toBe(false);
    expect(odd.cut).toBe(false);

    const before = whole.trades.find((trade) => trade.tradeId === unread.tradeId)!;
    expect(before.amount).not.toBeNull();
    // Every figure lacks the whole trade, and no more.
    expect(sum([odd.totalAmount, before.amount!])).toBe(whole.totalAmount);
    expect(sum([odd.settledAmount, odd.pendingAmount])).toBe(odd.totalAmount);
    const row = (result: typeof odd) =>
      result.byOffering.find((o) => o.offeringId === unread.offeringId);
    const [wholeRow, oddRow] = [row(whole)!, row(odd)];
    expect((oddRow?.tradeCount ?? 0) + 1).toBe(wholeRow.tradeCount);
    expect(sum([oddRow?.units ?? '0', before.units!])).toBe(wholeRow.units);
    expect(sum([oddRow?.amount ?? '0', before.amount!])).toBe(wholeRow.amount);
  });
});

describe('an offering sent without a target (§2.2 names the field, not that it is always there)', () => {
  it('is listed, opens, and its purchase history opens for its issuer, the target said to be unknown', async () => {
    const issuer = await signIn(h.app, 'issuer@demo.test');
    const own = h.manifest.issuers[0].offeringIds![0];
    h.built.deps.offerings.invalidate();
    const { offerings } = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie: investor })).json(),
    );
    const position = offerings.findIndex((o) => o.id === own);
    const rule = (await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'offerings',
      oddRecord: { position, fields: { targetAmount: null } },
    })) as { id: string };
    try {
      h.built.deps.offerings.invalidate();
      const list = offeringListSchema.parse(
        (await call(h.app, 'GET', '/api/offerings', { cookie: investor })).json(),
      );
      expect(list.skippedRecords).toBe(0);
      expect(list.offerings.find((o) => o.id === own)?.targetAmount).toBeNull();

      h.built.deps.offerings.invalidate();
      const one = await call(h.app, 'GET', `/api/offerings/${own}`, { cookie: investor });
      expect(one.statusCode).toBe(200);
      expect(offeringDetailSchema.parse(one.json()).offering.targetAmount).toBeNull();

      h.built.deps.offerings.invalidate();
      const history = await call(h.app, 'GET', `/api/offerings/${own}/purchase-history`, {
        cookie: issuer,
      });
      expect(history.statusCode, history.body).toBe(200);
      expect(offeringPurchaseHistorySchema.parse(history.json()).history.offeringId).toBe(own);
    } finally {
      await fetch(`${h.sandboxUrl}/__sandbox/faults/${rule.id}`, { method: 'DELETE' });
      h.built.deps.offerings.invalidate();
    }
  });
});

describe('an offering the platform sent in a form the portal cannot read', () => {
  it('is said to be unreadable on its page, its checks and an investment, never "does not exist"', async () => {
    h.built.deps.offerings.invalidate();
    const { offerings } = offeringListSchema.parse(
      (await call(h.app, 'GET', '/api/offerings', { cookie: investor })).json(),
    );
    const position = offerings.findIndex((o) => ['approved', 'open'].includes(o.status));
    const odd = offerings[position].id;
    // §2.2: offeringStatus is a string; a null one cannot be read, the offeringId still can.
    const rule = (await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'offerings',
      oddRecord: { position, fields: { offeringStatus: null } },
    })) as { id: string };
    try {
      h.built.deps.offerings.invalidate();
      const unreadable = (res: { statusCode: number; json(): unknown }) => {
        expect(res.statusCode).toBe(503);
        const { error } = res.json() as { error: { code: string; message: string } };
        expect(error.code).toBe('upstream_unavailable');
        expect(error.message).toContain(`offering ${odd} in a form the portal could not read`);
        expect(error.message).not.toMatch(/does not exist/);
      };
      unreadable(await call(h.app, 'GET', `/api/offerings/${odd}`, { cookie: investor }));
      unreadable(
        await call(h.app, 'GET', `/api/offerings/${odd}/preflight?accountId=${accountA}`, {
          cookie: investor,
        }),
      );
      const invest = await call(h.app, 'POST', `/api/offerings/${odd}/investments`, {
        cookie: investor,
        body: { accountId: accountA, units: '10', paymentMethod: 'wire' },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      unreadable(invest);
      expect((invest.json() as { error: { submitted?: string } }).error.submitted).toBe('no');
      // An id the platform did not send at all is still not found.
      const unknown = await call(h.app, 'GET', '/api/offerings/999999', { cookie: investor });
      expect(unknown.statusCode).toBe(404);
    } finally {
      await fetch(`${h.sandboxUrl}/__sandbox/faults/${rule.id}`, { method: 'DELETE' });
      h.built.deps.offerings.invalidate();
    }
  });
});

describe('my investments with a trade being reversed, or one that is not a purchase', () => {
  async function holdings(): Promise<HoldingsResult & { state: 'available' }> {
    const res = await call(h.app, 'GET', `/api/holdings?accountId=${accountA}`, {
      cookie: investor,
    });
    const result = holdingsResultSchema.parse(res.json());
    if (result.state !== 'available') throw new Error('holdings unavailable');
    return result;
  }

  it.each([
    // UNWIND PENDING, set by updateTradeStatus (real-world notes §4.3): no money still to pay.
    ['being reversed', { orderStatus: 'UNWIND PENDING' }, ['being_reversed'], 'Being reversed'],
    // An amount below zero for 0 units is no purchase: it is not netted into the totals.
    [
      'a negative amount for 0 units',
      { totalAmount: '-5000.000000', totalShares: '0' },
      ['negative_amount', 'no_units'],
      null,
    ],
  ] as const)('%s: listed, in no total, and named', async (_, fields, reasons, statusText) => {
    const whole = await holdings();
    await oddRecord('trades', fields, 0);
    const odd = await holdings();
    const changed = odd.trades.find((trade) => {
      const before = whole.trades.find((t) => t.tradeId === trade.tradeId);
      return before && JSON.stringify(before) !== JSON.stringify(trade);
    });
    if (!changed) throw new Error('the odd trade is not listed');
    if (statusText) expect(changed.statusText).toBe(statusText);
    expect(odd.uncounted).toEqual([
      { tradeId: changed.tradeId, unreadable: [], notCounted: reasons },
    ]);
    expect(odd.complete).toBe(false);
    const before = whole.trades.find((trade) => trade.tradeId === changed.tradeId)!;
    // Every figure lacks the whole trade as it was, and no more.
    expect(sum([odd.totalAmount, before.amount!])).toBe(whole.totalAmount);
    expect(sum([odd.settledAmount, odd.pendingAmount])).toBe(odd.totalAmount);
  });
});

describe('my investments with one trade that cannot be read at all', () => {
  it('lists the others, says one could not be shown, and counts it in no figure', async () => {
    const url = `/api/holdings?accountId=${accountA}`;
    const read = async () => {
      const res = await call(h.app, 'GET', url, { cookie: investor });
      expect(res.statusCode).toBe(200);
      const result = holdingsResultSchema.parse(res.json());
      if (result.state !== 'available') throw new Error('holdings unavailable');
      return result;
    };
    const whole = await read();
    expect(whole.skippedRecords).toBe(0);
    // "abc" is no decimal: the trade cannot be read, and it no longer takes the others with it.
    await oddRecord('trades', { totalAmount: 'abc' }, 0);
    const odd = await read();
    expect(odd.skippedRecords).toBe(1);
    expect(odd.complete).toBe(false);
    expect(odd.trades).toHaveLength(whole.trades.length - 1);
    const gone = whole.trades.find((t) => !odd.trades.some((o) => o.tradeId === t.tradeId))!;
    expect(sum([odd.totalAmount, gone.amount!])).toBe(whole.totalAmount);
    // Its id could still be read: the page names it.
    expect(odd.unreadableTradeIds).toEqual([gone.tradeId]);
  });

  it('the timeline lists the other investments and counts the one left out', async () => {
    await oddRecord('trades', { totalAmount: 'abc' }, 0);
    const res = await call(h.app, 'GET', `/api/accounts/${accountA}/timeline`, {
      cookie: investor,
    });
    const odd = timelineSchema.parse(res.json());
    expect(odd.skippedTrades).toBe(1);
    expect(odd.gaps).toEqual([]);
    expect(odd.entries.some((e) => e.kind === 'investment')).toBe(true);
  });
});

describe('an order-book day with one odd order (§4.1, §8)', () => {
  async function book(): Promise<OrderBook> {
    h.built.deps.orderBook.invalidate();
    const res = await call(h.app, 'GET', '/api/order-book/2026-03-10', { cookie: investor });
    expect(res.statusCode).toBe(200);
    return readOrderBookReply(res.body).book;
  }

  it('shows every other order, reads every page and says one could not be shown', async () => {
    const whole = await book();
    expect(whole.skippedRecords).toBe(0);
    // §2.1 values seen: Offer, Bid. A skipped record still counts toward a full page of 500.
    await oddRecord('getOrdersForADay', { order_type: 'Swap' }, 0);
    const odd = await book();
    expect(odd.skippedRecords).toBe(1);
    expect(odd.orderCount).toBe(whole.orderCount - 1);
    // Named for whoever follows it up: the first order of the day, by its id and security, and
    // what of it could not be read; every other order is in the book.
    const first = whole.orders[0];
    expect(odd.orders.map((o) => o.id)).not.toContain(first.id);
    expect(odd.unreadableOrders).toEqual([
      {
        position: 1,
        orderId: first.id,
        securityName: whole.securities.find((s) => s.securityId === first.securityId)!.securityName,
        parts: ['side'],
      },
    ]);
    expect(unreadableOrderInWords(odd.unreadableOrders![0])).toMatch(
      new RegExp(
        `^Order ${first.id} \\(.+\\), number 1 of the day: its side \\(bid or offer\\) could not be read\\.$`,
      ),
    );
  });

  it('names an order by its id alone when its security name is the part that failed (§2.1 gives it as text)', async () => {
    const whole = await book();
    await oddRecord('getOrdersForADay', { security_name: 4012 }, 0);
    const odd = await book();
    const first = whole.orders[0];
    expect(odd.unreadableOrders).toEqual([{ position: 1, orderId: first.id, parts: ['security'] }]);
    expect(unreadableOrderInWords(odd.unreadableOrders![0])).toBe(
      `Order ${first.id}, number 1 of the day: its security could not be read.`,
    );
  });
});

describe('offerings in body-credential mode (§5 rule 12)', () => {
  let body: Harness;
  beforeAll(async () => {
    body = await startHarness({ env: { TRANSACT_AUTH: 'body' } });
  });
  afterAll(() => body?.close());

  it('falls back to getAllOffers, since every GET needs the header (§5 rule 6)', async () => {
    const cookie = await signIn(body.app, 'investor@demo.test');
    await callSandbox(body.sandboxUrl, '/__sandbox/calls/reset', {});
    const res = await call(body.app, 'GET', '/api/offerings', { cookie });
    expect(res.statusCode).toBe(200);
    expect(offeringListSchema.parse(res.json()).offerings.length).toBeGreaterThan(0);
    const calls = await sandboxCalls(body.sandboxUrl);
    expect(calls.getAllOffers).toBe(1);
    expect(calls.offerings ?? 0).toBe(0);
  });
});
