import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderSchema } from '../../../contract/orders';
import { fundMovePageSchema } from '../../../contract/custody';
import { accountSchema } from '../../../contract/accounts';
import { offeringSchema } from '../../../contract/offerings';
import {
  addCustodyAccountSupplement,
  buildSupplementRequest,
} from '../add-custody-account-supplement';
import { createCustodyFundDisbursement } from '../create-custody-fund-disbursement';
import { createIssuerAccount } from '../create-issuer-account';
import { createTrade } from '../create-trade';
import { fundCustodyAccount } from '../fund-custody-account';
import { getAccount } from '../get-account';
import { getAllOffers } from '../get-all-offers';
import { getCustodyAccount } from '../get-custody-account';
import { getCustodyFundMove } from '../get-custody-fund-move';
import { getCustodyFundMoves } from '../get-custody-fund-moves';
import { getMarketHours } from '../get-market-hours';
import { getOfferingPurchaseHistory } from '../get-offering-purchase-history';
import { getOrder } from '../get-order';
import { getOrdersForADay } from '../get-orders-for-a-day';
import { searchAccount } from '../search-account';
import { searchEntity } from '../search-entity';
import { updateSecurityMarketHours } from '../update-security-market-hours';
import { z } from 'zod';
import { rawAccountShape } from '../account-wire';
import {
  decodeBankNumber,
  formatUsDate,
  looseObject,
  parseUsDate,
  wireDecimal,
  wireInstant,
} from '../wire';
import {
  custodyAccountRecord,
  executedMatch,
  fakeClient,
  ok,
  tradeReceipt,
  wireOrder,
} from './fake-client';

describe('orders (interface document §2.1, §4.1, §4.2)', () => {
  it('sends MM-DD-YYYY and the inclusive range as limitStart/limitEnd (§4.1)', async () => {
    const { client, requests } = fakeClient({ ...ok, orderDetails: [] });
    const page = await getOrdersForADay(client, { date: '2024-03-04', start: 0, end: 49 });
    expect(requests[0]).toMatchObject({
      operation: 'getOrdersForADay',
      effect: 'read',
      body: { date: '03-04-2024', limitStart: 0, limitEnd: 49 },
    });
    expect(page).toEqual({
      date: '2024-03-04',
      start: 0,
      end: 49,
      orders: [],
      skipped: [],
      unreadable: [],
      received: 0,
    });
  });

  it('absorbs trailing-space keys, numbers as numbers, null accountID, zero-filled updateDate and [{}] (§2.1)', async () => {
    const { client } = fakeClient({ ...ok, orderDetails: [wireOrder()] });
    const { orders } = await getOrdersForADay(client, { date: '2024-03-04', start: 0, end: 9 });
    const order = orderSchema.parse(orders[0]);
    expect(order).toEqual({
      id: '9001',
      securityId: '42',
      securityName: 'Acme Growth Shares',
      side: 'offer',
      shares: '100',
      sharesRemaining: '40',
      pricePerShare: '12.5',
      totalAmount: '1250',
      status: 'live',
      memberId: 'M100',
      accountId: null,
      createdAt: '2024-03-04T15:20:11.000Z',
      updatedAt: null,
      createdIp: '10.1.2.3',
      pnd: 'N',
      contingencies: 'None',
      minimumThreshold: '0',
      solicited: 'Yes',
      matches: [],
    });
  });

  it('reads a decimal written with a plus sign, leading zeros or an exponent as its exact value (§2 Conventions)', async () => {
    const { client } = fakeClient({
      ...ok,
      orderDetails: [
        wireOrder({
          number_shares: '+100',
          shares_remaining: '040.50',
          price_per_share: '1.25e1',
          total_amount: -0,
        }),
      ],
    });
    const { orders, skipped } = await getOrdersForADay(client, {
      date: '2024-03-04',
      start: 0,
      end: 9,
    });
    expect(skipped).toEqual([]);
    expect(orders[0]).toMatchObject({
      shares: '100',
      sharesRemaining: '40.5',
      pricePerShare: '12.5',
      totalAmount: '0',
    });
  });

  it('reads orderDetails delivered as a string holding the array (§2.1)', async () => {
    const orders = [
      wireOrder({ order_type: 'Bid', status: 'Executed', matchedOrders: [executedMatch] }),
    ];
    const { client } = fakeClient({ ...ok, orderDetails: JSON.stringify(orders) });
    const page = await getOrdersForADay(client, { date: '2024-03-04', start: 0, end: 9 });
    expect(page.orders[0].side).toBe('bid');
    expect(page.orders[0].status).toBe('executed');
    expect(page.orders[0].matches).toEqual([
      {
        matchId: '77',
        executedPrice: '12.5',
        executedQuantity: '60',
        executedTotal: '750',
        createdAt: '2024-03-04T16:00:00',
        updatedAt: null,
        createdIp: '10.1.2.4',
      },
    ]);
  });

  it('getOrder sends orderid and a token, reads mathcedOrders, and checks the echoed token (§2.1, §4.2)', async () => {
    const { client, requests } = fakeClient((request) => ({
      ...ok,
      orderDetails: [
        wireOrder({
          token: request.body?.token,
          matchedOrders: undefined,
          mathcedOrders: [executedMatch],
          updateDate: '2024-03-05T10:00:00.000Z',
        }),
      ],
    }));
    const order = await getOrder(client, { orderId: '9001' });
    expect(requests[0].body).toMatchObject({ orderid: '9001' });
    expect(typeof requests[0].body?.token).toBe('string');
    expect(order.matches).toHaveLength(1);
    expect(order.updatedAt).toBe('2024-03-05T10:00:00.000Z');
  });

  it('getOrder refuses an answer that does not echo our token (§2.1)', async () => {
    const { client } = fakeClient({ ...ok, orderDetails: [wireOrder({ token: 'someone-else' })] });
    await expect(getOrder(client, { orderId: '9001', token: 'mine' })).rejects.toMatchObject({
      kind: 'bad_response',
      submitted: 'no',
    });
  });

  it('an unknown order side is never a guess: that order is left out and logged (§2.1 values seen: Offer, Bid)', async () => {
    const { client, warnings } = fakeClient({
      ...ok,
      orderDetails: [wireOrder({ order_type: 'Swap' })],
    });
    const page = await getOrdersForADay(client, { date: '2024-03-04', start: 0, end: 9 });
    expect(page.orders).toEqual([]);
    expect(page.skipped).toMatchObject([{ position: 0 }]);
    expect(warnings[0].msg).toMatch(/getOrdersForADay/);
  });

  it('never guesses amounts that are not plain decimals ("1,000.5"): the order is left out (§2 Conventions)', async () => {
    const { client, warnings } = fakeClient({
      ...ok,
      orderDetails: [wireOrder({ total_amount: '1,000.5' })],
    });
    const page = await getOrdersForADay(client, { date: '2024-03-04', start: 0, end: 9 });
    expect(page.orders).toEqual([]);
    expect(page.skipped[0].issues.join(' ')).toMatch(/total_amount/);
    // Only positions and paths are logged, never the offending value.
    expect(JSON.stringify(warnings)).not.toContain('1,000.5');
  });
});

