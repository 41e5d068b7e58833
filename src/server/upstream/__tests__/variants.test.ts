import { describe, expect, it } from 'vitest';
import { fundMoveSchema } from '../../../contract/custody';
import { offeringSchema } from '../../../contract/offerings';
import { walkOrderDay } from '../../lib/order-day-pages';
import { createTrade } from '../create-trade';
import { getAccount } from '../get-account';
import { getAllOffers } from '../get-all-offers';
import { getCustodyAccount } from '../get-custody-account';
import { getCustodyFundMove } from '../get-custody-fund-move';
import { getCustodyFundMoves } from '../get-custody-fund-moves';
import { getMarketHours } from '../get-market-hours';
import { getOfferingPurchaseHistory } from '../get-offering-purchase-history';
import { getOfferings } from '../get-offerings';
import { getOrder } from '../get-order';
import { getOrdersForADay } from '../get-orders-for-a-day';
import { getSecurityMarketHours } from '../get-security-market-hours';
import { searchAccount } from '../search-account';
import { searchEntity } from '../search-entity';
import {
  custodyAccountRecord,
  executedMatch,
  fakeClient,
  ok,
  tradeReceipt,
  wireOffering,
  wireOrder,
} from './fake-client';

/*
 * One fixture per variant of real or plausible traffic that used to break a page, be misread or
 * lose data silently. Each names the public sample (../shared/transact-samples) or the section of
 * the interface document it derives from. Values are realistic stand-ins, never copied bodies.
 */

/** The live fund-move generation of getCustodyFundMoveHistory__kvl-101-success.json. */
function liveFundMove(referenceNumber: string, overrides: Record<string, unknown> = {}) {
  return {
    accountId: 'A10423567',
    bankName: 'Mesa Credit Union',
    totalAmount: '250.000000',
    accountNumber: Buffer.from('000123456789').toString('base64'),
    routingNumber: Buffer.from('021000021').toString('base64'),
    accountName: 'Jane Investor',
    referenceNumber,
    description: 'TEST ENTRY',
    status: 'Pending',
    fundStatus: 'Approved',
    routingNumberStatus: 'Verified',
    errors: '',
    createdDate: '2024-10-18 14:03:11',
    updatedDate: '2024-10-18 14:03:11',
    ...overrides,
  };
}

/** §2.1 order of getOrdersForADay: executed, with one match, its amounts as numbers. */
function order(orderId: number, overrides: Record<string, unknown> = {}) {
  return wireOrder({
    order_Id: orderId,
    shares_remaining: 40,
    total_amount: 1250,
    status: 'Executed',
    matchedOrders: [executedMatch],
    ...overrides,
  });
}

/** §2.5 account of getAccount__kvl-101.json with the fields searchAccount returns (§4.11). */
function account(accountId: string, overrides: Record<string, unknown> = {}) {
  return {
    accountId,
    accountName: 'Jane Investor',
    type: 'Individual',
    kycStatus: 'Pending',
    kycDate: '2024-10-18 14:03:11',
    amlStatus: 'Pending',
    amlDate: '2024-10-18 14:03:11',
    accreditedStatus: 'Pending',
    accreditedInvestorDate: '10-18-2024',
    approvalStatus: 'Pending',
    approvalLastReview: '10-18-2024',
    createdDate: '2024-10-18 14:03:11',
    ...overrides,
  };
}

function week(overrides: Record<string, unknown> = {}) {
  const out: Record<string, unknown> = {};
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
    out[`${day}closed`] = 'No';
    out[`${day}StartHours`] = '9';
    out[`${day}StartMins`] = '30';
    out[`${day}CloseHours`] = '16';
    out[`${day}CloseMins`] = '0';
  }
  return { ...out, ...overrides };
}

