/**
 * Custody: §4.3 getCustodyFundMoves, §4.4 getCustodyFundMove, §4.5 createCustodyFundDisbursement,
 * §4.7 addCustodyAccountSupplement, §4.15 GET custody account, §2.9-2.12 shapes and quirks.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';

const env = useSandbox();
const INVESTOR_ONE = 'A1040000';

const FUND_MOVE_KEYS = [
  'accountId',
  'bankName',
  'amount',
  'accountNumber',
  'routingNumber',
  'accountName',
  'referenceNumber',
  'description',
  'approvalStatus',
  'status',
  'routingNumberStatus',
  'errors',
  'createdDate',
  'updatedDate',
];

async function allMoves(accountId?: string) {
  const r = await env.client.op('getCustodyFundMoves', accountId ? { accountId } : {}, {
    query: { limit: '500' },
  });
  expect(r.body.statusCode).toBe('101');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return r.body.custodyTransactions as any[];
}

describe('§4.3 getCustodyFundMoves', () => {
  // The seed's nine fund moves of the first investor, counted below: what other blocks of this
  // file sent from that account before this one would be counted too.
  beforeAll(() => env.client.control('POST', 'reset'));

  it('§4.3 / §2.9: lists custody fund moves with every §2.9 field as strings, newest first', async () => {
    const moves = await allMoves(INVESTOR_ONE);
    expect(moves.length).toBeGreaterThanOrEqual(9);
    for (const move of moves) {
      expect(Object.keys(move)).toEqual(FUND_MOVE_KEYS);
      for (const key of FUND_MOVE_KEYS) {
        if (key !== 'bankName') expect(typeof move[key], key).toBe('string');
      }
      expect(move.accountId).toBe(INVESTOR_ONE);
      expect(move.amount).toMatch(/^\d+\.\d{6}$/);
      expect(move.createdDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(move.routingNumberStatus).toBe('Verified');
    }
    const created = moves.map((m) => m.createdDate);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('§4.3: accountId is optional; without it every account is listed', async () => {
    const r = await env.client.op('getCustodyFundMoves', {});
    expect(r.body.statusCode).toBe('101');
    expect(r.body.pagination.totalRecords).toBeGreaterThan(50);
    expect(new Set((await allMoves()).map((m) => m.accountId)).size).toBeGreaterThan(5);
  });

  it('§4.3: pagination indexes start at 0 and endIndex is inclusive', async () => {
    const first = await env.client.op(
      'getCustodyFundMoves',
      { accountId: INVESTOR_ONE },
      { query: { offset: '0', limit: '3' } },
    );
    expect(first.body.pagination).toEqual({ totalRecords: 9, startIndex: 0, endIndex: 2 });
    expect(first.body.custodyTransactions).toHaveLength(3);
    const second = await env.client.op('getCustodyFundMoves', {
      accountId: INVESTOR_ONE,
      offset: 1,
      limit: 1,
    });
    expect(second.body.pagination).toEqual({ totalRecords: 9, startIndex: 1, endIndex: 1 });
    expect(second.body.custodyTransactions[0].referenceNumber).toBe(
      first.body.custodyTransactions[1].referenceNumber,
    );
    for (const n of ['totalRecords', 'startIndex', 'endIndex'])
      expect(typeof first.body.pagination[n]).toBe('number');
  });

  it('§4.3: pages follow each other to the end; past it an empty page ends before it starts; limit is 1 to 500', async () => {
    const page = async (offset: number, limit: number) =>
      (
        await env.client.op(
          'getCustodyFundMoves',
          { accountId: INVESTOR_ONE },
          { query: { offset: String(offset), limit: String(limit) } },
        )
      ).body;
    // Read four at a time, the pages hold each move once, in the order of one page of all.
    const all = (await page(0, 500)).custodyTransactions.map(
      (m: { referenceNumber: string }) => m.referenceNumber,
    );
    const paged: string[] = [];
    for (let offset = 0; offset < all.length; offset += 4) {
      const body = await page(offset, 4);
      expect(body.pagination).toEqual({
        totalRecords: all.length,
        startIndex: offset,
        endIndex: Math.min(offset + 4, all.length) - 1,
      });
      paged.push(
        ...body.custodyTransactions.map((m: { referenceNumber: string }) => m.referenceNumber),
      );
    }
    expect(paged).toEqual(all);
    const past = await page(all.length + 10, 4);
    expect(past.custodyTransactions).toEqual([]);
    expect(past.pagination).toEqual({
      totalRecords: all.length,
      startIndex: all.length + 10,
      endIndex: all.length + 9,
    });
    const tooMany = await page(0, 501);
    expect(tooMany.statusCode).toBe('106');
    expect(JSON.stringify(tooMany)).toContain('Must be between 1 and 500');
  });

  it('§3: fund moves show every status and approval status, in mixed letter case', async () => {
    const moves = await allMoves(INVESTOR_ONE);
    const statuses = new Set(moves.map((m) => m.status.toLowerCase()));
    expect(statuses).toEqual(
      new Set(['pending', 'submitted', 'settled', 'returned', 'voided', 'declined']),
    );
    expect(new Set(moves.map((m) => m.approvalStatus.toLowerCase()))).toEqual(
      new Set(['pending', 'approved', 'declined']),
    );
    const raw = moves.map((m) => m.status);
    expect(raw).toContain('Pending');
    expect(raw).toContain('SETTLED');
    expect(raw).toContain('Voided');
    expect(raw).toContain('settled');
  });

  it('§2.9: bank numbers come base64-encoded or plain; accountNumber may be empty; bankName nullable', async () => {
    const moves = await allMoves();
    const base64 = moves.filter((m) => m.accountNumber !== '');
    expect(base64.length).toBeGreaterThan(0);
    for (const m of base64)
      expect(Buffer.from(m.accountNumber, 'base64').toString()).toMatch(/^\d+$/);
    expect(moves.some((m) => m.accountNumber === '')).toBe(true);
    expect(moves.some((m) => /^\d{9}$/.test(m.routingNumber))).toBe(true);
    expect(
      moves.some(
        (m) =>
          !/^\d+$/.test(m.routingNumber) &&
          /^\d{9}$/.test(Buffer.from(m.routingNumber, 'base64').toString()),
      ),
    ).toBe(true);
    expect(moves.some((m) => m.bankName === null)).toBe(true);
    expect(moves.some((m) => m.errors === '')).toBe(true);
  });

  it('real-world: malformed account id → 1400 / HTTP 400; unknown → 1404 / HTTP 404, null payload', async () => {
    const bad = await env.client.op('getCustodyFundMoves', { accountId: '01853700' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      statusCode: '1400',
      statusDesc: 'Bad request: invalid account ID',
      custodyTransactions: null,
    });
    const unknown = await env.client.op('getCustodyFundMoves', { accountId: 'A000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      statusCode: '1404',
      statusDesc: 'Resource not found: account ID does not exist',
      custodyTransactions: null,
    });
  });

  it('real-world: getCustodyFundMoveHistory is the same call under its other name', async () => {
    const r = await env.client.op('getCustodyFundMoveHistory', { accountId: INVESTOR_ONE });
    expect(r.body.statusCode).toBe('101');
    expect(r.body.pagination.totalRecords).toBe(9);
  });
});

describe('§4.4 getCustodyFundMove', () => {
  it('§4.4: returns one custodyTransaction by reference number', async () => {
    const [latest] = await allMoves(INVESTOR_ONE);
    const r = await env.client.op('getCustodyFundMove', {
      accountId: INVESTOR_ONE,
      referenceNumber: latest.referenceNumber,
    });
    expect(r.body.statusCode).toBe('101');
    expect(r.body.custodyTransaction).toEqual(latest);
    const withoutAccount = await env.client.op('getCustodyFundMove', {
      referenceNumber: latest.referenceNumber,
    });
    expect(withoutAccount.body.custodyTransaction).toEqual(latest);
  });

  it('§4.4: referenceNumber is required (106)', async () => {
    const r = await env.client.op('getCustodyFundMove', { accountId: INVESTOR_ONE });
    expect(r.body.statusCode).toBe('106');
    expect(r.body['Error(s)']).toContain('referenceNumber');
  });

  it('real-world: invalid or unknown reference numbers and accounts give the 14xx family', async () => {
    const invalidRef = await env.client.op('getCustodyFundMove', {
      accountId: INVESTOR_ONE,
      referenceNumber: 'kjaowighoapgjawegiaefaw',
    });
    expect([
      invalidRef.status,
      invalidRef.body.statusCode,
      invalidRef.body.custodyTransaction,
    ]).toEqual([400, '1400', null]);
    const unknownRef = await env.client.op('getCustodyFundMove', {
      accountId: INVESTOR_ONE,
      referenceNumber: 'kjld',
    });
    expect([
      unknownRef.status,
      unknownRef.body.statusCode,
      unknownRef.body.custodyTransaction,
    ]).toEqual([404, '1404', null]);
    const [other] = await allMoves('A1040346');
    const wrongAccount = await env.client.op('getCustodyFundMove', {
      accountId: INVESTOR_ONE,
      referenceNumber: other.referenceNumber,
    });
    expect(wrongAccount.body.statusCode).toBe('1404');
    const badAccount = await env.client.op('getCustodyFundMove', {
      accountId: '01853700',
      referenceNumber: other.referenceNumber,
    });
    expect(badAccount.body.statusCode).toBe('1400');
  });
});

describe('fundCustodyAccount and linkExternalAccount (§4.16)', () => {
  it('creates a pending deposit intent answered as [true, [ {...} ]]', async () => {
    const r = await env.client.op('fundCustodyAccount', {
      accountId: INVESTOR_ONE,
      amount: '125.5',
      description: 'test deposit',
    });
    expect(r.body.statusCode).toBe('101');
    const [flag, [move]] = r.body['externalFundMove details'];
    expect(flag).toBe(true);
    expect(move.amount).toBe('125.500000');
    expect(move.status.toLowerCase()).toBe('pending');
    expect(move.approvalStatus.toLowerCase()).toBe('pending');
    const read = await env.client.op('getCustodyFundMove', {
      referenceNumber: move.referenceNumber,
    });
    expect(read.body.custodyTransaction).toEqual(move);
  });

  it('validates the amount (106) and needs a linked external account', async () => {
    expect(
      (await env.client.op('fundCustodyAccount', { accountId: INVESTOR_ONE })).body.statusCode,
    ).toBe('106');
    expect(
      (await env.client.op('fundCustodyAccount', { accountId: INVESTOR_ONE, amount: '-5' })).body
        .statusCode,
    ).toBe('106');
    expect(
      (await env.client.op('fundCustodyAccount', { accountId: INVESTOR_ONE, amount: '100000.01' }))
        .body.statusCode,
    ).toBe('106');
  });

  it('linkExternalAccount answers the link as a plain string; 148 for unknown accounts', async () => {
    const r = await env.client.op('linkExternalAccount', { accountId: 'A1040692' });
    expect(r.body.statusCode).toBe('101');
    expect(typeof r.body.accountDetails).toBe('string');
    expect(
      (await env.client.op('linkExternalAccount', { accountId: 'A0000001' })).body.statusCode,
    ).toBe('148');
  });
});

describe('linkExternalAccount with a hosted bank-linking page (real-world notes §4.1)', () => {
  // A1040173 starts without a linked bank (seed); the mode is set for it alone.
  const ACCOUNT = 'A1040173';
  const bankOf = async () =>
    (
      await env.client.op('getExternalAccount', {
        types: 'Account',
        accountId: ACCOUNT,
      })
    ).body;
  // Each test starts from the seed: the account without a bank, linking instant. One test links
  // the bank, another sets the mode, and the next would find either.
  beforeEach(() => env.client.control('POST', 'reset'));

  it('answers the page URL and links nothing until the page is finished, once', async () => {
    const { client } = env;
    expect(
      await client.control('POST', 'bank-linking', { mode: 'hosted', accountId: ACCOUNT }),
    ).toEqual({ mode: 'instant', accounts: { [ACCOUNT]: 'hosted' } });
    const r = await client.op('linkExternalAccount', { accountId: ACCOUNT });
    expect(r.body.statusCode).toBe('101');
    const pageUrl = r.body.accountDetails as string;
    expect(pageUrl.startsWith(`${client.url}/__sandbox/bank-link/`)).toBe(true);
    expect((await bankOf()).statusCode).toBe('149');

    const shown = await fetch(pageUrl);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toMatch(/^text\/html/);
    const button = /<button type="submit">Link ([^<]+)<\/button>/.exec(await shown.text());
    expect(button?.[1]).toMatch(/ ••••\d{4}$/);

    const finished = await fetch(pageUrl, { method: 'POST' });
    expect(finished.status).toBe(200);
    expect(await finished.text()).toContain('go back to the portal');
    const bank = await bankOf();
    expect(bank.statusCode).toBe('101');
    expect(button?.[1]).toBe(
      `${bank.statusDesc.AccountNickName} ••••${bank.statusDesc.AccountNumber.slice(-4)}`,
    );
    // Used once: the page is gone.
    expect((await fetch(pageUrl, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${client.url}/__sandbox/bank-link/not-a-token`)).status).toBe(404);
  });

  it('refuses a second link with 715 "already linked" under HTTP 200 and keeps the bank (notes §4.1, §5)', async () => {
    const { client } = env;
    await client.op('linkExternalAccount', { accountId: ACCOUNT });
    const bank = await bankOf();
    expect(bank.statusCode).toBe('101');
    const again = await client.op('linkExternalAccount', { accountId: ACCOUNT });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      statusCode: '715',
      statusDesc: 'External bank account already linked for this account.',
    });
    expect(await bankOf()).toEqual(bank);
  });

  it('refuses an unknown mode, and a reset returns to instant linking', async () => {
    const { client } = env;
    expect(await client.control('POST', 'bank-linking', { mode: 'later' })).toEqual({
      error: 'mode must be one of instant, hosted',
    });
    await client.control('POST', 'reset');
    expect(await client.control('GET', 'bank-linking')).toEqual({ mode: 'instant', accounts: {} });
    expect((await bankOf()).statusCode).toBe('149');
    await client.op('linkExternalAccount', { accountId: ACCOUNT });
    expect((await bankOf()).statusCode).toBe('101');
  });
});

describe('§4.5 createCustodyFundDisbursement', () => {
  const wire = {
    accountId: INVESTOR_ONE,
    amount: '2500',
    type: 'wire_domestic',
    bankId: '102000021',
    bankAccountId: '123456789',
  };

  it('§4.5 / §2.10 / §3: creates a pending disbursement with a UUID requestId', async () => {
    const r = await env.client.op('createCustodyFundDisbursement', {
      ...wire,
      additionalDetails: 'FFC Avery',
    });
    expect(r.body.statusCode).toBe('101');
    const d = r.body.custodyFundDisbursement;
    expect(Object.keys(d)).toEqual([
      'requestId',
      'accountId',
      'amount',
      'type',
      'bankId',
      'bankAccountId',
      'additionalDetails',
      'status',
      'createdDate',
      'updatedDate',
    ]);
    expect(d.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(d).toMatchObject({
      accountId: INVESTOR_ONE,
      amount: '2500.000000',
      type: 'wire_domestic',
      bankId: '102000021',
      bankAccountId: '123456789',
      additionalDetails: 'FFC Avery',
      status: 'pending',
    });
    expect(d.createdDate).toBe(d.updatedDate);
  });

  it('§4.5: the path name updateCustodyFundsDisbursement answers the same operation', async () => {
    const r = await env.client.op('updateCustodyFundsDisbursement', wire);
    expect(r.body.statusCode).toBe('101');
    expect(r.body.custodyFundDisbursement.status).toBe('pending');
  });

  it('§4.5: accountId, amount and type are required; type is one of three values', async () => {
    const r = await env.client.op('createCustodyFundDisbursement', {});
    expect(r.body.statusCode).toBe('106');
    for (const field of ['accountId', 'amount', 'type'])
      expect(r.body['Error(s)']).toContain(field);
    expect(
      (await env.client.op('createCustodyFundDisbursement', { ...wire, type: 'wire' })).body
        .statusCode,
    ).toBe('106');
    expect(
      (await env.client.op('createCustodyFundDisbursement', { ...wire, type: 'ach' })).body
        .statusCode,
    ).toBe('106');
  });

  it('§4.5 / §8: domestic wire needs a 9-digit routing number and a 6-17 digit account', async () => {
    for (const [bankId, bankAccountId] of [
      ['12345678', '123456'],
      ['1234567890', '123456'],
      ['12345678a', '123456'],
      ['123456789', '12345'],
      ['123456789', '123456789012345678'],
      ['', '123456'],
      ['123456789', ''],
    ]) {
      const r = await env.client.op('createCustodyFundDisbursement', {
        ...wire,
        bankId,
        bankAccountId,
      });
      expect(r.body.statusCode, `${bankId}/${bankAccountId}`).toBe('106');
    }
    const edge = await env.client.op('createCustodyFundDisbursement', {
      ...wire,
      bankAccountId: '12345678901234567',
    });
    expect(edge.body.statusCode).toBe('101');
  });

  it('§4.5 / §8: international wire needs an 8-11 character SWIFT and a 14-34 character IBAN', async () => {
    const intl = {
      ...wire,
      type: 'wire_international',
      bankId: 'DEUTDEFF',
      bankAccountId: 'DE89370400440532013000',
    };
    expect((await env.client.op('createCustodyFundDisbursement', intl)).body.statusCode).toBe(
      '101',
    );
    expect(
      (await env.client.op('createCustodyFundDisbursement', { ...intl, bankId: 'DEUTDEFF500' }))
        .body.statusCode,
    ).toBe('101');
    for (const [bankId, bankAccountId] of [
      ['DEUTDEF', 'DE89370400440532013000'],
      ['DEUTDEFF5000', 'DE89370400440532013000'],
      ['DEUT-EFF', 'DE89370400440532013000'],
      ['DEUTDEFF', 'DE8937040044053'.slice(0, 13)],
      ['DEUTDEFF', 'X'.repeat(35)],
    ]) {
      const r = await env.client.op('createCustodyFundDisbursement', {
        ...intl,
        bankId,
        bankAccountId,
      });
      expect(r.body.statusCode, `${bankId}/${bankAccountId}`).toBe('106');
    }
  });

  it('§4.5: for ACH the bank fields are ignored and the linked external account is used', async () => {
    const r = await env.client.op('createCustodyFundDisbursement', {
      accountId: INVESTOR_ONE,
      amount: '10',
      type: 'ACH',
      bankId: 'bogus',
      bankAccountId: 'x',
    });
    expect(r.body.statusCode).toBe('101');
    expect(r.body.custodyFundDisbursement).toMatchObject({
      type: 'ACH',
      bankId: '',
      bankAccountId: '',
    });
  });

  it('real-world: unknown and malformed account ids give 1404 / 1400 with a null payload', async () => {
    const unknown = await env.client.op('createCustodyFundDisbursement', {
      ...wire,
      accountId: 'A0000002',
    });
    expect([unknown.status, unknown.body.statusCode, unknown.body.custodyFundDisbursement]).toEqual(
      [404, '1404', null],
    );
    const bad = await env.client.op('createCustodyFundDisbursement', {
      ...wire,
      accountId: 'nope',
    });
    expect([bad.status, bad.body.statusCode]).toEqual([400, '1400']);
  });
});

describe('§4.7 addCustodyAccountSupplement', () => {
  const supplement = {
    accountId: 'A1040692',
    maritalStatus: '2',
    mailingAddressLine1: '1 Main St',
    mailingCity: 'Denver',
    mailingState: 'CO',
    mailingZipCode: '80202',
    mailingCountry: 'USA',
  };

  it('§4.7 / §2.11: answers accountDetails (array) with maritalStatus as text', async () => {
    const r = await env.client.op(
      'addCustodyAccountSupplement',
      { ...supplement, proxyVotingPreferences: '3' },
      { encoding: 'form' },
    );
    expect(r.body.statusCode).toBe('101');
    expect(r.body.statusDesc).toBe('Account added successfully.');
    expect(Array.isArray(r.body.accountDetails)).toBe(true);
    const [record] = r.body.accountDetails;
    expect(record.maritalStatus).toBe('married');
    expect(record.mailingCity).toBe('Denver');
    expect(record.proxyVotingPreferences).toBe('3');
    for (const value of Object.values(record)) expect(typeof value).toBe('string');
    const single = await env.client.op('addCustodyAccountSupplement', {
      ...supplement,
      maritalStatus: 1,
    });
    expect(single.body.accountDetails[0].maritalStatus).toBe('not married');
  });

  it('§4.7: required fields and code values are checked (106)', async () => {
    const r = await env.client.op('addCustodyAccountSupplement', { accountId: 'A1040692' });
    expect(r.body.statusCode).toBe('106');
    for (const field of [
      'maritalStatus',
      'mailingAddressLine1',
      'mailingCity',
      'mailingState',
      'mailingZipCode',
      'mailingCountry',
    ]) {
      expect(r.body['Error(s)']).toContain(field);
    }
    expect(
      (await env.client.op('addCustodyAccountSupplement', { ...supplement, maritalStatus: '3' }))
        .body.statusCode,
    ).toBe('106');
    expect(
      (
        await env.client.op('addCustodyAccountSupplement', {
          ...supplement,
          methodOfContributionOrFunding: '6',
        })
      ).body.statusCode,
    ).toBe('106');
  });

  it('§4.7: the tax year is required when methodOfContributionOrFunding is 2', async () => {
    const missing = await env.client.op('addCustodyAccountSupplement', {
      ...supplement,
      methodOfContributionOrFunding: '2',
    });
    expect(missing.body.statusCode).toBe('106');
    expect(missing.body['Error(s)']).toContain('methodOfContributionTaxYear');
    const ok = await env.client.op('addCustodyAccountSupplement', {
      ...supplement,
      methodOfContributionOrFunding: '2',
      methodOfContributionTaxYear: '2026',
    });
    expect(ok.body.statusCode).toBe('101');
  });

  it('real-world: an unknown account answers 148', async () => {
    expect(
      (await env.client.op('addCustodyAccountSupplement', { ...supplement, accountId: 'A0000003' }))
        .body.statusCode,
    ).toBe('148');
  });
});

describe('§4.15 GET /v3/custody/accounts/{accountId}', () => {
  it('§4.15 / §2.12: returns custody_account with its fields', async () => {
    const r = await env.client.request(
      `/v3/custody/accounts/${INVESTOR_ONE}`,
      {},
      { method: 'GET' },
    );
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.custody_account)).toEqual([
      'accountId',
      'requestId',
      'status',
      'relationship',
      'restrictedStatus',
      'restrictedReason',
      'principalReviewBy',
      'approvalDate',
      'notes',
      'createdDate',
      'updatedDate',
    ]);
    expect(r.body.custody_account).toMatchObject({
      accountId: INVESTOR_ONE,
      status: 'Approved',
      restrictedStatus: 'No',
    });
  });

  it('§9: takes no body and answers GET only; needs the header', async () => {
    const post = await env.client.request(
      `/v3/custody/accounts/${INVESTOR_ONE}`,
      {},
      { method: 'POST', auth: 'body' },
    );
    // A wrong method on the resource: 405, in the document's shape (§1).
    expect(post.status).toBe(405);
    expect(post.body.statusCode).toBe('405');
    const noHeader = await env.client.request(
      `/v3/custody/accounts/${INVESTOR_ONE}`,
      {},
      { method: 'GET', auth: 'none' },
    );
    expect([noHeader.status, noHeader.body.statusCode]).toEqual([401, '103']);
  });

  it('real-world: 1400 for a malformed id, 1404 for an unknown one, payload null', async () => {
    const bad = await env.client.request('/v3/custody/accounts/xyz', {}, { method: 'GET' });
    expect([bad.status, bad.body.statusCode, bad.body.custody_account]).toEqual([
      400,
      '1400',
      null,
    ]);
    const unknown = await env.client.request(
      '/v3/custody/accounts/A0000004',
      {},
      { method: 'GET' },
    );
    expect([unknown.status, unknown.body.statusCode, unknown.body.custody_account]).toEqual([
      404,
      '1404',
      null,
    ]);
  });
});