function wireFundMove(overrides: Record<string, unknown> = {}) {
  return {
    accountId: 'A1234567',
    bankName: null,
    amount: '2500.000000',
    accountNumber: Buffer.from('000123456789').toString('base64'),
    routingNumber: '021000021',
    accountName: '',
    referenceNumber: 'REF-1',
    description: 'Initial funding',
    approvalStatus: 'Pending',
    status: 'SETTLED',
    routingNumberStatus: 'Verified',
    errors: '',
    createdDate: '2024-05-01 09:30:00',
    updatedDate: '2024-05-02 16:00:00',
    ...overrides,
  };
}

describe('custody fund moves (§2.9, §4.3, §4.4)', () => {
  it('decodes base64 account numbers, keeps plain routing numbers, lower-cases statuses (§2.9, §3)', async () => {
    const { client, requests } = fakeClient({
      ...ok,
      custodyTransactions: [
        wireFundMove(),
        wireFundMove({
          referenceNumber: 'REF-2',
          status: 'Voided',
          routingNumber: Buffer.from('021000021').toString('base64'),
        }),
      ],
      pagination: { totalRecords: 12, startIndex: '10', endIndex: 11 },
    });
    const page = fundMovePageSchema.parse(
      await getCustodyFundMoves(client, { accountId: 'A1234567', offset: 10, limit: 2 }),
    );
    expect(requests[0]).toMatchObject({
      operation: 'getCustodyFundMoves',
      body: { accountId: 'A1234567' },
      query: { offset: 10, limit: 2 },
    });
    expect(page.moves[0]).toEqual({
      referenceNumber: 'REF-1',
      accountId: 'A1234567',
      amount: '2500',
      bankName: null,
      bankAccountNumber: '000123456789',
      routingNumber: '021000021',
      bankIdKind: 'routing_number',
      bankAccountName: null,
      description: 'Initial funding',
      direction: null,
      portalReference: null,
      approvalStatus: 'pending',
      status: 'settled',
      routingNumberStatus: 'verified',
      errorMessage: null,
      createdAt: '2024-05-01T09:30:00',
      updatedAt: '2024-05-02T16:00:00',
    });
    expect(page.moves[1].status).toBe('voided');
    expect(page.moves[1].routingNumber).toBe('021000021');
    // §4.3: endIndex is inclusive, indexes start at 0.
    expect(page).toMatchObject({ totalRecords: 12, startIndex: 10, endIndex: 11 });
  });

  it('a move whose dates, bank name or numbers do not fit their shape stays listed, those shown as not stated', async () => {
    const { client } = fakeClient({
      ...ok,
      custodyTransactions: [
        wireFundMove({
          createdDate: '18/10/2024 14:05',
          updatedDate: { at: 'noon' },
          bankName: ['First Bank'],
          routingNumber: { masked: true },
          routingNumberStatus: ['verified'],
        }),
      ],
      pagination: { totalRecords: 1, startIndex: 0, endIndex: 0 },
    });
    const page = await getCustodyFundMoves(client, { accountId: 'A1234567', offset: 0, limit: 1 });
    expect(page.skipped).toEqual([]);
    expect(page.moves[0]).toMatchObject({
      referenceNumber: 'REF-1',
      amount: '2500',
      status: 'settled',
      createdAt: null,
      updatedAt: null,
      bankName: null,
      routingNumber: null,
      routingNumberStatus: null,
    });
  });

  it('a compliance reviewer opens an account with no fund moves: the empty page (endIndex -1) reads as empty', async () => {
    // §4.3: endIndex is inclusive, so an empty page starting at 0 ends at -1.
    const { client } = fakeClient({
      ...ok,
      custodyTransactions: [],
      pagination: { totalRecords: 0, startIndex: 0, endIndex: -1 },
    });
    const page = fundMovePageSchema.parse(
      await getCustodyFundMoves(client, { accountId: 'A1234567' }),
    );
    expect(page).toMatchObject({ moves: [], totalRecords: 0, startIndex: 0, endIndex: -1 });
  });

  it('accountId is optional (§4.3) and a missing pagination is derived from the page', async () => {
    const { client, requests } = fakeClient({ ...ok, custodyTransactions: [wireFundMove()] });
    const page = await getCustodyFundMoves(client);
    expect(requests[0].body?.accountId).toBeUndefined();
    expect(page).toMatchObject({ totalRecords: 1, startIndex: 0, endIndex: 0 });
  });

  it('reads the live generation with totalAmount/fundStatus (real-world notes §4.1)', async () => {
    const { client } = fakeClient({
      ...ok,
      custodyTransaction: wireFundMove({
        amount: undefined,
        approvalStatus: undefined,
        totalAmount: '100.50',
        fundStatus: 'Pending',
        status: 'Pending',
        accountName: undefined,
        accountHolderName: 'Jane Investor',
      }),
    });
    const move = await getCustodyFundMove(client, { referenceNumber: 'REF-1' });
    // fundStatus is the live generation's approval step (approvalStatus in the document's).
    expect(move).toMatchObject({
      amount: '100.5',
      status: 'pending',
      approvalStatus: 'pending',
      bankAccountName: 'Jane Investor',
    });
  });

  it.each([
    ['Disbursement ACH · Portal ref MR-VS17ZR49XD', 'out', 'MR-VS17ZR49XD'],
    [
      'Disbursement wire_domestic · For invoice 7 · Portal ref MR-0123456789',
      'out',
      'MR-0123456789',
    ],
    ['Disbursement wire_international', 'out', null],
    ['Wire out · Portal ref MR-AAAAABBBBB', 'out', 'MR-AAAAABBBBB'],
    // A deposit the portal made carries its own note: in, whatever the person wrote before it.
    ['Savings · Portal deposit MR-BBBBBCCCCC', 'in', 'MR-BBBBBCCCCC'],
    ['Disbursement ACH top-up · Portal deposit MR-BBBBBCCCCC', 'in', 'MR-BBBBBCCCCC'],
    ['IRA transfer', null, null],
    ['Disbursements explained', null, null],
    [undefined, null, null],
  ])(
    'reads the direction of %j: a disbursement leaves an outgoing move, a portal deposit an incoming one (§2.9, §2.10, §4.3)',
    async (description, direction, portalReference) => {
      const { client } = fakeClient({
        ...ok,
        custodyTransaction: wireFundMove({ description }),
      });
      const move = await getCustodyFundMove(client, { referenceNumber: 'REF-1' });
      expect(move).toMatchObject({ direction, portalReference });
    },
  );

  it.each([
    // The wire's bankId in the move's routingNumber (§4.5): the value says which number it is.
    ['DEUTDEFF', 'Disbursement wire_international', 'swift_bic'],
    ['DEUTDEFF500', 'Refund', 'swift_bic'],
    ['021000021', 'Disbursement wire_domestic', 'routing_number'],
    [Buffer.from('021000021').toString('base64'), 'Initial funding', 'routing_number'],
    // Neither shape: the disbursement type the description states names it, else nothing does.
    ['', 'Disbursement wire_international · Portal ref MR-0123456789', 'swift_bic'],
    ['', 'Disbursement ACH · Portal ref MR-VS17ZR49XD', 'routing_number'],
    ['', 'IRA transfer', null],
    ['12345', 'IRA transfer', null],
  ])(
    'names routing number %j of a move described %j as %j (§2.9, §4.5)',
    async (routingNumber, description, bankIdKind) => {
      const { client } = fakeClient({
        ...ok,
        custodyTransaction: wireFundMove({ routingNumber, description }),
      });
      const move = await getCustodyFundMove(client, { referenceNumber: 'REF-1' });
      expect(move.bankIdKind).toBe(bankIdKind);
    },
  );

  it('only decodes base64 that yields digits or letters (§2.9)', () => {
    expect(decodeBankNumber('MTIzNDU2Nzg5')).toBe('123456789');
    expect(decodeBankNumber('123456789')).toBe('123456789');
    expect(decodeBankNumber('XXXX6789')).toBe('XXXX6789');
    expect(decodeBankNumber(null)).toBeNull();
  });

  it('keeps a SWIFT/BIC as received even where it reads as base64 (§4.5: 8 to 11 characters)', () => {
    // "QUJDREVG" is valid base64 of "ABCDEF" and a well-formed BIC (bank QUJD, Réunion).
    expect(decodeBankNumber('QUJDREVG')).toBe('QUJDREVG');
    expect(decodeBankNumber('DEUTDEFF')).toBe('DEUTDEFF');
    expect(decodeBankNumber('DEUTDEFF500')).toBe('DEUTDEFF500');
    // Base64 of a routing or account number is still decoded.
    expect(decodeBankNumber('MDIxMDAwMDIx')).toBe('021000021');
    expect(decodeBankNumber('OTg3NjU0')).toBe('987654');
  });
});