describe('one odd record never breaks a list', () => {
  it('an offering with a null offeringStatus is left out, counted and logged by position (§2.2)', async () => {
    const { client, warnings } = fakeClient({
      ...ok,
      offeringDetails: [
        wireOffering('1'),
        wireOffering('2', { offeringStatus: null }),
        wireOffering('3'),
      ],
    });
    const read = await getAllOffers(client);
    expect(read.offerings.map((o) => o.id)).toEqual(['1', '3']);
    expect(read.skipped).toMatchObject([{ position: 1 }]);
    expect(read.skipped[0].issues.join(' ')).toMatch(/offeringStatus/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].obj).toMatchObject({ operation: 'getAllOffers', count: 1 });
    // Its id is kept for the offering's own page (which says it could not be read), but the log
    // names positions and what failed only, never a value of the record.
    expect(read.skipped[0].id).toBe('2');
    expect((warnings[0].obj as { skipped: object[] }).skipped).toEqual([
      { position: 1, issues: read.skipped[0].issues },
    ]);
  });

  it('an offering with an empty totalShares is left out; the GET collection counts it too (§2.2)', async () => {
    const { client } = fakeClient({
      ...ok,
      offeringDetails: [wireOffering('1', { totalShares: '' }), wireOffering('2')],
      pagination: { totalRecords: 2, startIndex: 0, endIndex: 10 },
    });
    const page = await getOfferings(client, { offset: 0, limit: 10 });
    expect(page.offerings.map((o) => offeringSchema.parse(o).id)).toEqual(['2']);
    expect(page.skipped).toHaveLength(1);
    expect(page.totalRecords).toBe(2);
  });

  it('an order with order_type "Sell" is an offer, "Buy" a bid (createOrder__motyf-req.json action Buy/Sell)', async () => {
    const { client } = fakeClient({
      ...ok,
      orderDetails: [order(1, { order_type: 'Sell' }), order(2, { order_type: 'Buy' })],
    });
    const page = await getOrdersForADay(client, { date: '2024-03-04', start: 0, end: 500 });
    expect(page.orders.map((o) => o.side)).toEqual(['offer', 'bid']);
    expect(page.skipped).toEqual([]);
  });

  it('an order whose match has an empty executedPrice is left out, the others kept (§2.1)', async () => {
    const broken = order(2, { matchedOrders: [{ ...executedMatch, executedPrice: '' }] });
    const { client, warnings } = fakeClient({ ...ok, orderDetails: [order(1), broken, order(3)] });
    const page = await getOrdersForADay(client, { date: '2024-03-04', start: 0, end: 500 });
    expect(page.orders.map((o) => o.id)).toEqual(['1', '3']);
    expect(page.skipped).toMatchObject([{ position: 1 }]);
    expect(page.received).toBe(3);
    expect(warnings[0].obj).toMatchObject({ operation: 'getOrdersForADay' });
  });

  it('a fund move with an ISO timestamp is read as the instant it names (getCustodyFundMoveHistory__kvl-101-success.json)', async () => {
    const { client } = fakeClient({
      ...ok,
      custodyTransactions: [
        liveFundMove('R1', { createdDate: '2024-10-18T14:03:11.000Z' }),
        liveFundMove('R2', { createdDate: '2024-10-18T10:03:11-04:00' }),
        liveFundMove('R3', { createdDate: '2024-10-18 14:03:11' }),
      ],
      pagination: { totalRecords: 3, startIndex: 0, endIndex: 2 },
    });
    const page = await getCustodyFundMoves(client, { accountId: 'A10423567' });
    expect(page.skipped).toEqual([]);
    // A zoned time stays an instant: read later as a wall time of the platform's zone
    // (TRANSACT_TIME_ZONE), it would move by that zone's offset.
    expect(page.moves.map((move) => move.createdAt)).toEqual([
      '2024-10-18T14:03:11.000Z',
      '2024-10-18T14:03:11.000Z',
      '2024-10-18T14:03:11',
    ]);
    for (const move of page.moves) expect(fundMoveSchema.parse(move)).toEqual(move);
  });

  it('a fund move without an amount is left out; paging still counts it (getCustodyFundMoveHistory__kvl-101-get-first-record.json)', async () => {
    const { client, warnings } = fakeClient({
      ...ok,
      custodyTransactions: [liveFundMove('R1', { totalAmount: '' }), liveFundMove('R2')],
      pagination: { totalRecords: 7, startIndex: 0, endIndex: 1 },
    });
    const page = await getCustodyFundMoves(client, { accountId: 'A10423567' });
    expect(page.moves.map((m) => m.referenceNumber)).toEqual(['R2']);
    expect(page.skipped).toMatchObject([{ position: 0, issues: ['the fund move has no amount'] }]);
    expect(page).toMatchObject({ totalRecords: 7, startIndex: 0, endIndex: 1 });
    // The log names positions, never the record's values.
    expect(JSON.stringify(warnings)).not.toContain('A10423567');
  });

  it('a searchAccount row with an unparseable creation stamp is left out (§2.5, §4.11)', async () => {
    const { client } = fakeClient({
      ...ok,
      accountDetails: [account('A1', { createdDate: '31/02/2024 25:00' }), account('A2')],
    });
    const read = await searchAccount(client, { keyword: 'jane' });
    expect(read.records.map((a) => a.id)).toEqual(['A2']);
    expect(read.skipped).toMatchObject([{ position: 0 }]);
    expect(read.skipped[0].issues.join(' ')).not.toContain('31/02/2024');
  });

  it('a searchEntity row without partyId is left out (§2.6)', async () => {
    const { client } = fakeClient({
      ...ok,
      entityDetails: [{ entityName: 'No id LLC' }, { partyId: 'E1234567', entityName: 'Acme' }],
    });
    const read = await searchEntity(client, { keyword: 'acme' });
    expect(read.records.map((e) => e.id)).toEqual(['E1234567']);
    expect(read.skipped).toHaveLength(1);
  });
});

