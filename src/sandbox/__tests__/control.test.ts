/** Control endpoints under /__sandbox/: faults, call counts, reset, manifest. */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';

const env = useSandbox();

describe('/__sandbox/faults', () => {
  it('forces a 5xx for the named operation, a given number of times', async () => {
    const { client } = env;
    await client.control('POST', 'faults', {
      operation: 'getMarketHours',
      httpStatus: 503,
      times: 1,
    });
    const failed = await client.op('getMarketHours');
    expect(failed.status).toBe(503);
    expect((await client.op('getMarketHours')).body.statusCode).toBe('101');
  });

  it('forces a body statusCode (103 / 110 / 106) under the status HTTP would carry', async () => {
    const { client } = env;
    await client.control('POST', 'faults', { operation: 'ping', statusCode: '110', times: 1 });
    expect((await client.op('ping')).body).toEqual({
      statusCode: '110',
      statusDesc: 'You do not have the required permissions',
    });
    await client.control('POST', 'faults', { operation: 'offerings', statusCode: '103', times: 1 });
    const resource = await client.request('/v3/offerings', {}, { method: 'GET' });
    expect([resource.status, resource.body.statusCode]).toEqual([401, '103']);
    await client.control('POST', 'faults', { operation: 'ping', statusCode: '106', times: 1 });
    expect((await client.op('ping')).body.statusCode).toBe('106');
  });

  it('serves malformed JSON', async () => {
    const { client } = env;
    await client.control('POST', 'faults', {
      operation: 'getAllOffers',
      malformedJson: true,
      times: 1,
    });
    const r = await client.op('getAllOffers');
    expect(r.status).toBe(200);
    expect(r.body).toBeUndefined();
    expect(() => JSON.parse(r.text)).toThrow();
  });

  it('drops the connection', async () => {
    const { client } = env;
    await client.control('POST', 'faults', { operation: 'ping', drop: true, times: 1 });
    await expect(client.op('ping')).rejects.toThrow();
    expect((await client.op('ping')).body.statusCode).toBe('101');
  });

  it('adds latency and still answers; "*" matches every operation; DELETE clears', async () => {
    const { client } = env;
    await client.control('POST', 'faults', { operation: '*', latencyMs: 5 });
    expect((await client.op('ping')).body.statusCode).toBe('101');
    await client.control('POST', 'faults', { operation: '*', httpStatus: 502 });
    expect((await client.control('GET', 'faults')).faults).toHaveLength(2);
    await client.control('DELETE', 'faults');
    expect((await client.op('ping')).status).toBe(200);
    expect((await client.control('GET', 'faults')).faults).toEqual([]);
  });

  it('applies a rule with "when" only to calls carrying those parameters, and removes one rule by id', async () => {
    const { client } = env;
    const { investors } = (await client.control('GET', 'manifest')) as {
      investors: { accountIds: string[] }[];
    };
    const [mine, theirs] = [investors[0].accountIds[0], investors[1].accountIds[0]];
    const added = await client.control('POST', 'faults', {
      operation: 'getAccount',
      httpStatus: 503,
      when: { accountId: mine },
    });
    const other = await client.control('POST', 'faults', { operation: 'ping', httpStatus: 502 });
    // Another account's calls pass, however many there are; the named account's fail.
    expect((await client.op('getAccount', { accountId: theirs })).body.statusCode).toBe('101');
    expect((await client.op('getAccount', { accountId: theirs })).body.statusCode).toBe('101');
    expect((await client.op('getAccount', { accountId: mine })).status).toBe(503);

    // Removing one rule leaves the other in place.
    await client.control('DELETE', `faults/${added.id}`);
    expect((await client.op('getAccount', { accountId: mine })).body.statusCode).toBe('101');
    expect((await client.op('ping')).status).toBe(502);
    expect((await client.control('GET', 'faults')).faults).toEqual([
      expect.objectContaining({ id: other.id, operation: 'ping' }),
    ]);
    const gone = await fetch(`${client.url}/__sandbox/faults/${added.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(404);
    await client.control('DELETE', 'faults');
  });

  it('refuses a "when" that is not names to strings', async () => {
    const response = await fetch(`${env.client.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'ping', drop: true, when: { accountId: 7 } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'when must be an object of parameter names to string values',
    });
  });

  it('rejects rules that are not understood', async () => {
    const response = await fetch(`${env.client.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'ping', httpStatus: 404 }),
    });
    expect(response.status).toBe(400);
  });
});

describe('/__sandbox/calls', () => {
  it('counts received upstream calls per operation and resets', async () => {
    const { client } = env;
    await client.control('POST', 'calls/reset');
    await client.op('ping');
    await client.op('ping', {}, { auth: 'none' });
    await client.op('getAccount', { accountId: 'A1040000' });
    await client.request('/v3/custody/accounts/A1040000', {}, { method: 'GET' });
    await client.control('GET', 'manifest');
    const calls = await client.control('GET', 'calls');
    expect(calls).toEqual({
      total: 4,
      byOperation: { getAccount: 1, getCustodyAccount: 1, ping: 2 },
    });
    // One account's calls alone: the path parameter counts as well as the body's.
    expect(await client.control('GET', 'calls?accountId=A1040000')).toEqual({
      total: 2,
      byOperation: { getAccount: 1, getCustodyAccount: 1 },
    });
    expect(await client.control('GET', 'calls?accountId=A9999999')).toEqual({
      total: 0,
      byOperation: {},
    });
    await client.control('POST', 'calls/reset');
    expect(await client.control('GET', 'calls')).toEqual({ total: 0, byOperation: {} });
  });
});

describe('/__sandbox/manifest and reset', () => {
  it('names the demo investors, issuers, offerings and securities', async () => {
    const m = await env.client.control('GET', 'manifest');
    expect(m.investors).toHaveLength(2);
    expect(m.investors[0]).toEqual({ name: 'Avery Quinn', accountIds: ['A1040000', 'A1040173'] });
    expect(m.investors[1].accountIds).toEqual(['A1040346', 'A1040519', 'A1041384', 'A1042422']);
    expect(m.issuers.length).toBeGreaterThanOrEqual(3);
    const [first, second] = m.issuers;
    expect(first.offeringIds.length).toBeGreaterThanOrEqual(3);
    expect(first.securityIds.length).toBeGreaterThanOrEqual(2);
    expect(second.offeringIds.length).toBeGreaterThanOrEqual(1);
    expect(second.securityIds.length).toBeGreaterThanOrEqual(1);
    // Every demo account has its custody account but the second investor's third and fourth,
    // for which an IRA can be requested (§4.7: the supplement is the first step in opening one).
    const [withCustody, without] = [
      [...m.investors[0].accountIds, ...m.investors[1].accountIds.slice(0, 2)],
      m.investors[1].accountIds.slice(2),
    ];
    expect(m.custodyAccountIds).toEqual(expect.arrayContaining(withCustody));
    for (const accountId of without) expect(m.custodyAccountIds).not.toContain(accountId);
    expect(m.limitedScopeAccountId).toBe('A1040000');
    for (const s of m.securities)
      expect(
        m.issuers.find((i: { issuerId: string }) => i.issuerId === s.issuerId).securityIds,
      ).toContain(s.securityId);
  });

  it('POST /__sandbox/reset re-seeds: mutations disappear', async () => {
    const { client } = env;
    await client.op('createTrade', { accountId: 'A1040000', offeringId: '5208', units: '5' });
    const history = async () =>
      (await client.op('getOfferingPurchaseHistory', { offeringId: '5208' })).body[
        'Offering purchased details'
      ];
    const changed = await history();
    await client.control('POST', 'reset');
    const fresh = await history();
    expect(fresh.offering_purchase_history.length).toBe(
      changed.offering_purchase_history.length - 1,
    );
    expect(fresh.totalSharesLeft).toBe('25.000000');
  });

  it('unknown operations and methods are answered, not crashed', async () => {
    expect((await env.client.op('noSuchOperation')).status).toBe(404);
    const wrongMethod = await env.client.request(
      '/v3/offerings',
      {},
      { method: 'POST', auth: 'body' },
    );
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toMatchObject({ statusCode: '405', statusDesc: expect.any(String) });
  });

  it('a body that is not JSON answers 106 after authentication', async () => {
    const response = await fetch(`${env.client.url}/index.php/v3/ping`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: env.client.bearer() },
      body: '{"broken',
    });
    expect((await response.json()).statusCode).toBe('106');
  });
});

describe('control endpoints answer this machine only, never a web page of another site', () => {
  /** A control request with the headers a browser (or a rebound DNS name) would send. */
  const send = (method: string, path: string, headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(env.client.url);
      const req = httpRequest({ hostname, port, method, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += String(chunk)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  const port = () => new URL(env.client.url).port;
  const callsReset = (headers: Record<string, string>) =>
    send('POST', '/__sandbox/calls/reset', headers);

  it('refuses a cross-site POST /__sandbox/reset from a page the operator opened, and resets nothing', async () => {
    await env.client.op('ping');
    const before = (await env.client.control('GET', 'calls')).total;
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example']) {
      const refused = await send('POST', '/__sandbox/reset', {
        host: `127.0.0.1:${port()}`,
        origin,
      });
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body).error).toMatch(/another site/);
    }
    // Nothing was reset: the calls counted before are still counted.
    expect((await env.client.control('GET', 'calls')).total).toBe(before);
  });

  it('refuses a Host that is not a loopback name (a DNS name rebound to 127.0.0.1)', async () => {
    for (const host of [`rebound.example:${port()}`, 'evil.example', `127.0.0.1.evil.example`]) {
      const refused = await callsReset({ host });
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body).error).toMatch(/loopback name/);
    }
  });

  it('answers loopback names with any port, with no Origin or a loopback one', async () => {
    for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`, '[::1]:8091', 'LOCALHOST']) {
      expect((await callsReset({ host })).status).toBe(200);
    }
    for (const origin of ['http://127.0.0.1:8080', 'http://localhost:5173', 'https://[::1]']) {
      expect((await callsReset({ host: `127.0.0.1:${port()}`, origin })).status).toBe(200);
    }
  });
});