describe('deposit (fundCustodyAccount, §4.16)', () => {
  it("sends our reference in the description beside the person's text and reads the move as incoming", async () => {
    const { client, requests } = fakeClient({
      ...ok,
      // A create call's answer, wrapped as the live ones are (real-world notes §4.1).
      'externalFundMove details': [
        true,
        [wireFundMove({ description: 'Savings · Portal deposit MR-BBBBBCCCCC' })],
      ],
    });
    const move = await fundCustodyAccount(client, {
      accountId: 'A1234567',
      amount: '2500',
      description: 'Savings',
      reference: 'MR-BBBBBCCCCC',
      requesterIp: '203.0.113.7',
      bankNickName: 'Household checking',
    });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      effect: 'write',
      body: {
        amount: '2500.000000',
        description: 'Savings · Portal deposit MR-BBBBBCCCCC',
        // Documented parameters (real-world notes §4.1): the requester's address, and the
        // linked bank the money is pulled from.
        createdIpAddress: '203.0.113.7',
        NickName: 'Household checking',
      },
    });
    expect(move).toMatchObject({ direction: 'in', portalReference: 'MR-BBBBBCCCCC' });
  });

  it('sends only our note when the person wrote nothing', async () => {
    const { client, requests } = fakeClient({
      ...ok,
      'externalFundMove details': [wireFundMove({ description: 'Portal deposit MR-BBBBBCCCCC' })],
    });
    await fundCustodyAccount(client, {
      accountId: 'A1234567',
      amount: '10',
      reference: 'MR-BBBBBCCCCC',
    });
    expect(requests[0].body).toMatchObject({ description: 'Portal deposit MR-BBBBBCCCCC' });
  });

  it.each([
    ['12.3', '12.300000'],
    ['100000', '100000.000000'],
    ['0.01', '0.010000'],
    ['7.123456', '7.123456'],
  ])('sends amount %j with six decimal places, %j (§2, §2.9)', async (amount, sent) => {
    const { client, requests } = fakeClient({ ...ok, custodyTransaction: wireFundMove() });
    await fundCustodyAccount(client, { accountId: 'A1234567', amount });
    expect(requests[0].body).toMatchObject({ amount: sent });
  });

  it('refuses, before sending, an amount with more than six decimal places: never rounded', async () => {
    const { client, requests } = fakeClient({ ...ok, custodyTransaction: wireFundMove() });
    await expect(
      fundCustodyAccount(client, { accountId: 'A1234567', amount: '12.3000001' }),
    ).rejects.toThrow(RangeError);
    expect(requests).toEqual([]);
  });

  it.each([
    // As the documents name the deposit's answer (real-world notes §4.1), wrapped as a create call.
    ['externalFundMove details', (move: object) => [true, [move]]],
    // As its sibling createCustodyFundMove answers its record (real-world notes §4.1, §2.9).
    ['custodyTransaction', (move: object) => move],
  ])('reads the created move under %j', async (key, wrap) => {
    const { client } = fakeClient({
      ...ok,
      [key]: wrap(
        wireFundMove({ referenceNumber: 'CFM9', amount: '25.500000', status: 'Pending' }),
      ),
    });
    const move = await fundCustodyAccount(client, { accountId: 'A1234567', amount: '25.5' });
    expect(move).toMatchObject({
      referenceNumber: 'CFM9',
      accountId: 'A1234567',
      amount: '25.5',
      status: 'pending',
      direction: 'in',
    });
  });

  it.each(['externalFundMove details', 'custodyTransaction'])(
    'an accepted deposit under %j with odd fields still yields its referenceNumber (§2.9, §3)',
    async (key) => {
      const { client, errors } = fakeClient({
        ...ok,
        [key]: {
          referenceNumber: 'CFM9',
          accountId: '',
          amount: '25,50',
          routingNumber: { masked: true },
          status: '',
          createdDate: 'yesterday',
          updatedDate: '18/10/2024 14:05',
        },
      });
      const move = await fundCustodyAccount(client, {
        accountId: 'A1234567',
        amount: '25.5',
        reference: 'MR-BBBBBCCCCC',
      });
      // What the platform did not state readably is what was asked, which it accepted: the
      // account and amount sent, and pending, a move created and not yet submitted (§3).
      expect(move).toMatchObject({
        referenceNumber: 'CFM9',
        accountId: 'A1234567',
        amount: '25.5',
        routingNumber: null,
        status: 'pending',
        createdAt: null,
        updatedAt: null,
        direction: 'in',
        portalReference: 'MR-BBBBBCCCCC',
      });
      expect(errors).toEqual([]);
    },
  );

  it('reads the id of the created move named RefNum, as the externalFundMove family names it live (real-world notes §4.1)', async () => {
    const { referenceNumber: _documented, ...move } = wireFundMove({ amount: '25.500000' });
    const { client, requests } = fakeClient({
      ...ok,
      'externalFundMove details': [true, [{ ...move, RefNum: 'CFM77' }]],
    });
    const created = await fundCustodyAccount(client, { accountId: 'A1234567', amount: '25.5' });
    expect(created).toMatchObject({ referenceNumber: 'CFM77', amount: '25.5', direction: 'in' });
    // No linked bank's name known: no NickName is sent rather than an empty one.
    expect(requests[0].body).not.toHaveProperty('NickName');
  });

  it('a deposit answer whose two amounts disagree states the amount sent, never one of the two', async () => {
    const { client } = fakeClient({
      ...ok,
      custodyTransaction: wireFundMove({ amount: '25.500000', totalAmount: '255.000000' }),
    });
    const move = await fundCustodyAccount(client, { accountId: 'A1234567', amount: '25.5' });
    expect(move).toMatchObject({ referenceNumber: 'REF-1', amount: '25.5' });
  });

  it('a deposit answer without a referenceNumber, or with no record, is not understood', async () => {
    for (const answer of [
      { custodyTransaction: wireFundMove({ referenceNumber: '' }) },
      { 'externalFundMove details': [true, []] },
      { custodyTransaction: null },
      {},
    ]) {
      const { client } = fakeClient({ ...ok, ...answer });
      await expect(
        fundCustodyAccount(client, { accountId: 'A1234567', amount: '10' }),
      ).rejects.toMatchObject({ kind: 'bad_response', submitted: 'unknown' });
    }
  });
});