describe('a list key missing from a 101 answer is an error, never an empty list (§4)', () => {
  const cases: [string, () => Promise<unknown>][] = [
    ['getAllOffers', () => getAllOffers(fakeClient({ ...ok }).client)],
    ['offerings', () => getOfferings(fakeClient({ ...ok, pagination: {} }).client)],
    ['getCustodyFundMoves', () => getCustodyFundMoves(fakeClient({ ...ok }).client)],
    ['searchAccount', () => searchAccount(fakeClient({ ...ok }).client, { keyword: 'x' })],
    ['searchEntity', () => searchEntity(fakeClient({ ...ok }).client, { keyword: 'x' })],
    [
      'getOrdersForADay',
      () =>
        getOrdersForADay(fakeClient({ ...ok }).client, { date: '2024-03-04', start: 0, end: 500 }),
    ],
    ['getOrder', () => getOrder(fakeClient({ ...ok }).client, { orderId: '1' })],
  ];
  it.each(cases)('%s', async (_name, read) => {
    await expect(read()).rejects.toMatchObject({ kind: 'bad_response', submitted: 'no' });
  });

  it('an explicit empty list is still "none" (§2.1 `[{}]`)', async () => {
    const { client } = fakeClient({ ...ok, offeringDetails: [{}] });
    expect((await getAllOffers(client)).offerings).toEqual([]);
  });

  it('an order-book day is not ended early by a page whose records were skipped (§4.1, §8)', async () => {
    const full = (index: number) =>
      Array.from({ length: 500 }, (_, i) =>
        order(index * 500 + i + 1, i === 0 ? { order_type: 'Swap' } : {}),
      );
    const pages = [full(0), full(1), [order(1001)]];
    const { client } = fakeClient((request) => {
      const start = Number(request.body?.limitStart);
      return { ...ok, orderDetails: pages[start / 500] ?? [] };
    });
    const orders = await walkOrderDay({
      concurrency: 1,
      fetchPage: async ({ start, end }) => {
        const page = await getOrdersForADay(client, { date: '2024-03-04', start, end });
        return { orders: page.orders, received: page.received };
      },
    });
    // 499 + 499 + 1: two skipped records, yet every page was read.
    expect(orders).toHaveLength(999);
  });
});

