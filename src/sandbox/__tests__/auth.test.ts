/** §5 Authentication, every observable rule, plus §7 codes 103/110. */
import { describe, expect, it } from 'vitest';
import { useSandbox } from './helpers.js';
import { startSandbox } from '../index.js';
import { SandboxClient } from './helpers.js';

const env = useSandbox();

describe('§5 authentication', () => {
  it('§5 rule 2: header form Bearer <clientID>:<apiKey> is accepted', async () => {
    const r = await env.client.op('getMarketHours', {}, { auth: 'header' });
    expect(r.status).toBe(200);
    expect(r.body.statusCode).toBe('101');
  });

  it('§5 rule 2: both parts are required, and exactly one space follows Bearer', async () => {
    const { client } = env;
    const { clientId, apiKey } = client.sandbox.credentials;
    for (const header of [
      `Bearer ${clientId}:`,
      `Bearer :${apiKey}`,
      `Bearer ${clientId}`,
      `Bearer  ${clientId}:${apiKey}`,
      `${clientId}:${apiKey}`,
      `Basic ${clientId}:${apiKey}`,
    ]) {
      const r = await client.op('getMarketHours', {}, { auth: { header } });
      expect(r.body.statusCode, header).toBe('103');
    }
  });

  it('§5 rule 3: header names are case-insensitive', async () => {
    const { client } = env;
    const r = await client.op(
      'getMarketHours',
      {},
      { auth: 'none', headers: { AUTHORIZATION: client.bearer() } },
    );
    expect(r.body.statusCode).toBe('101');
    const g = await client.op(
      'getMarketHours',
      {},
      { method: 'GET', auth: 'none', headers: { AuThOrIzAtIoN: client.bearer() } },
    );
    expect(g.body.statusCode).toBe('101');
  });

  it('§5 rule 4: body credentials work on POST, PUT and DELETE, as JSON or form fields', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const json = await env.client.op('getMarketHours', {}, { method, auth: 'body' });
      expect(json.body.statusCode, method).toBe('101');
      const form = await env.client.op(
        'getMarketHours',
        {},
        { method, auth: 'body', encoding: 'form' },
      );
      expect(form.body.statusCode, method).toBe('101');
    }
  });

  it('§5 rule 5: when both forms are present the header is used and the body ignored', async () => {
    const { client } = env;
    const goodHeaderBadBody = await client.op(
      'getMarketHours',
      {},
      { auth: { header: client.bearer(), body: { clientID: 'nobody', developerAPIKey: 'wrong' } } },
    );
    expect(goodHeaderBadBody.body.statusCode).toBe('101');
    const badHeaderGoodBody = await client.op(
      'getMarketHours',
      {},
      { auth: { header: 'Bearer nobody:wrong', body: client.bodyCredentials() } },
    );
    expect(badHeaderGoodBody.body.statusCode).toBe('103');
    // The header's key decides the scope even when the body carries the full key.
    const limitedHeader = await client.request(
      '/v3/custody/accounts/A1040000',
      {},
      { method: 'GET', auth: { header: client.bearer(client.sandbox.credentials.limitedApiKey) } },
    );
    expect(limitedHeader.body.statusCode).toBe('110');
  });

  it('§5 rule 6: every GET needs the header', async () => {
    const { client } = env;
    const withHeader = await client.op('getMarketHours', {}, { method: 'GET' });
    expect(withHeader.body.statusCode).toBe('101');
    const none = await client.op('getMarketHours', {}, { method: 'GET', auth: 'none' });
    expect(none.body.statusCode).toBe('103');
    const resource = await client.request('/v3/offerings', {}, { method: 'GET', auth: 'none' });
    expect(resource.status).toBe(401);
    expect(resource.body.statusCode).toBe('103');
  });

  it('§5 rule 6: credentials in URL query parameters are not accepted', async () => {
    const { client } = env;
    const get = await client.op(
      'getMarketHours',
      {},
      { method: 'GET', auth: 'none', query: client.bodyCredentials() },
    );
    expect(get.body.statusCode).toBe('103');
    const post = await client.op(
      'getMarketHours',
      {},
      { method: 'POST', auth: 'none', query: client.bodyCredentials() },
    );
    expect(post.body.statusCode).toBe('103');
  });

  it('§5 rule 7: each request is authenticated independently; forms can be mixed', async () => {
    const { client } = env;
    const a = await client.op('getMarketHours', {}, { auth: 'header' });
    const b = await client.op('getMarketHours', {}, { auth: 'body' });
    const c = await client.op('getMarketHours', {}, { auth: 'none' });
    const d = await client.op('getMarketHours', {}, { auth: 'header' });
    expect([a, b, c, d].map((r) => r.body.statusCode)).toEqual(['101', '101', '103', '101']);
  });

  it('§5 rule 8 / §7: missing and invalid credentials both give 103 with its text', async () => {
    const { client } = env;
    const missing = await client.op('getAccount', { accountId: 'A1040000' }, { auth: 'none' });
    const wrongKey = await client.op(
      'getAccount',
      { accountId: 'A1040000' },
      {
        auth: { body: { clientID: client.sandbox.credentials.clientId, developerAPIKey: 'nope' } },
      },
    );
    const wrongClient = await client.op(
      'getAccount',
      { accountId: 'A1040000' },
      { auth: { header: `Bearer other:${client.sandbox.credentials.apiKey}` } },
    );
    for (const r of [missing, wrongKey, wrongClient]) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ statusCode: '103', statusDesc: 'Invalid developer API Key' });
    }
  });

  it('§5 rule 9 / §7: valid credentials without the scope give 110', async () => {
    const { client } = env;
    const r = await client.op(
      'createCustodyFundDisbursement',
      { accountId: 'A1040000', amount: '10.00', type: 'ACH' },
      { auth: 'limited' },
    );
    expect(r.body).toEqual({
      statusCode: '110',
      statusDesc: 'You do not have the required permissions',
    });
    // The limited key still works for operations that need no special scope.
    const read = await client.op('getMarketHours', {}, { auth: 'limited' });
    expect(read.body.statusCode).toBe('101');
  });

  it('§5 rule 10: GET custody account needs custody_account.read.pii_medium (HTTP 403, code 110)', async () => {
    const { client } = env;
    const limited = await client.request(
      '/v3/custody/accounts/A1040000',
      {},
      { method: 'GET', auth: 'limited' },
    );
    expect(limited.status).toBe(403);
    expect(limited.body.statusCode).toBe('110');
    const full = await client.request('/v3/custody/accounts/A1040000', {}, { method: 'GET' });
    expect(full.status).toBe(200);
    expect(full.body.statusCode).toBe('101');
  });

  it('§5: an invalid header is rejected before parameters are validated', async () => {
    const r = await env.client.op('getAccount', {}, { auth: { header: 'Bearer x:y' } });
    expect(r.body.statusCode).toBe('103');
  });
});

describe('§5 rule 12: header authentication turned off', () => {
  it('ignores the header; body credentials still work; GET cannot authenticate', async () => {
    const sandbox = await startSandbox({ port: 0, dataDir: null, headerAuth: false });
    try {
      const client = new SandboxClient(sandbox);
      expect((await client.op('getMarketHours', {}, { auth: 'header' })).body.statusCode).toBe(
        '103',
      );
      expect((await client.op('getMarketHours', {}, { auth: 'body' })).body.statusCode).toBe('101');
      expect(
        (await client.op('getMarketHours', {}, { method: 'GET', auth: 'header' })).body.statusCode,
      ).toBe('103');
    } finally {
      await sandbox.close();
    }
  });

  it('is also turned off by SANDBOX_HEADER_AUTH=off', async () => {
    process.env.SANDBOX_HEADER_AUTH = 'off';
    try {
      const sandbox = await startSandbox({ port: 0, dataDir: null });
      const client = new SandboxClient(sandbox);
      expect((await client.op('getMarketHours', {}, { auth: 'header' })).body.statusCode).toBe(
        '103',
      );
      await sandbox.close();
    } finally {
      delete process.env.SANDBOX_HEADER_AUTH;
    }
  });
});