describe('disbursement (§2.10, §4.5)', () => {
  it('sends wire fields, never retries, and normalizes the answer', async () => {
    const { client, requests } = fakeClient({
      ...ok,
      custodyFundDisbursement: {
        requestId: '5b8e6c3e-0f5c-4c8a-9f0e-2a6b1f0d9a11',
        accountId: 'A1234567',
        amount: '1000.000000',
        type: 'wire_domestic',
        bankId: '021000021',
        bankAccountId: '123456789',
        additionalDetails: '',
        status: 'Pending',
        createdDate: '2024-05-01 09:30:00',
        updatedDate: '2024-05-01 09:30:00',
      },
    });
    const result = await createCustodyFundDisbursement(client, {
      type: 'wire_domestic',
      accountId: 'A1234567',
      amount: '1000',
      bankId: '021000021',
      bankAccountId: '123456789',
    });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      effect: 'write',
      body: { type: 'wire_domestic', amount: '1000.000000', bankId: '021000021' },
    });
    expect(result).toMatchObject({
      type: 'wire_domestic',
      status: 'pending',
      additionalDetails: null,
      amount: '1000',
    });
  });

  it.each([
    ['12.3', '12.300000'],
    ['100000', '100000.000000'],
  ])('sends amount %j with six decimal places, %j (§2)', async (amount, sent) => {
    const { client, requests } = fakeClient({
      ...ok,
      custodyFundDisbursement: { requestId: 'r', amount: '1.000000', type: 'ACH' },
    });
    const result = await createCustodyFundDisbursement(client, {
      type: 'ach',
      accountId: 'A1',
      amount,
    });
    expect(requests[0].body).toMatchObject({ amount: sent });
    expect(result.requestId).toBe('r');
  });

  it('refuses, before sending, a disbursement amount with more than six decimal places', async () => {
    const { client, requests } = fakeClient({
      ...ok,
      custodyFundDisbursement: { requestId: 'r' },
    });
    await expect(
      createCustodyFundDisbursement(client, { type: 'ach', accountId: 'A1', amount: '0.0000005' }),
    ).rejects.toThrow(RangeError);
    expect(requests).toEqual([]);
  });

  it('sends ACH without bank fields (§4.5)', async () => {
    const { client, requests } = fakeClient({
      ...ok,
      custodyFundDisbursement: {
        requestId: 'r',
        accountId: 'A1',
        amount: 5,
        type: 'ACH',
        status: 'pending',
        createdDate: '',
        updatedDate: '',
      },
    });
    const result = await createCustodyFundDisbursement(client, {
      type: 'ach',
      accountId: 'A1',
      amount: '5',
    });
    expect(requests[0].body).toMatchObject({
      type: 'ACH',
      bankId: undefined,
      bankAccountId: undefined,
    });
    expect(result.type).toBe('ach');
  });

  it('an accepted answer with odd dates, amount and type still yields its requestId (§2.10, §3)', async () => {
    const { client, errors } = fakeClient({
      ...ok,
      custodyFundDisbursement: {
        requestId: '5b8e6c3e-0f5c-4c8a-9f0e-2a6b1f0d9a11',
        accountId: 'A1234567',
        amount: '1,000.00',
        type: 'Domestic Wire',
        bankId: '021000021',
        bankAccountId: { masked: true },
        additionalDetails: 'Rent',
        status: '',
        createdDate: '05/01/2024 9:30 AM',
        updatedDate: '2024-05-01T09:30:00Z',
      },
    });
    const result = await createCustodyFundDisbursement(client, {
      type: 'wire_domestic',
      accountId: 'A1234567',
      amount: '1000',
      bankId: '021000021',
      bankAccountId: '123456789',
      additionalDetails: 'Rent',
    });
    // What the platform did not state readably is what was asked, which it accepted (statusCode
    // 101): the amount and type sent, and pending, the state of a disbursement on creation (§3).
    expect(result).toEqual({
      requestId: '5b8e6c3e-0f5c-4c8a-9f0e-2a6b1f0d9a11',
      accountId: 'A1234567',
      amount: '1000',
      type: 'wire_domestic',
      bankId: '021000021',
      bankAccountId: null,
      additionalDetails: 'Rent',
      status: 'pending',
      createdAt: null,
      updatedAt: null,
    });
    expect(errors).toEqual([]);
  });

  it('keeps what the platform states when it can be read, even where it differs from what was sent', async () => {
    const { client } = fakeClient({
      ...ok,
      custodyFundDisbursement: {
        requestId: 'r',
        accountId: 'A1',
        amount: '4.990000',
        type: 'ACH',
        status: 'Submitted',
        createdDate: '2024-05-01 09:30:00',
        updatedDate: '2024-05-01 09:31:00',
      },
    });
    const result = await createCustodyFundDisbursement(client, {
      type: 'ach',
      accountId: 'A1',
      amount: '5',
    });
    expect(result).toMatchObject({
      amount: '4.99',
      status: 'submitted',
      createdAt: '2024-05-01T09:30:00',
      updatedAt: '2024-05-01T09:31:00',
    });
  });

  it('an answer without a requestId is not understood: the outcome stays unknown (§2.10)', async () => {
    const { client } = fakeClient({
      ...ok,
      custodyFundDisbursement: {
        accountId: 'A1',
        amount: '5.000000',
        type: 'ACH',
        status: 'pending',
      },
    });
    await expect(
      createCustodyFundDisbursement(client, { type: 'ach', accountId: 'A1', amount: '5' }),
    ).rejects.toMatchObject({ kind: 'bad_response', submitted: 'unknown' });
  });
});

describe('issuer account (§2.4, §4.6)', () => {
  it('is a PUT and flattens the counter-keyed `Financial issuer details`', async () => {
    const record = (issuerId: string) => ({
      issuerId,
      companyName: 'Acme Inc',
      companyState: 'DE',
      companyTaxID: '123456789',
      entityType: 'Corp',
      issuingCountry: 'USA',
      accountType: 'CHECKING',
      accountMiddleInitial: '',
      socialSecurityNumber: '',
      dob: '02-29-1980',
      residentUS: 'Yes',
      citizenUS: 'No',
      addressLine1: '1 Main St',
      addressLine2: '',
      city: 'Dover',
      zip: '19901',
      country: 'USA',
      additionalInfo: '',
      issuerStatus: 'Pending',
      createdDate: '2024-05-01 09:30:00',
      createdIpAddress: '10.0.0.1',
    });
    const { client, requests } = fakeClient({
      ...ok,
      'Financial issuer details': { '2': [record('2')], '1': [record('1')] },
    });
    const records = await createIssuerAccount(client, {
      issuerId: '1',
      companyName: 'Acme Inc',
      companyState: 'DE',
      issuingCountry: 'USA',
      requesterIp: '10.0.0.1',
      dateOfBirth: '1980-02-29',
      residentUs: true,
      accountType: 'checking',
    });
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      effect: 'write',
      body: {
        createdIpAddress: '10.0.0.1',
        dob: '02-29-1980',
        residentUS: 'Yes',
        accountType: 'CHECKING',
      },
    });
    expect(records.map((r) => r.issuerId)).toEqual(['1', '2']);
    expect(records[0]).toMatchObject({
      dateOfBirth: '1980-02-29',
      residentUs: true,
      citizenUs: false,
      accountType: 'checking',
      status: 'pending',
      socialSecurityNumber: null,
    });
  });

  // §2.4 fixes no format for the answer's fields: a save the platform accepted is read as saved.
  it('reads an accepted save whose date of birth, residence or creation time come in a form of their own', async () => {
    const { client } = fakeClient({
      ...ok,
      'Financial issuer details': {
        '1': [
          {
            issuerId: '1',
            companyName: 'Acme Inc',
            dob: '1980-01-31 00:00:00',
            residentUS: 'US',
            citizenUS: 'Y',
            createdDate: '2024-05-01T09:30:00Z',
          },
        ],
      },
    });
    const records = await createIssuerAccount(client, {
      issuerId: '1',
      companyName: 'Acme Inc',
      companyState: 'DE',
      issuingCountry: 'USA',
      requesterIp: '10.0.0.1',
    });
    expect(records[0]).toMatchObject({
      issuerId: '1',
      companyName: 'Acme Inc',
      dateOfBirth: null,
      residentUs: null,
      citizenUs: true,
    });
  });
});

