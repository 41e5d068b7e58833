/**
 * Offerings and trades: §4.8 getAllOffers, GET offerings (§4.16), §4.9 getOfferingPurchaseHistory,
 * createTrade / createOffering / createIssuer (§4.16) and §4.6 createIssuerAccount.
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';

const env = useSandbox();
const OFFERING_KEYS = [
  'issuerId',
  'offeringId',
  'issueName',
  'issueType',
  'targetAmount',
  'minAmount',
  'maxAmount',
  'unitPrice',
  'totalShares',
  'remainingShares',
  'startDate',
  'endDate',
  'offeringStatus',
  'offeringText',
  'stampingText',
  'createdDate',
  'createdIPAddress',
];

async function offering(offeringId: string) {
  const r = await env.client.op('getAllOffers');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (r.body.offeringDetails as any[]).find((o) => o.offeringId === offeringId);
}

describe('§4.8 getAllOffers', () => {
  it('§4.8 / §2.2: offeringDetails lists offerings, all fields strings, in several states', async () => {
    const r = await env.client.op('getAllOffers');
    expect(r.body.statusCode).toBe('101');
    const list = r.body.offeringDetails;
    expect(list.length).toBeGreaterThanOrEqual(8);
    for (const o of list) {
      expect(Object.keys(o)).toEqual(OFFERING_KEYS);
      for (const key of OFFERING_KEYS) expect(typeof o[key]).toBe('string');
      expect(o.startDate).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(o.createdDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(o.unitPrice).toMatch(/^\d+\.\d{6}$/);
    }
    const states = new Set(list.map((o: { offeringStatus: string }) => o.offeringStatus));
    expect(states).toContain('Pending');
    expect(states).toContain('closed');
    expect(states.size).toBeGreaterThanOrEqual(4);
    expect(new Set(list.map((o: { issuerId: string }) => o.issuerId)).size).toBeGreaterThanOrEqual(
      3,
    );
  });
});

describe('GET offerings collection (§4.16, paging per real-world notes §2)', () => {
  it('pages with offset and limit; pagination numbers as live collections give them', async () => {
    const r = await env.client.request(
      '/v3/offerings',
      {},
      { method: 'GET', query: { offset: '1', limit: '2' } },
    );
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe('101');
    expect(r.body.offeringDetails).toHaveLength(2);
    expect(r.body.pagination).toMatchObject({ startIndex: 1, endIndex: 3 });
    expect(typeof r.body.pagination.totalRecords).toBe('number');
    const legacyPath = await env.client.request('/index.php/v3/offerings', {}, { method: 'GET' });
    expect(legacyPath.body.offeringDetails).toHaveLength(
      Math.min(10, r.body.pagination.totalRecords),
    );
  });

  it('limit outside 1-500 or offset out of range → 239; NaN → 1422', async () => {
    const high = await env.client.request(
      '/v3/offerings',
      {},
      { method: 'GET', query: { limit: '10000' } },
    );
    expect(high.body).toMatchObject({ statusCode: '239', offeringDetails: [] });
    expect(high.body.statusDesc).toContain('limit 10000 is not between 1 and 500');
    const offset = await env.client.request(
      '/v3/offerings',
      {},
      { method: 'GET', query: { offset: '10000000' } },
    );
    expect(offset.body.statusCode).toBe('239');
    const nan = await env.client.request(
      '/v3/offerings',
      {},
      { method: 'GET', query: { offset: 'start' } },
    );
    expect(nan.body).toMatchObject({ statusCode: '1422', offeringDetails: [] });
  });
});

describe('§4.9 getOfferingPurchaseHistory', () => {
  it('§4.9 / §2.3: one offering carries 2,000+ trades with the documented record and summary fields', async () => {
    const manifest = await env.client.control('GET', 'manifest');
    const r = await env.client.op('getOfferingPurchaseHistory', {
      offeringId: manifest.largestOfferingId,
    });
    expect(r.body.statusCode).toBe('101');
    const details = r.body['Offering purchased details'];
    const history = details.offering_purchase_history;
    expect(history.length).toBeGreaterThanOrEqual(2000);
    expect(Object.keys(history[0])).toEqual([
      'tradeId',
      'accountId',
      'offeringId',
      'totalAmount',
      'totalShares',
      'purchaseDate',
      'accountName',
      'offeringTotalShares',
      'targetAmount',
      'remainingShares',
    ]);
    for (const value of Object.values(history[0])) expect(typeof value).toBe('string');
    expect(typeof details.totalAmountRaised).toBe('number');
    expect(typeof details.totalShares).toBe('number');
    expect(typeof details.totalSharesPurchased).toBe('number');
    expect(details.totalSharesLeft).toMatch(/^\d+\.\d{6}$/);
    expect(details.balanceAmount).toMatch(/^-?\d+\.\d{6}$/);
    expect(details.offeringId).toBe(manifest.largestOfferingId);
    expect(details.totalSharesPurchased + Number(details.totalSharesLeft)).toBe(
      details.totalShares,
    );
  });

  it('§4.9: offeringId is required (106); unknown offerings answer 138', async () => {
    expect((await env.client.op('getOfferingPurchaseHistory', {})).body.statusCode).toBe('106');
    expect(
      (await env.client.op('getOfferingPurchaseHistory', { offeringId: 'abc' })).body.statusCode,
    ).toBe('106');
    expect(
      (await env.client.op('getOfferingPurchaseHistory', { offeringId: '999999' })).body,
    ).toEqual({ statusCode: '138', statusDesc: 'Offering ID does not exist.' });
  });
});

describe('createTrade (§4.16)', () => {
  it('answers purchaseDetails [true, [ {...} ]], lowers remainingShares and appears in the history', async () => {
    const before = await offering('5204');
    const r = await env.client.op('createTrade', {
      accountId: 'A1040000',
      offeringId: '5204',
      units: '7',
    });
    expect(r.body.statusCode).toBe('101');
    const [flag, [trade]] = r.body.purchaseDetails;
    expect(flag).toBe(true);
    expect(trade.tradeId).toMatch(/^\d+$/);
    expect(trade.transactionStatus).toBe('CREATED');
    expect(trade.transactionAmount).toBe('35.00');
    const after = await offering('5204');
    expect(Number(after.remainingShares)).toBe(Number(before.remainingShares) - 7);
    const history = await env.client.op('getOfferingPurchaseHistory', { offeringId: '5204' });
    const rows = history.body['Offering purchased details'].offering_purchase_history;
    expect(rows.at(-1)).toMatchObject({
      tradeId: trade.tradeId,
      accountId: 'A1040000',
      totalShares: '7.000000',
      remainingShares: after.remainingShares,
    });
  });

  it('accepts transactionUnits and transactionType as real traffic sends them (JSON numbers too)', async () => {
    const r = await env.client.op('createTrade', {
      accountId: 'A1040173',
      offeringId: '5204',
      transactionUnits: 3,
      transactionType: 'WIRE',
    });
    expect(r.body.statusCode).toBe('101');
    const form = await env.client.op(
      'createTrade',
      { accountId: 'A1040173', offeringId: '5204', transactionUnits: '1', transactionType: 'ACH' },
      { encoding: 'form', auth: 'body' },
    );
    expect(form.body.statusCode).toBe('101');
  });

  it('rejects more units than remain (106) and leaves the offering unchanged', async () => {
    const before = await offering('5208');
    const r = await env.client.op('createTrade', {
      accountId: 'A1040000',
      offeringId: '5208',
      units: Number(before.remainingShares) + 1,
    });
    expect(r.body.statusCode).toBe('106');
    expect((await offering('5208')).remainingShares).toBe(before.remainingShares);
    const exact = await env.client.op('createTrade', {
      accountId: 'A1040000',
      offeringId: '5208',
      units: Number(before.remainingShares),
    });
    expect(exact.body.statusCode).toBe('101');
    expect((await offering('5208')).remainingShares).toBe('0.000000');
  });

  it('requires accountId, offeringId and units (106); unknown account 148, unknown offering 138', async () => {
    const r = await env.client.op('createTrade', {});
    expect(r.body.statusCode).toBe('106');
    for (const f of ['accountId', 'offeringId', 'units']) expect(r.body['Error(s)']).toContain(f);
    expect(
      (
        await env.client.op('createTrade', {
          accountId: 'A1040000',
          offeringId: '5204',
          units: '0',
        })
      ).body.statusCode,
    ).toBe('106');
    expect(
      (
        await env.client.op('createTrade', {
          accountId: 'A1040000',
          offeringId: '5204',
          units: '1',
          transactionType: 'BITCOIN',
        })
      ).body.statusCode,
    ).toBe('106');
    expect(
      (
        await env.client.op('createTrade', {
          accountId: 'A0000009',
          offeringId: '5204',
          units: '1',
        })
      ).body.statusCode,
    ).toBe('148');
    expect(
      (
        await env.client.op('createTrade', {
          accountId: 'A1040000',
          offeringId: '999999',
          units: '1',
        })
      ).body.statusCode,
    ).toBe('138');
    expect(
      (
        await env.client.op('createTrade', {
          accountId: 'A1040000',
          offeringId: '5203',
          units: '1',
        })
      ).body.statusCode,
    ).toBe('106');
  });
});

describe('createIssuer, createOffering (§4.16) and §4.6 createIssuerAccount', () => {
  it('createIssuer and createOffering answer [true, [ {...} ]] with Pending status', async () => {
    const issuer = await env.client.op(
      'createIssuer',
      { issuerName: 'Test Co', firstName: 'Ann', lastName: 'Lee', email: 'ann@test.example' },
      { method: 'PUT' },
    );
    expect(issuer.body.statusCode).toBe('101');
    const [flag, [{ issuerId, issuerStatus }]] = issuer.body.issuerDetails;
    expect([flag, issuerStatus]).toEqual([true, 'Pending']);
    const created = await env.client.op(
      'createOffering',
      {
        issuerId,
        issueName: 'Test Offering',
        issueType: 'Equity',
        targetAmount: '100000',
        minAmount: '100',
        maxAmount: '100000',
        unitPrice: '10',
        startDate: '01-01-2027',
        endDate: '12-31-2027',
      },
      { method: 'PUT' },
    );
    expect(created.body.statusCode).toBe('101');
    const [ok, [{ offeringId, offeringStatus }]] = created.body.offeringDetails;
    expect([ok, offeringStatus]).toEqual([true, 'Pending']);
    expect(await offering(offeringId)).toMatchObject({
      issuerId,
      totalShares: '10000.000000',
      remainingShares: '10000.000000',
    });
    expect((await env.client.op('createIssuer', { issuerName: 'x' })).body.statusCode).toBe('106');
    expect(
      (
        await env.client.op('createOffering', {
          issuerId: '999',
          issueName: 'x',
          issueType: 'Equity',
          targetAmount: '1',
          minAmount: '1',
          maxAmount: '1',
          unitPrice: '1',
          startDate: '01-01-2027',
          endDate: '01-02-2027',
        })
      ).body.statusCode,
    ).toBe('136');
  });

  const issuerAccount = {
    issuerId: '1102',
    companyName: 'Blue Mesa Holdings LLC',
    companyState: 'CO',
    createdIpAddress: '10.0.0.1',
    issuingCountry: 'USA',
  };

  it('§4.6 / §2.4: Financial issuer details is keyed by a counter string holding record arrays', async () => {
    const r = await env.client.op(
      'createIssuerAccount',
      {
        ...issuerAccount,
        companyTaxID: '123456789',
        entityType: 'LLC',
        accountType: 'CHECKING',
        addressline1: '1 Mesa Way',
        residentUS: 'Yes',
      },
      { method: 'PUT' },
    );
    expect(r.body.statusCode).toBe('101');
    const details = r.body['Financial issuer details'];
    expect(Object.keys(details)).toEqual(['1']);
    const [record] = details['1'];
    expect(record).toMatchObject({
      issuerId: '1102',
      companyName: 'Blue Mesa Holdings LLC',
      companyTaxID: '123456789',
      addressLine1: '1 Mesa Way',
      issuerStatus: 'Pending',
      createdIpAddress: '10.0.0.1',
    });
    for (const value of Object.values(record)) expect(typeof value).toBe('string');
    const second = await env.client.op('createIssuerAccount', issuerAccount, { method: 'PUT' });
    expect(Object.keys(second.body['Financial issuer details'])).toEqual(['2']);
  });

  it('§4.6 / §8: required fields and rules (tax id 9 digits, state, enums, SSN, dob) give 106; unknown issuer 136', async () => {
    const missing = await env.client.op('createIssuerAccount', {}, { method: 'PUT' });
    expect(missing.body.statusCode).toBe('106');
    for (const f of [
      'issuerId',
      'companyName',
      'companyState',
      'createdIpAddress',
      'issuingCountry',
    ])
      expect(missing.body['Error(s)']).toContain(f);
    for (const extra of [
      { companyTaxID: '12-3456789' },
      { companyTaxID: '12345678' },
      { companyState: 'Colorado' },
      { accountType: 'BROKERAGE' },
      { entityType: 'Inc' },
      { socialSecurityNumber: '123456789' },
      { dob: '1990-01-01' },
      { residentUS: 'Maybe' },
      { citizenUS: 'yes please' },
      { issuerId: 'abc' },
    ]) {
      const r = await env.client.op(
        'createIssuerAccount',
        { ...issuerAccount, ...extra },
        { method: 'PUT' },
      );
      expect(r.body.statusCode, JSON.stringify(extra)).toBe('106');
    }
    expect(
      (
        await env.client.op(
          'createIssuerAccount',
          { ...issuerAccount, issuerId: '999' },
          { method: 'PUT' },
        )
      ).body.statusCode,
    ).toBe('136');
    // §4.6 names PUT: another method is refused, nothing created.
    const posted = await env.client.op('createIssuerAccount', issuerAccount);
    expect(posted.status).toBe(405);
    expect(posted.body.statusCode).toBe('405');
  });
});
