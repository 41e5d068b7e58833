/**
 * Conformance of the GET trades collection client (§4.16, a GET collection that needs header
 * authentication) against the bundled sandbox, which serves it over its own trades with the
 * paging and codes the live samples GET-trades__* show (real-world notes §2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index';
import { createUpstreamClient, type UpstreamClient } from '../client';
import { createTrade } from '../create-trade';
import { UpstreamError } from '../errors';
import { buildTradesRequest, getAllTrades, getTrades } from '../get-trades';

let sandbox: RunningSandbox;
let client: UpstreamClient;

function makeClient(auth: 'header' | 'body'): UpstreamClient {
  return createUpstreamClient({
    baseUrl: sandbox.url,
    clientId: sandbox.credentials.clientId,
    apiKey: sandbox.credentials.apiKey,
    auth,
    readRetries: 0,
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, dataDir: null });
  client = makeClient('header');
});

afterAll(async () => {
  client.close();
  await sandbox.close();
});

describe('getTrades (§4.16 GET trades collection)', () => {
  it('sends repeated filter[] entries and paging in the query, nothing in a body', () => {
    const request = buildTradesRequest({
      offset: 5,
      limit: 20,
      offeringId: '5204',
      accountId: 'A1040173',
    });
    expect(request).toMatchObject({
      method: 'GET',
      effect: 'read',
      query: {
        offset: 5,
        limit: 20,
        'filter[]': ['offeringId:5204', 'accountId:A1040173'],
      },
    });
    expect(request.body).toBeUndefined();
  });

  it('reads a page with its pagination (endIndex = offset + limit, as live)', async () => {
    const page = await getTrades(client, { offset: 1, limit: 2 });
    expect(page.trades).toHaveLength(2);
    expect(page).toMatchObject({ startIndex: 1, endIndex: 3 });
    expect(page.totalRecords).toBeGreaterThan(2);
    for (const trade of page.trades) {
      expect(trade.tradeId).toMatch(/^\d+$/);
      expect(trade.amount).toMatch(/^\d+(\.\d+)?$/);
    }
  });

  it('a trade created through createTrade shows up, filtered by account and offering', async () => {
    const receipt = await createTrade(client, {
      accountId: 'A1040173',
      offeringId: '5204',
      units: '3',
      paymentMethod: 'ach',
    });
    const { trades, complete } = await getAllTrades(client, {
      accountId: 'A1040173',
      offeringId: '5204',
    });
    expect(complete).toBe(true);
    expect(trades.every((t) => t.accountId === 'A1040173' && t.offeringId === '5204')).toBe(true);
    expect(trades.find((t) => t.tradeId === receipt.tradeId)).toMatchObject({
      units: '3',
      amount: receipt.amount,
      status: 'created',
      paymentMethod: 'ach',
      archived: false,
    });
  });

  it('walks every page: the whole collection equals the sum of its pages', async () => {
    const first = await getTrades(client, { limit: 1 });
    const { trades } = await getAllTrades(client, {});
    expect(trades).toHaveLength(first.totalRecords);
    expect(new Set(trades.map((t) => t.tradeId)).size).toBe(trades.length);
  });

  it('1422 (offset not a number) and 239 (out of range) become rejected errors; nothing submitted', async () => {
    const nan = await client
      .send({ operation: 'trades', method: 'GET', effect: 'read', query: { offset: 'start' } })
      .catch((e: unknown) => e);
    expect(nan).toMatchObject({ kind: 'rejected', statusCode: '1422', submitted: 'no' });
    const high = await getTrades(client, { offset: 10_000_000, limit: 10 }).catch(
      (e: unknown) => e,
    );
    expect(high).toBeInstanceOf(UpstreamError);
    expect(high).toMatchObject({ kind: 'rejected', statusCode: '239', submitted: 'no' });
  });

  it('§5 rules 4 and 6: in body-credential mode the call is a typed configuration error', async () => {
    const bodyClient = makeClient('body');
    const error = await getTrades(bodyClient).catch((e: unknown) => e);
    bodyClient.close();
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ kind: 'misconfigured', submitted: 'no', operation: 'trades' });
    expect((error as UpstreamError).message).toMatch(/header credentials/);
  });
});