describe('custody account supplement (§2.11, §4.7)', () => {
  it('sends maritalStatus as a code and maps the text answer back', async () => {
    const { client, requests } = fakeClient({
      ...ok,
      statusDesc: 'Account added successfully.',
      accountDetails: [
        {
          accountId: 'A1',
          maritalStatus: 'married',
          mailingAddressLine1: '1 Main St',
          mailingCity: 'Austin',
          mailingState: 'TX',
          mailingZipCode: '78701',
          mailingCountry: 'USA',
          bankFirmName1: 'Old Bank',
          bankAccountNumber1: '999',
        },
      ],
    });
    const result = await addCustodyAccountSupplement(client, {
      accountId: 'A1',
      maritalStatus: 'married',
      mailingAddress: {
        line1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        country: 'USA',
      },
      contributionMethod: 'rollover',
    });
    expect(requests[0].body).toMatchObject({
      maritalStatus: '2',
      methodOfContributionOrFunding: '4',
    });
    expect(result.maritalStatus).toBe('married');
    expect(result.holdings).toEqual([
      { firmName: 'Old Bank', country: null, accountName: null, accountNumber: '999' },
    ]);
  });

  it('maps "Not Married" and the code 1 to not_married', async () => {
    for (const maritalStatus of ['Not Married', '1']) {
      const { client } = fakeClient({
        ...ok,
        accountDetails: [{ accountId: 'A1', maritalStatus }],
      });
      const result = await addCustodyAccountSupplement(client, {
        accountId: 'A1',
        maritalStatus: 'not_married',
        mailingAddress: { line1: 'x', city: 'x', state: 'x', zipCode: 'x', country: 'x' },
      });
      expect(result.maritalStatus).toBe('not_married');
    }
  });

  // §2.11 gives "married" as its one example: other text is no reason to fail an accepted request.
  it('reads another marital status (Divorced) as not stated, and the request as accepted', async () => {
    const { client } = fakeClient({
      ...ok,
      accountDetails: [{ accountId: 'A1', maritalStatus: 'Divorced' }],
    });
    const result = await addCustodyAccountSupplement(client, {
      accountId: 'A1',
      maritalStatus: 'not_married',
      mailingAddress: { line1: 'x', city: 'x', state: 'x', zipCode: 'x', country: 'x' },
    });
    expect(result).toMatchObject({ accountId: 'A1', maritalStatus: null });
  });

  it.each([
    ['2', 'regular_contribution'],
    ['Regular contribution', 'regular_contribution'],
    ['regular_contribution', 'regular_contribution'],
    ['ROTH CONVERSION', 'roth_conversion'],
    ['9', null],
    ['', null],
  ])('reads the contribution method %j back as %j', async (answer, expected) => {
    const { client } = fakeClient({
      ...ok,
      accountDetails: [{ accountId: 'A1', methodOfContributionOrFunding: answer }],
    });
    const result = await addCustodyAccountSupplement(client, {
      accountId: 'A1',
      maritalStatus: 'married',
      mailingAddress: { line1: 'x', city: 'x', state: 'x', zipCode: 'x', country: 'x' },
    });
    expect(result.contributionMethod).toBe(expected);
  });

  it('reads the manager and proxy choices back from their codes and their labels', async () => {
    const { client } = fakeClient({
      ...ok,
      accountDetails: [
        {
          accountId: 'A1',
          appointmentOfInvestmentManager: '1',
          proxyVotingPreferences: 'Send no proxy materials',
        },
      ],
    });
    const result = await addCustodyAccountSupplement(client, {
      accountId: 'A1',
      maritalStatus: 'married',
      mailingAddress: { line1: 'x', city: 'x', state: 'x', zipCode: 'x', country: 'x' },
    });
    expect([result.investmentManager, result.proxyVoting]).toEqual(['appoint', 'send_none']);
  });
});

const wireOffering = {
  issuerId: '7',
  offeringId: '55',
  issueName: 'Acme Series A',
  issueType: 'Equity',
  targetAmount: '1000000.000000',
  minAmount: '500.000000',
  maxAmount: '2000000.000000',
  unitPrice: '10.000000',
  totalShares: '100000.000000',
  remainingShares: '25000.000000',
  startDate: '01-15-2024',
  endDate: '12-31-2024',
  offeringStatus: 'Pending',
  offeringText: 'Growth capital',
  stampingText: null,
  createdDate: '2024-01-10 08:00:00',
  createdIPAddress: '10.0.0.1',
};

describe('offerings (§2.2, §4.8)', () => {
  it('normalizes getAllOffers into the offering contract: ISO dates, lower-case status', async () => {
    const { client } = fakeClient({
      ...ok,
      offeringDetails: [
        wireOffering,
        { ...wireOffering, offeringId: '56', offeringStatus: 'closed', startDate: 'unknown' },
      ],
    });
    const {
      offerings: [first, second],
    } = await getAllOffers(client);
    expect(offeringSchema.parse(first)).toEqual({
      id: '55',
      issuerId: '7',
      name: 'Acme Series A',
      type: 'Equity',
      status: 'pending',
      unitPrice: '10',
      minAmount: '500',
      targetAmount: '1000000',
      maxAmount: '2000000',
      totalShares: '100000',
      remainingShares: '25000',
      startDate: '2024-01-15',
      endDate: '2024-12-31',
      description: 'Growth capital',
      stampingText: '',
      createdAt: '2024-01-10T08:00:00',
    });
    expect(second).toMatchObject({ status: 'closed', startDate: null });
  });
});

describe('purchase history (§2.3, §4.9)', () => {
  it('unwraps `Offering purchased details` and keeps exact summary decimals', async () => {
    const { client } = fakeClient({
      ...ok,
      'Offering purchased details': {
        offering_purchase_history: [
          {
            tradeId: '130',
            accountId: 'A1',
            offeringId: '55',
            totalAmount: '2500.550000',
            totalShares: '250.000000',
            purchaseDate: '2024-02-01 10:00:00',
            accountName: 'Jane',
            offeringTotalShares: '100000.000000',
            targetAmount: '1000000.000000',
            remainingShares: '99750.000000',
          },
        ],
        totalAmountRaised: 2500.55,
        totalShares: 100000,
        totalSharesPurchased: 250,
        totalSharesLeft: '99750.000000',
        balanceAmount: '997499.450000',
        offeringId: '55',
      },
    });
    const history = await getOfferingPurchaseHistory(client, { offeringId: '55' });
    expect(history).toMatchObject({
      offeringId: '55',
      totalAmountRaised: '2500.55',
      totalSharesLeft: '99750',
      balanceAmount: '997499.45',
    });
    expect(history.purchases[0]).toMatchObject({
      amount: '2500.55',
      shares: '250',
      purchasedAt: '2024-02-01T10:00:00',
    });
  });
});