describe('create answers are read for their id', () => {
  const input = {
    accountId: 'A1',
    offeringId: '1',
    units: '1',
    paymentMethod: 'wire' as const,
  };

  it('createTrade with timestamps in RRApprovalDate/PrincipalDate (createTrade__slj-101.json)', async () => {
    const { client } = fakeClient({
      ...ok,
      purchaseDetails: [
        true,
        [
          {
            ...tradeReceipt,
            RRApprovalDate: '2019-09-10 04:29:29',
            PrincipalDate: '2019-09-10 04:29:29',
          },
        ],
      ],
    });
    const receipt = await createTrade(client, input);
    expect(receipt.tradeId).toBe('130');
    expect(receipt.registeredRepApproval.date).toBe('2019-09-10');
    expect(receipt.principalApproval.date).toBe('2019-09-10');
  });

  it('createTrade with an unreadable approval date still yields the trade id (createTrade__slpy-101.json)', async () => {
    const { client } = fakeClient({
      ...ok,
      purchaseDetails: [true, [{ ...tradeReceipt, RRApprovalDate: 'soon', PrincipalDate: '' }]],
    });
    const receipt = await createTrade(client, input);
    expect(receipt.tradeId).toBe('130');
    expect(receipt.registeredRepApproval.date).toBeNull();
  });

  it('a doubly nested create tuple [true, [true, [ {...} ]]] (real-world notes §3, reinvest)', async () => {
    const { client } = fakeClient({ ...ok, purchaseDetails: [true, [true, [tradeReceipt]]] });
    expect((await createTrade(client, input)).tradeId).toBe('130');
  });
});

describe('both fund-move generations become one FundMove (§2.9, real-world notes §4.1)', () => {
  it('live: totalAmount and fundStatus (getCustodyFundMove__kvl-101-success.json)', async () => {
    const { client } = fakeClient({ ...ok, custodyTransaction: liveFundMove('R1') });
    const move = fundMoveSchema.parse(await getCustodyFundMove(client, { referenceNumber: 'R1' }));
    expect(move).toMatchObject({ amount: '250', approvalStatus: 'approved', status: 'pending' });
  });

  it('documented: amount and approvalStatus (§2.9) give the same fields', async () => {
    const { totalAmount: _a, fundStatus: _f, ...rest } = liveFundMove('R1');
    const { client } = fakeClient({
      ...ok,
      custodyTransaction: { ...rest, amount: '250.000000', approvalStatus: 'approved' },
    });
    const move = await getCustodyFundMove(client, { referenceNumber: 'R1' });
    expect(move).toMatchObject({ amount: '250', approvalStatus: 'approved', status: 'pending' });
  });

  it('both generations in one record: the document wins; different amounts are never guessed', async () => {
    const agreeing = fakeClient({
      ...ok,
      custodyTransactions: [
        liveFundMove('R1', { amount: '250.00', approvalStatus: 'Declined' }),
        liveFundMove('R2', { amount: '300.00' }),
      ],
    });
    const page = await getCustodyFundMoves(agreeing.client);
    expect(page.moves).toHaveLength(1);
    expect(page.moves[0]).toMatchObject({ referenceNumber: 'R1', approvalStatus: 'declined' });
    expect(page.skipped).toMatchObject([
      { position: 1, issues: ['amount and totalAmount disagree'] },
    ]);
  });

  it('a single fund move wrapped in an array is read as the move (§4.4)', async () => {
    const { client } = fakeClient({ ...ok, custodyTransaction: [liveFundMove('R1')] });
    expect((await getCustodyFundMove(client, { referenceNumber: 'R1' })).referenceNumber).toBe(
      'R1',
    );
  });
});

