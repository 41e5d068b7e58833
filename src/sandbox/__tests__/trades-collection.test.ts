/**
 * The GET trades collection (§4.16: named only, "These require header authentication"). Shape,
 * paging and codes follow the live samples GET-trades__* (real-world notes §2 and §4.2).
 */
import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';

const env = useSandbox();

function trades(query: string, auth: 'header' | 'body' | 'none' = 'header') {
  return env.client.request(`/index.php/v3/trades${query}`, {}, { method: 'GET', auth });
}

describe('GET trades collection (§4.16)', () => {
  it('lists trades under `trades` with numeric-string tradeId and pagination numbers', async () => {
    const r = await trades('');
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe('101');
    expect(r.body.statusDesc).toBe('Ok');
    expect(r.body.trades.length).toBeGreaterThan(0);
    expect(r.body.trades.length).toBeLessThanOrEqual(10);
    for (const row of r.body.trades) {
      expect(row.tradeId).toMatch(/^[0-9]+$/);
      expect(typeof row.accountId).toBe('string');
      expect(typeof row.offeringId).toBe('string');
    }
    expect(r.body.pagination).toEqual({
      totalRecords: expect.any(Number),
      startIndex: 0,
      endIndex: 10,
    });
    const resourcePath = await env.client.request('/v3/trades', {}, { method: 'GET' });
    expect(resourcePath.body.trades).toEqual(r.body.trades);
  });

  it('offset 1, limit 2 answers startIndex 1 and endIndex 3 (endIndex = offset + limit)', async () => {
    const all = await trades('?limit=500');
    const r = await trades('?offset=1&limit=2');
    expect(r.body.trades).toHaveLength(2);
    expect(r.body.trades).toEqual(all.body.trades.slice(1, 3));
    expect(r.body.pagination).toMatchObject({ startIndex: 1, endIndex: 3 });
    expect(r.body.pagination.totalRecords).toBe(all.body.pagination.totalRecords);
  });

  it('NaN offset or limit → 1422 with trades []; out of range → 239 with trades []', async () => {
    const nan = await trades('?offset=start&limit=10');
    expect(nan.body).toMatchObject({ statusCode: '1422', trades: [] });
    const limitNan = await trades('?limit=ten');
    expect(limitNan.body).toMatchObject({ statusCode: '1422', trades: [] });
    const high = await trades('?offset=10000000&limit=10');
    expect(high.body).toMatchObject({ statusCode: '239', trades: [] });
    const limitHigh = await trades('?limit=501');
    expect(limitHigh.body).toMatchObject({ statusCode: '239', trades: [] });
    const limitLow = await trades('?limit=0');
    expect(limitLow.body).toMatchObject({ statusCode: '239', trades: [] });
  });

  it('filters by offering, and by offering and account (repeated filter[])', async () => {
    const created = await env.client.op('createTrade', {
      accountId: 'A1040173',
      offeringId: '5204',
      transactionUnits: '4',
      transactionType: 'WIRE',
    });
    const tradeId = created.body.purchaseDetails[1][0].tradeId as string;
    const byOffering = await trades('?filter[]=offeringId:5204&limit=500');
    expect(byOffering.body.statusCode).toBe('101');
    expect(
      byOffering.body.trades.every((t: { offeringId: string }) => t.offeringId === '5204'),
    ).toBe(true);
    const both = await trades('?filter[]=offeringId:5204&filter[]=accountId:A1040173&limit=500');
    const rows = both.body.trades as { tradeId: string; accountId: string; offeringId: string }[];
    expect(rows.every((t) => t.accountId === 'A1040173' && t.offeringId === '5204')).toBe(true);
    // createTrade shows up in the collection, newest first, with its amount and units.
    expect(rows[0]).toMatchObject({
      tradeId,
      totalShares: '4.000000',
      transactionType: 'WIRE',
      orderStatus: 'CREATED',
    });
    expect(both.body.pagination.totalRecords).toBe(rows.length);
  });

  it('an unknown filter field → 1400 under HTTP 400', async () => {
    const r = await trades('?filter[]=password:x');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ statusCode: '1400', trades: [] });
  });

  it('§5 rules 4 and 6: body credentials are not accepted on GET → 103 under HTTP 401', async () => {
    const r = await trades('', 'body');
    expect(r.status).toBe(401);
    expect(r.body.statusCode).toBe('103');
    const none = await trades('', 'none');
    expect(none.body.statusCode).toBe('103');
  });
});