describe('purchase history of one offering (§4.9)', () => {
  it('leaves out a row naming another offering: its buyer is not this offering’s', async () => {
    const row = (tradeId: string, offeringId: string) => ({
      tradeId,
      accountId: `A${tradeId}`,
      offeringId,
      totalAmount: '10.00',
      totalShares: '1',
      purchaseDate: '2024-02-01 10:00:00',
    });
    for (const details of [
      { offering_purchase_history: [row('1', '55'), row('2', '56')], offeringId: '55' },
      // The rows alone (getTradesForOffering's shape): the totals follow from this offering's.
      [row('1', '55'), row('2', '56')],
    ]) {
      const { client } = fakeClient({ ...ok, 'Offering purchased details': details });
      const history = await getOfferingPurchaseHistory(client, { offeringId: '55' });
      expect(history.purchases.map((p) => p.tradeId)).toEqual(['1']);
      if (Array.isArray(details)) expect(history.totalAmountRaised).toBe('10');
    }
  });
});

const wireAccount = {
  accountId: 'A77654',
  accountName: 'john',
  type: 'Individual',
  entityType: null,
  residentType: 'domestic account',
  address1: 'First street',
  address2: '',
  city: 'ATLANTA',
  state: 'GA',
  zip: '43543',
  country: 'USA',
  phone: '4152323232',
  taxID: '43543543',
  kycStatus: 'Pending',
  kycDate: '2016-02-23 13:29:30',
  amlStatus: 'PENDING',
  amlDate: '2016-02-23 13:29:30',
  suitabilityScore: '5',
  suitabilityDate: '2016-02-23 13:29:30',
  suitabilityApprover: 'Smith',
  accreditedStatus: 'pending',
  accreditedInvestor: 'income',
  accreditedInvestorDate: '02-02-2016',
  '506cLimit': '50000',
  accountTotalLimit: '1000000',
  singleInvestmentLimit: '1000',
  associatedAC: 'yes',
  syndicate: 'yes',
  tags: 'real estate',
  notes: 'Offers',
  approvalStatus: 'Pending',
  approvalPrincipal: 'Charles',
  approvalLastReview: '12-02-2016',
  archived_status: '0',
  field1: 'Account Field 1',
  field2: '',
  field3: '',
  createdDate: '2022-11-22 19:22:02',
  updatedDate: '0000-00-00 00:00:00',
};

describe('accounts and entities (§2.5, §2.6, §4.10–4.12)', () => {
  it('getAccount reads the object form, review statuses and dates (§2.5)', async () => {
    const { client } = fakeClient({ ...ok, accountDetails: wireAccount });
    const account = accountSchema.parse(await getAccount(client, { accountId: 'A77654' }));
    expect(account.reviews).toEqual({
      kyc: { status: 'pending', date: '2016-02-23T13:29:30' },
      aml: { status: 'pending', date: '2016-02-23T13:29:30' },
      // accreditedInvestor ("income" here) is not passed on: §2.5 gives it no meaning.
      accreditation: { status: 'pending', date: '2016-02-02' },
      approval: { status: 'pending', date: '2016-12-02', principal: 'Charles' },
    });
    expect(account).toMatchObject({
      type: 'individual',
      archived: false,
      updatedAt: null,
      limits: { rule506c: '50000' },
      customFields: ['Account Field 1', null, null],
    });
  });

  it('reads an account whose review dates are unreadable, those dates not stated (§2.5)', async () => {
    const { client } = fakeClient({
      ...ok,
      accountDetails: {
        ...wireAccount,
        kycDate: '2026-02-31 10:00:00',
        amlDate: 'yesterday',
        accreditedInvestorDate: '31-02-2016',
        approvalLastReview: '13-45-2016',
      },
    });
    const account = accountSchema.parse(await getAccount(client, { accountId: 'A77654' }));
    expect(account.reviews).toEqual({
      kyc: { status: 'pending', date: null },
      aml: { status: 'pending', date: null },
      accreditation: { status: 'pending', date: null },
      approval: { status: 'pending', date: null, principal: 'Charles' },
    });
  });

  it('searchAccount reads the array form and casing drift KYCstatus (§2.5, real-world notes §4.1)', async () => {
    const { kycStatus: _camel, ...rest } = wireAccount;
    const drifted = { ...rest, KYCstatus: 'Approved' };
    const { client, requests } = fakeClient({ ...ok, accountDetails: [drifted, {}] });
    const { records: accounts } = await searchAccount(client, { keyword: 'john' });
    expect(requests[0].body).toEqual({ searchKeyword: 'john' });
    expect(accounts).toHaveLength(1);
    expect(accounts[0].reviews.kyc.status).toBe('approved');
  });

  it('searchEntity keeps an entity whose AMLdate is an impossible day, that date not stated (§2.6)', async () => {
    const { client } = fakeClient({
      ...ok,
      entityDetails: [
        {
          partyId: 'E1234567',
          entityName: 'Acme LLC',
          AMLstatus: 'Approved',
          AMLdate: '02-30-2024',
        },
      ],
    });
    const { records } = await searchEntity(client, { keyword: 'acme' });
    expect(records).toHaveLength(1);
    expect(records[0].reviews.aml).toEqual({ status: 'approved', date: null });
  });

  it('searchEntity maps KYCstatus/AMLstatus and MM-DD-YYYY AMLdate (§2.6)', async () => {
    const { client } = fakeClient({
      ...ok,
      entityDetails: [
        {
          partyId: 'E1234567',
          entityName: 'Acme LLC',
          entityType: 'LLC',
          KYCstatus: 'Pending',
          AMLstatus: 'Auto Approved',
          AMLdate: '03-01-2024',
          emailAddress: 'a@acme.test',
          emailAddress2: '',
          phone: '5551234',
        },
      ],
    });
    const {
      records: [entity],
    } = await searchEntity(client, { keyword: 'acme' });
    expect(entity).toMatchObject({
      id: 'E1234567',
      emails: ['a@acme.test'],
      phones: ['5551234'],
      reviews: { kyc: { status: 'pending' }, aml: { status: 'auto approved', date: '2024-03-01' } },
    });
  });
});

function week(closedKey: (day: string) => string) {
  const out: Record<string, string> = {};
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']) {
    out[closedKey(day)] = day === 'friday' ? 'Yes' : 'No';
    out[`${day}StartHours`] = '9';
    out[`${day}StartMins`] = '5';
    out[`${day}CloseHours`] = '16';
    out[`${day}CloseMins`] = '0';
  }
  return out;
}