describe('conflicting duplicate keys: one documented rule, logged', () => {
  it('kycStatus/KYCstatus with different values: §2.5 spelling kept, key names logged (createParty__kvl-part.json casing)', async () => {
    const { client, warnings } = fakeClient({
      ...ok,
      accountDetails: { ...account('A1', { kycStatus: 'Pending' }), KYCstatus: 'Approved' },
    });
    const read = await getAccount(client, { accountId: 'A1' });
    expect(read.reviews.kyc.status).toBe('pending');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].obj).toMatchObject({
      operation: 'getAccount',
      keys: ['kycStatus/KYCstatus'],
    });
    expect(JSON.stringify(warnings)).not.toMatch(/approved/i);
  });

  it('the documented spelling wins whichever comes first; a blank one never hides a value', async () => {
    const first = fakeClient({
      ...ok,
      accountDetails: { KYCstatus: 'Approved', ...account('A1', { kycStatus: 'Pending' }) },
    });
    expect((await getAccount(first.client, { accountId: 'A1' })).reviews.kyc.status).toBe(
      'pending',
    );
    const blank = fakeClient({
      ...ok,
      accountDetails: { ...account('A1', { kycStatus: '' }), KYCstatus: 'Approved' },
    });
    expect((await getAccount(blank.client, { accountId: 'A1' })).reviews.kyc.status).toBe(
      'approved',
    );
    expect(blank.warnings).toHaveLength(0);
  });

  it('a conflict inside one record of a list is logged too (searchAccount, §4.11)', async () => {
    const { client, warnings } = fakeClient({
      ...ok,
      accountDetails: [account('A1'), { ...account('A2'), KYCstatus: 'Approved' }],
    });
    const read = await searchAccount(client, { keyword: 'jane' });
    expect(read.records[1].reviews.kyc.status).toBe('pending');
    expect(warnings.map((w) => w.obj)).toContainEqual({
      operation: 'searchAccount',
      keys: ['kycStatus/KYCstatus'],
    });
  });

  it('equal values under two spellings are no conflict', async () => {
    const { client, warnings } = fakeClient({
      ...ok,
      accountDetails: { ...account('A1'), KYCstatus: 'Pending' },
    });
    await getAccount(client, { accountId: 'A1' });
    expect(warnings).toHaveLength(0);
  });
});

describe('logs name paths and positions, never values', () => {
  it('an answer that does not fit is logged without the offending value', async () => {
    const { client, errors } = fakeClient({
      ...ok,
      accountDetails: account('A1', { createdDate: '31/02/1999 99:99', '506cLimit': '1,000.5' }),
    });
    const error = await getAccount(client, { accountId: 'A1' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'bad_response' });
    const logged = JSON.stringify(errors);
    expect(logged).toMatch(/createdDate/);
    expect(logged).not.toContain('31/02/1999');
    expect(logged).not.toContain('1,000.5');
    expect(String((error as Error).message)).not.toContain('31/02/1999');
  });
});

describe('purchase history shapes (§2.3)', () => {
  const row = {
    tradeId: '130',
    accountId: 'A1',
    offeringId: '55',
    totalAmount: '100.000000',
    totalShares: '10.000000',
    purchaseDate: '2024-10-18 14:05:00',
    accountName: 'Jane',
  };

  it('the summary object inside a one-row array keeps its totals (real-world notes §4.2 getOfferingDetails)', async () => {
    const { client } = fakeClient({
      ...ok,
      'Offering purchased details': [
        {
          offering_purchase_history: [row],
          totalAmountRaised: 100,
          totalShares: 1000,
          totalSharesPurchased: 10,
          totalSharesLeft: '990.000000',
          balanceAmount: '9900.000000',
          offeringId: '55',
        },
      ],
    });
    const history = await getOfferingPurchaseHistory(client, { offeringId: '55' });
    expect(history.purchases).toHaveLength(1);
    expect(history).toMatchObject({ totalAmountRaised: '100', totalSharesLeft: '990' });
  });

  it('the rows themselves as an array give the purchased totals (getTradesForOffering__kvl-101.json key)', async () => {
    const { client } = fakeClient({
      ...ok,
      'Offering purchased details': [row, { ...row, tradeId: '131', totalAmount: '50.5' }],
    });
    const history = await getOfferingPurchaseHistory(client, { offeringId: '55' });
    expect(history.purchases.map((p) => p.tradeId)).toEqual(['130', '131']);
    expect(history).toMatchObject({ totalAmountRaised: '150.5', totalSharesPurchased: '20' });
    expect(history.balanceAmount).toBeNull();
  });

  it('rows that name the trade orderId, as getTradesForOffering answers, are kept (getTradesForOffering__kvl-101.json)', async () => {
    // The sample's row, its placeholders filled in.
    const sampleRow = {
      accountId: 'A1040173',
      field1: '',
      field2: '',
      field3: '',
      orderId: '1001',
      orderStatus: 'CREATED',
      totalAmount: '1.000000',
      totalShares: '1.000000',
      transactionType: 'WIRE',
      unitPrice: '1.000000',
    };
    const { client } = fakeClient({
      ...ok,
      'Offering purchased details': [
        sampleRow,
        { ...sampleRow, orderId: 1002, totalAmount: '2.500000', totalShares: '2.500000' },
      ],
    });
    const history = await getOfferingPurchaseHistory(client, { offeringId: '55' });
    expect(history.skipped).toEqual([]);
    expect(history.purchases[0]).toEqual({
      tradeId: '1001',
      accountId: 'A1040173',
      accountName: null,
      offeringId: '55',
      amount: '1',
      shares: '1',
      purchasedAt: null,
      unreadable: ['date'],
      offeringTotalShares: null,
      targetAmount: null,
      remainingShares: null,
    });
    expect(history.purchases[1].tradeId).toBe('1002');
    expect(history).toMatchObject({ totalAmountRaised: '3.5', totalSharesPurchased: '3.5' });
  });

  it('a row carrying both tradeId and orderId is named by tradeId, the spelling of §2.3', async () => {
    const { client } = fakeClient({
      ...ok,
      'Offering purchased details': [
        { ...row, orderId: '999' },
        { ...row, tradeId: '', orderId: '131' },
      ],
    });
    const history = await getOfferingPurchaseHistory(client, { offeringId: '55' });
    expect(history.purchases.map((p) => p.tradeId)).toEqual(['130', '131']);
  });

  it('`{}` is an error, never an empty history with null totals', async () => {
    const { client } = fakeClient({ ...ok, 'Offering purchased details': {} });
    await expect(getOfferingPurchaseHistory(client, { offeringId: '55' })).rejects.toMatchObject({
      kind: 'bad_response',
    });
  });

  it('one unreadable purchase is left out and counted', async () => {
    const { client } = fakeClient({
      ...ok,
      'Offering purchased details': {
        offering_purchase_history: [row, { ...row, tradeId: '', totalAmount: 'n/a' }],
        offeringId: '55',
      },
    });
    const history = await getOfferingPurchaseHistory(client, { offeringId: '55' });
    expect(history.purchases).toHaveLength(1);
    expect(history.skipped).toMatchObject([{ position: 1 }]);
  });
});

