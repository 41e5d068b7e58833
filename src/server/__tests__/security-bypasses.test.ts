import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { buildApp } from '../app';
import { policyTable } from '../policy/table';
import { READY_CACHE_MS } from '../routes/system';
import {
  call,
  callSandbox,
  clearFaults,
  DEMO_PASSWORD,
  newUser,
  ORIGIN,
  sandboxCalls,
  signIn,
  startHarness,
  useHarness,
} from './harness';

/**
 * The classes of weakness a black-box test (OWASP API Top 10 2023, ASVS 5.0, the IETF BFF
 * guidance) found, one block each; every block fails on the code before its fix.
 */
let clock = 1_000_000;

const h = useHarness({ now: () => clock }, 120_000);
beforeAll(async () => {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

/** Sends one raw HTTP/1.1 request over a socket (inject cannot send a non-origin-form target). */
function rawRequest(text: string): Promise<{ status: number; body: string }> {
  const { port } = h.app.server.address() as net.AddressInfo;
  return new Promise((resolve, reject) => {
    let out = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => (out += String(chunk)));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve({
        status: Number(out.split(' ')[1]),
        body: out.slice(out.indexOf('\r\n\r\n') + 4),
      }),
    );
  });
}

const signInBody = JSON.stringify({ email: 'investor@demo.test', password: DEMO_PASSWORD });

describe('CSRF and session checks key on the matched route, not the raw target', () => {
  it('refuses a percent-encoded API path without X-CSRF or Origin, and sets no cookie', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/%61pi/session',
      headers: { 'content-type': 'application/json' },
      payload: signInBody,
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });

  it('resolves the session of a percent-encoded API path like any other', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    const res = await call(h.app, 'GET', '/%61pi/session', { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('investor@demo.test');
  });

  it('refuses absolute-form and asterisk-form request targets with 400', async () => {
    const absolute = await rawRequest(
      `POST http://127.0.0.1/api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${signInBody.length}\r\nConnection: close\r\n\r\n${signInBody}`,
    );
    expect(absolute.status).toBe(400);
    expect(absolute.body).toMatch(/origin-form/);
    const asterisk = await rawRequest(
      'OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(asterisk.status).toBe(400);
  });
});

describe('Origin is compared with PUBLIC_URL only', () => {
  it('refuses an Origin that matches the Host header but not the public origin', async () => {
    const res = await call(h.app, 'POST', '/api/session', {
      body: { email: 'investor@demo.test', password: DEMO_PASSWORD },
      origin: 'http://evil.example',
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
    expect(ORIGIN).toBe(h.config.publicUrl);
  });
});

describe('TRUST_PROXY: a hop count or proxy addresses, never every hop', () => {
  it('refuses TRUST_PROXY=true with a sentence that says why and what to set', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/every hop.*number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10.0.0.0\/33"/);
  });

  it('accepts a hop count, addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('behind one proxy, a client cannot pick its own address or scheme', async () => {
    const proxied = await startHarness({
      env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://portal.example' },
    });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/session',
        headers: {
          'x-csrf': '1',
          origin: 'https://portal.example',
          // The client wrote the first address; the proxy appended the one it saw.
          'x-forwarded-for': '6.6.6.6, 203.0.113.7',
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ email: 'nobody@demo.test', password: 'wrong-password' }),
      });
      expect(res.statusCode).toBe(401);
      const row = await proxied.db
        .selectFrom('audit_events')
        .select('ip')
        .where('action', '=', 'sign_in')
        .where('user_email', '=', 'nobody@demo.test')
        .executeTakeFirstOrThrow();
      expect(row.ip).toBe('203.0.113.7');
      // HSTS only over HTTPS, as PUBLIC_URL says.
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await proxied.close();
    }
  }, 120_000);
});