describe('market hours (§2.7, §2.8, §4.13, §4.14)', () => {
  it('global hours: `<day>closed`, unpadded hours and minutes → HH:mm (§2.7)', async () => {
    const { client } = fakeClient({ ...ok, globalMarketHours: week((day) => `${day}closed`) });
    const hours = await getMarketHours(client);
    expect(hours.monday).toEqual({ closed: false, open: '09:05', close: '16:00' });
    expect(hours.friday.closed).toBe(true);
  });

  it('security hours: request `<day>HoursStart`/`HoursEnd`, answer `<day>Closed` (§2.8, §4.14)', async () => {
    const { client, requests } = fakeClient({
      ...ok,
      securityHoursDetails: { securityId: '42', ...week((day) => `${day}Closed`) },
    });
    const result = await updateSecurityMarketHours(client, {
      securityId: '42',
      days: { monday: { closed: false, open: '09:05', close: '16:00' }, friday: { closed: true } },
    });
    expect(requests[0]).toMatchObject({ effect: 'write', method: 'POST' });
    expect(requests[0].body).toEqual({
      securityId: '42',
      mondayHoursStart: '09:05',
      mondayHoursEnd: '16:00',
      mondayClosed: 'no',
      fridayClosed: 'yes',
    });
    expect(result.securityId).toBe('42');
    expect(result.days.monday).toEqual({ closed: false, open: '09:05', close: '16:00' });
    expect(result.days.friday.closed).toBe(true);
  });
});

describe('custody account (§2.12, §4.15)', () => {
  it('is a GET on /v3/custody/accounts/{id} naming its scope', async () => {
    const { client, requests } = fakeClient({
      ...ok,
      custody_account: custodyAccountRecord,
    });
    const account = await getCustodyAccount(client, { accountId: 'A1' });
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/v3/custody/accounts/A1',
      permission: 'custody_account.read.pii_medium',
    });
    expect(account).toMatchObject({
      status: 'approved',
      restricted: false,
      approvedAt: '2024-01-02T03:04:05',
      notes: null,
    });
  });
});

describe('createTrade (§4.16; real-world notes §4.1)', () => {
  it('POSTs units and payment method, reads `[true, [ {...} ]]`', async () => {
    const { client, requests } = fakeClient({ ...ok, purchaseDetails: [true, [tradeReceipt]] });
    const result = await createTrade(client, {
      accountId: 'A1',
      offeringId: '55',
      units: '10',
      paymentMethod: 'credit_card',
    });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      effect: 'write',
      body: { transactionUnits: '10', units: '10', transactionType: 'CREDITCARD' },
    });
    expect(result).toEqual({
      tradeId: '130',
      transactionId: '476693475244',
      amount: '2500.55',
      createdAt: '2014-12-09T04:29:29',
      status: 'created',
      registeredRepApproval: { status: 'pending', name: 'Test', date: '2019-09-10' },
      principalApproval: { status: 'pending', name: 'Test', date: '2019-09-10' },
    });
  });

  it('also accepts a plain array, and calls an empty answer a bad response (submitted unknown)', async () => {
    const plain = fakeClient({ ...ok, purchaseDetails: [tradeReceipt] });
    expect(
      (
        await createTrade(plain.client, {
          accountId: 'A1',
          offeringId: '55',
          units: '1',
          paymentMethod: 'ach',
        })
      ).tradeId,
    ).toBe('130');
    const empty = fakeClient({ ...ok, purchaseDetails: [true, []] });
    await expect(
      createTrade(empty.client, {
        accountId: 'A1',
        offeringId: '55',
        units: '1',
        paymentMethod: 'ach',
      }),
    ).rejects.toMatchObject({ kind: 'bad_response', submitted: 'unknown' });
  });

  it('an accepted trade with an odd amount, no status and odd side fields still yields its trade id', async () => {
    const { transactionStatus: _status, ...rest } = tradeReceipt;
    const { client, errors } = fakeClient({
      ...ok,
      purchaseDetails: [
        true,
        [{ ...rest, transactionAmount: '2,500.55', transactionId: { id: 1 }, RRName: [] }],
      ],
    });
    const result = await createTrade(client, {
      accountId: 'A1',
      offeringId: '55',
      units: '10',
      paymentMethod: 'ach',
    });
    // The trade exists: what the platform did not state readably is not guessed, and a trade
    // just created is in its first status (§3).
    expect(result).toMatchObject({
      tradeId: '130',
      transactionId: null,
      amount: null,
      status: 'created',
      registeredRepApproval: { name: null },
    });
    expect(errors).toEqual([]);
  });
});

describe('an investor names only a second holding (§4.7 bank*2)', () => {
  it('goes out as bankFirmName2/bankAccountNumber2, the first left unsent', () => {
    const body = buildSupplementRequest({
      accountId: 'A1234567',
      maritalStatus: 'married',
      mailingAddress: {
        line1: '1 Main St',
        city: 'Denver',
        state: 'CO',
        zipCode: '80202',
        country: 'US',
      },
      holdings: [{}, { firmName: 'Second Bank', accountNumber: '55554444' }],
    }).body as Record<string, unknown>;
    expect(body.bankFirmName1).toBeUndefined();
    expect(body.bankAccountNumber1).toBeUndefined();
    expect(body).toMatchObject({ bankFirmName2: 'Second Bank', bankAccountNumber2: '55554444' });
  });
});

describe('calendar dates MM-DD-YYYY (§2 Conventions)', () => {
  it.each([
    ['03-08-2026', '2026-03-08'],
    [' 12-31-1999 ', '1999-12-31'],
    ['02-29-2024', '2024-02-29'],
    ['03/08/2026', '2026-03-08'],
    ['2026-03-08', '2026-03-08'],
    ['00-00-0000', null],
    ['', null],
    [null, null],
    ['02-30-2026', undefined],
    ['13-01-2026', undefined],
    ['3-8-2026', undefined],
  ])('parseUsDate(%j) is %j', (input, iso) => {
    expect(parseUsDate(input)).toBe(iso);
  });

  it('a day is a calendar day exactly when the UTC calendar has it (leap years, month ends)', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (year, month, day) => {
          const date = new Date(Date.UTC(year, month - 1, day));
          // Date.UTC reads years below 100 as 19xx: those were never calendar days here.
          const real =
            year >= 100 &&
            date.getUTCFullYear() === year &&
            date.getUTCMonth() === month - 1 &&
            date.getUTCDate() === day;
          const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          // 00-00-0000 is the zero-filled "never" (§2.1), read as null.
          const zero = year === 0 && month === 0 && day === 0;
          expect(parseUsDate(`${pad(month, 2)}-${pad(day, 2)}-${pad(year, 4)}`)).toBe(
            zero ? null : real ? iso : undefined,
          );
        },
      ),
      { numRuns: 5_000 },
    );
    for (const [text, iso] of [
      ['02-29-2000', '2000-02-29'],
      ['02-29-1900', undefined],
      ['02-29-2023', undefined],
      ['04-31-2024', undefined],
      ['12-31-0099', undefined],
    ] as const) {
      expect(parseUsDate(text)).toBe(iso);
    }
  });

  it('formatUsDate writes MM-DD-YYYY and refuses what is not a date', () => {
    expect(formatUsDate('2026-03-08')).toBe('03-08-2026');
    expect(formatUsDate('1990-12-01')).toBe('12-01-1990');
    expect(() => formatUsDate('2026-02-30')).toThrow(RangeError);
    expect(() => formatUsDate('03-08-2026')).toThrow(RangeError);
  });
});