describe('market hours (§2.7, §2.8, §4.14)', () => {
  it('a weekday missing from the answer is an error, never "open with unknown hours"', async () => {
    const partial = week();
    for (const key of Object.keys(partial)) if (key.startsWith('wednesday')) delete partial[key];
    const { client } = fakeClient({ ...ok, globalMarketHours: partial });
    await expect(getMarketHours(client)).rejects.toMatchObject({ kind: 'bad_response' });
  });

  it('`<day>Closed: "Null"` as text means not closed (§4.14 "Null when hours are given")', async () => {
    const { client } = fakeClient({
      ...ok,
      securityHoursDetails: { securityId: '42', ...week({ mondayclosed: 'Null' }) },
    });
    const hours = await getSecurityMarketHours(client, '42');
    expect(hours.days.monday).toEqual({ closed: false, open: '09:30', close: '16:00' });
  });

  it('global and security hours wrapped in a one-element array are read (§4.13)', async () => {
    const global = fakeClient({ ...ok, globalMarketHours: [week()] });
    expect((await getMarketHours(global.client)).friday.open).toBe('09:30');
    const security = fakeClient({ ...ok, securityHoursDetails: [{ securityId: '42', ...week() }] });
    expect((await getSecurityMarketHours(security.client, '42')).securityId).toBe('42');
  });
});

describe('other plausible variants', () => {
  it('`custodyAccount` instead of `custody_account` (§2.12)', async () => {
    const { client } = fakeClient({ ...ok, custodyAccount: custodyAccountRecord });
    expect((await getCustodyAccount(client, { accountId: 'A1' })).requestId).toBe('R1');
  });

  it('getOrder without the token echoed is accepted for the order asked for (§2.1, §4.2)', async () => {
    const { client } = fakeClient({ ...ok, orderDetails: [order(9001)] });
    expect((await getOrder(client, { orderId: '9001', token: 'mine' })).id).toBe('9001');
  });

  it('getOrder without a token and for another order is not taken for ours (§4.2)', async () => {
    const { client } = fakeClient({ ...ok, orderDetails: [order(9002)] });
    await expect(getOrder(client, { orderId: '9001', token: 'mine' })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