describe('sign-in failures: count and check in one atomic step', () => {
  it('of 20 concurrent wrong passwords for one email, only the limit is evaluated', async () => {
    const email = 'issuer@demo.test';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(h.app, 'POST', '/api/session', { body: { email, password: 'not-the-password' } }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The right password is refused too while the limit holds.
    const right = await call(h.app, 'POST', '/api/session', {
      body: { email, password: DEMO_PASSWORD },
    });
    expect(right.statusCode).toBe(429);
  });
});

describe('limits on expensive and money routes, shared by instances', () => {
  it('answers 429 with Retry-After and a plain sentence past the per-user limit', async () => {
    const cookie = await signIn(h.app, 'compliance@demo.test');
    const limit = policyTable['GET /api/audit-events/export.csv'].limits!.perUser.max;
    for (let i = 0; i < limit; i++) {
      const ok = await call(h.app, 'GET', '/api/audit-events/export.csv', { cookie });
      expect(ok.statusCode).toBe(200);
    }
    const refused = await call(h.app, 'GET', '/api/audit-events/export.csv', { cookie });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(
      /^Too many requests .*try again in \d+ seconds?\.$/,
    );
    expect(refused.json().error.submitted).toBe('no');
    // Another user has a count of their own.
    const admin = await signIn(h.app, 'admin@demo.test');
    expect(
      (await call(h.app, 'GET', '/api/audit-events/export.csv', { cookie: admin })).statusCode,
    ).toBe(200);
  });

  it('a second instance on the same store sees the same count', async () => {
    const second = await buildApp({
      now: () => clock,
      config: h.config,
      db: h.db,
      sandbox: true,
      logger: false,
      upstream: {
        baseUrl: h.sandboxUrl,
        clientId: h.credentials.clientId,
        apiKey: h.credentials.apiKey,
        auth: 'header',
        timeoutMs: 3_000,
        maxSockets: 4,
      },
    });
    try {
      const cookie = await signIn(h.app, 'investor2@demo.test');
      const limit = policyTable['GET /api/order-book/:date'].limits!.perUser.max;
      const day = '2026-03-10';
      for (let i = 0; i < limit; i++) {
        const app = i % 2 === 0 ? h.app : second.app;
        expect((await call(app, 'GET', `/api/order-book/${day}`, { cookie })).statusCode).toBe(200);
      }
      const refused = await call(second.app, 'GET', `/api/order-book/${day}`, { cookie });
      expect(refused.statusCode).toBe(429);
    } finally {
      await second.app.close();
    }
  }, 120_000);

  it('lets one user walk at most two order-book days at once', async () => {
    const cookie = await signIn(h.app, 'admin@demo.test');
    await callSandbox(h.sandboxUrl, '/__sandbox/faults', {
      operation: 'getOrdersForADay',
      latencyMs: 1_500,
    });
    const walks = ['2026-03-02', '2026-03-03'].map((day) =>
      call(h.app, 'GET', `/api/order-book/${day}`, { cookie }),
    );
    try {
      // The two walks hold the user's slots while their first pages wait upstream.
      await expect
        .poll(async () => (await sandboxCalls(h.sandboxUrl)).getOrdersForADay ?? 0)
        .toBeGreaterThanOrEqual(2);
      const third = await call(h.app, 'GET', '/api/order-book/2026-03-04', { cookie });
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toBe(
        'You already have 2 order-book days loading. This one waits until one of them has finished: try again in a moment.',
      );
      expect(third.headers['retry-after']).toBe('1');
    } finally {
      await clearFaults(h.sandboxUrl);
    }
    expect((await Promise.all(walks)).map((r) => r.statusCode)).toEqual([200, 200]);
    // The slots are given back when the replies end.
    expect((await call(h.app, 'GET', '/api/order-book/2026-03-04', { cookie })).statusCode).toBe(
      200,
    );
  }, 120_000);

  it("an account's timeline, which reads every page of its fund moves and trades on the shared key, is refused past the per-person limit before the platform is asked", async () => {
    const accountId = h.manifest.investors[0].accountIds[0];
    const person = await newUser(h, 'investor', [{ kind: 'account', upstreamId: accountId }]);
    const cookie = await signIn(h.app, person.email);
    const timeline = (as: string) =>
      call(h.app, 'GET', `/api/accounts/${accountId}/timeline`, { cookie: as });
    const limit = policyTable['GET /api/accounts/:accountId/timeline'].limits!.perUser.max;
    // A reload every two seconds for a minute is a person's, and is answered.
    expect(limit).toBeGreaterThanOrEqual(30);
    for (let i = 0; i < limit; i++) expect((await timeline(cookie)).statusCode).toBe(200);

    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const refused = await timeline(cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', submitted: 'no' });
    const calls = await sandboxCalls(h.sandboxUrl);
    expect((calls.getCustodyFundMoves ?? 0) + (calls.trades ?? 0)).toBe(0);
    // The account's own investor has a count of their own.
    expect((await timeline(await signIn(h.app, 'investor@demo.test'))).statusCode).toBe(200);
  });
});

describe('every query parameter is bounded: a field message, never a 5xx', () => {
  it('refuses audit-log filters the store cannot represent', async () => {
    const cookie = await signIn(h.app, 'admin@demo.test');
    for (const [query, field] of [
      ['before=9999999999999999999', 'before'],
      ['from=0000-01-01', 'from'],
      ['to=9999-12-31', 'to'],
      ['from=1999-12-31', 'from'],
    ]) {
      const res = await call(h.app, 'GET', `/api/audit-events?${query}`, { cookie });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields.map((f: { field: string }) => f.field)).toContain(
        `query.${field}`,
      );
    }
  });

  it('refuses the NUL character in any text, naming the field, before the store sees it', async () => {
    // An administrator: the limits above spent the compliance reviewer's exports.
    const cookie = await signIn(h.app, 'admin@demo.test');
    for (const path of ['/api/audit-events?user=%00', '/api/audit-events/export.csv?user=a%00b']) {
      const res = await call(h.app, 'GET', path, { cookie });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.fields).toEqual([
        { field: 'query.user', message: 'query.user must not contain the NUL character (U+0000)' },
      ]);
    }
    // In a body too; the value itself is never echoed, and nothing goes upstream.
    const investor = await signIn(h.app, 'investor@demo.test');
    const account = h.manifest.investors[0].accountIds[0];
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    const res = await call(h.app, 'POST', `/api/accounts/${account}/disbursements`, {
      cookie: investor,
      headers: { 'idempotency-key': 'nul-in-a-body-0001' },
      body: {
        type: 'wire_domestic',
        amount: '10.00',
        bankId: '011000015',
        bankAccountId: '12345678',
        additionalDetails: 'Rent for\u0000 Larimer St',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([
      {
        field: 'additionalDetails',
        message: 'additionalDetails must not contain the NUL character (U+0000)',
      },
    ]);
    expect(res.body).not.toContain('Larimer');
    expect((await sandboxCalls(h.sandboxUrl)).createCustodyFundDisbursement ?? 0).toBe(0);
  });

  it('refuses order-book days the upstream cannot serve, before any upstream call', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    for (const day of ['0001-01-01', '1999-12-31', '2999-01-01', '9999-12-31']) {
      const res = await call(h.app, 'GET', `/api/order-book/${day}`, { cookie });
      expect(res.statusCode, day).toBe(400);
      expect(res.json().error.fields[0].field).toBe('params.date');
    }
    expect((await sandboxCalls(h.sandboxUrl)).getOrdersForADay ?? 0).toBe(0);
  });

  it('refuses a fund-move offset beyond any real page', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    const account = h.manifest.investors[0].accountIds[0];
    const res = await call(h.app, 'GET', `/api/accounts/${account}/fund-moves?offset=1e15`, {
      cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0].field).toBe('query.offset');
  });
});

describe('least privilege: read roles hold no write rights', () => {
  it('compliance cannot change trading hours; issuer staff and admin can', async () => {
    const security = h.manifest.issuers[0].securityIds![0];
    const day = { closed: false, open: '09:30', close: '16:00' };
    const url = `/api/securities/${security}/market-hours`;
    const compliance = await signIn(h.app, 'compliance@demo.test');
    // The hours the save is built on, as the page sends them (a 409 otherwise).
    const expected = (await call(h.app, 'GET', url, { cookie: compliance })).json().securityHours
      .days;
    const body = {
      monday: day,
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: day,
      expected,
    };
    const refused = await call(h.app, 'PUT', url, { cookie: compliance, body });
    expect(refused.statusCode).toBe(403);
    const admin = await signIn(h.app, 'admin@demo.test');
    expect((await call(h.app, 'PUT', url, { cookie: admin, body })).statusCode).toBe(200);
  });

  it('in the policy table, compliance holds no route that changes anything', () => {
    const writes = Object.entries(policyTable).filter(
      ([key, p]) =>
        !key.startsWith('GET ') &&
        p.roles !== 'public' &&
        !p.readsOnly &&
        !p.reviewRecord &&
        !p.ownIdentity,
    );
    expect(writes.length).toBeGreaterThan(0);
    for (const [key, p] of writes) expect(p.roles, key).not.toContain('compliance');
  });
});

describe('/readyz spends the platform key at most once every few seconds', () => {
  it('reuses the upstream check within the cache period and says nothing about the upstream', async () => {
    await callSandbox(h.sandboxUrl, '/__sandbox/calls/reset', {});
    for (let i = 0; i < 5; i++) {
      const res = await h.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ready' });
    }
    expect((await sandboxCalls(h.sandboxUrl)).ping).toBe(1);
    clock += READY_CACHE_MS;
    await h.app.inject({ method: 'GET', url: '/readyz' });
    expect((await sandboxCalls(h.sandboxUrl)).ping).toBe(2);
  });
});

describe('security headers from helmet', () => {
  it('keeps the strict CSP and adds helmet’s set; no HSTS over plain HTTP', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
    expect(res.headers['x-dns-prefetch-control']).toBe('off');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Answers that no route gave, and refusals, carry the same set.
    for (const url of ['/api/no-such-route', '/api/session']) {
      const other = await h.app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(other.headers['content-security-policy'], url).toBe(csp);
      expect(other.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('marks authenticated JSON no-store, however the path was spelled', async () => {
    const cookie = await signIn(h.app, 'investor@demo.test');
    for (const url of ['/api/session', '/%61pi/session', '/api/offerings']) {
      const res = await call(h.app, 'GET', url, { cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