describe('decimals and instants read the same on the fast path (§2 Conventions, §2.1)', () => {
  // Any decimal the pattern accepts: sign, leading and trailing zeros, a bare point, an exponent.
  const decimalText = fc
    .tuple(
      fc.constantFrom('', '-', '+'),
      fc.stringMatching(/^\d{0,12}$/),
      fc.option(fc.stringMatching(/^\d{0,8}$/)),
      fc.option(fc.integer({ min: -12, max: 12 })),
    )
    .filter(([, whole, fraction]) => whole.length > 0 || (fraction ?? '').length > 0)
    .map(
      ([sign, whole, fraction, exponent]) =>
        `${sign}${whole}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : `e${exponent}`}`,
    );

  it('reads every accepted spelling as big.js writes its exact value, canonical or not', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        expect(wireDecimal.parse(text)).toBe(new Big(text.replace(/^\+/, '')).toFixed());
      }),
      // The spellings of zero and of a leading plus, which big.js itself refuses, every run.
      { examples: [['-0'], ['+0'], ['-0.000'], ['+12.50'], ['-.5'], ['5.'], ['1E-7']] },
    );
  });

  it('reads an instant as the Date it spells, written by toISOString, or refuses it', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    // Out-of-range parts on purpose (month 13, day 32, hour 24, second 60), other separators,
    // other precisions and zones: each must come out as Date reads it.
    const instantText = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom('.000', '.5', '.123', ''),
        fc.constantFrom('Z', 'z', '', '+02:00', '-0530'),
        fc.constantFrom('T', ' '),
      )
      .map(
        ([year, month, day, hour, minute, second, fraction, zone, separator]) =>
          `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}${separator}${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${fraction}${zone}`,
      );
    const asDateReadsIt = (text: string) => {
      // A zero-filled date is the upstream's "never" (§2.1), whatever follows it.
      if (text.startsWith('0000-00-00')) return null;
      const match =
        /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(\.\d+)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(text);
      const date = match ? new Date(`${match[1]}T${match[2]}${match[4] ?? 'Z'}`) : null;
      return date && !Number.isNaN(date.getTime()) ? date.toISOString() : 'refused';
    };
    fc.assert(
      fc.property(instantText, (text) => {
        const read = wireInstant.safeParse(text);
        expect(read.success ? read.data : 'refused').toBe(asDateReadsIt(text));
      }),
      {
        numRuns: 1000,
        examples: [
          ['2024-02-29T10:00:00.000Z'],
          ['2023-02-29T10:00:00.000Z'],
          ['2024-04-31T23:59:59.999Z'],
          ['0000-01-01T00:00:00.000Z'],
          ['0000-00-00T00:00:00.000Z'],
          ['2024-01-01T24:00:00.000Z'],
        ],
      },
    );
  });

  it('reads finite numbers as their exact text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(wireDecimal.parse(value)).toBe(new Big(value).toFixed());
      }),
    );
  });
});

describe('a record read in one pass reads as zod reads it (§2.5, §2 Conventions)', () => {
  // Every kind of value an account field meets: blanks, text, each date form (on and off the
  // calendar, zero-filled), yes/no spellings, decimals (canonical or not, and not one), numbers,
  // booleans, and values no field takes (an object, a list).
  const fieldValue = fc.oneof(
    fc.constantFrom(
      undefined,
      null,
      '',
      '   ',
      'Approved',
      ' Pending ',
      '2026-07-30 10:24:00',
      '2024-02-29T10:00:00',
      '2023-02-29 10:00:00',
      '2026-07-30 24:00:00',
      '0000-00-00 00:00:00',
      '08-01-2026',
      '02-30-2026',
      '00-00-0000',
      '2026-08-01',
      'yes',
      'N',
      '1',
      'null',
      'maybe',
      '12.50',
      '+1.5e3',
      '-0.5',
      '1,000',
      // Not JSON, but a number zod's union refuses: the one pass must refuse it too.
      Number.POSITIVE_INFINITY,
      true,
      false,
      {},
      [],
    ),
    fc.integer({ min: -5, max: 100_000 }),
    fc.double({ noNaN: true }),
    fc.string({ maxLength: 12 }),
  );
  const keys = Object.keys(rawAccountShape);
  // An account the sandbox answers with (§2.5), every field readable, in the document's spelling
  // so that the loose-key step changes nothing zod's object sees; then up to three fields given
  // any of the values above (or left out), so that a difference in one field is not hidden by
  // another field's refusal.
  const readable: Record<string, unknown> = {
    ...Object.fromEntries(keys.map((key) => [key, ''])),
    accountId: 'A1040000',
    kycDate: '2026-07-30 10:24:00',
    amlDate: '07-30-2026',
    suitabilityDate: '2026-07-31 10:24:00',
    accreditedInvestorDate: '08-01-2026',
    '506cLimit': '50000.00',
    approvalLastReview: '08-02-2026',
    archived_status: '0',
    createdDate: '2026-07-29 10:24:00',
    updatedDate: '0000-00-00 00:00:00',
  };
  const record = fc
    .array(fc.tuple(fc.constantFrom(...keys), fieldValue), { maxLength: 3 })
    .map((changes) => {
      const out = { ...readable };
      for (const [key, value] of changes) {
        if (value === undefined) delete out[key];
        else out[key] = value;
      }
      return out;
    });
  const lines = (error: z.ZodError) =>
    error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('gives the same record, or the same paths and messages, as zod’s object schema', () => {
    const onePass = looseObject(rawAccountShape);
    const byZod = z.object(rawAccountShape);
    const blank = Object.fromEntries(keys.map((key) => [key, undefined]));
    fc.assert(
      fc.property(record, (input) => {
        const fast = onePass.safeParse(input);
        // What the loose-key step hands zod: every documented key, undefined where absent.
        const checked = byZod.safeParse({ ...blank, ...input });
        expect(fast.success).toBe(checked.success);
        if (fast.success && checked.success) {
          expect(fast.data).toEqual(checked.data);
          // The same keys in the same order: the view and the reply are built from them.
          expect(Object.keys(fast.data)).toEqual(Object.keys(checked.data));
        }
        if (!fast.success && !checked.success) {
          expect(lines(fast.error)).toEqual(lines(checked.error));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('inside an answer, a field that does not fit is named by its path, and the rest are read', async () => {
    const { client, errors } = fakeClient({
      ...ok,
      accountDetails: { ...wireAccount, accountId: '', createdDate: 'soon' },
    });
    await expect(getAccount(client, { accountId: 'A77654' })).rejects.toMatchObject({
      kind: 'bad_response',
    });
    expect(errors[0].obj).toMatchObject({
      issues: [
        'accountDetails.accountId: Too small: expected string to have >=1 characters',
        'accountDetails.createdDate: not a YYYY-MM-DD HH:mm:ss timestamp',
      ],
    });
  });

  // §2.5: "All fields are strings", with formats for the dates only. The portal only shows these.
  it('reads the account when a limit, the archived status or the suitability date has a form of its own: that field as not stated', async () => {
    const { client } = fakeClient({
      ...ok,
      accountDetails: {
        ...wireAccount,
        '506cLimit': '50,000',
        accountTotalLimit: 'N/A',
        singleInvestmentLimit: '$1000',
        archived_status: 'Active',
        suitabilityDate: '02-23-2016',
      },
    });
    const account = accountSchema.parse(await getAccount(client, { accountId: 'A77654' }));
    expect(account).toMatchObject({
      limits: { rule506c: null, accountTotal: null, singleInvestment: null },
      archived: null,
      suitability: { date: null },
    });
    expect(account.reviews.kyc).toEqual({ status: 'pending', date: '2016-02-23T13:29:30' });
  });
});
