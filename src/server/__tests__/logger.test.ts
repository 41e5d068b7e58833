import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { censorLogObject, logDestination, loggerOptions, RequestLogController } from '../logger';
import { call, signIn, startHarness } from './harness';
import type { Deps } from '../deps';
import { defineRoute, registerRoutes } from '../routes/define';
import { fakeClient, ok } from '../upstream/__tests__/fake-client';
import type { UpstreamClient } from '../upstream/client';

/** A stream that keeps each log line written to it, parsed. */
function lineStream() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

/** The lines a logger built with the portal's options writes, parsed. */
function capture() {
  const { lines, stream } = lineStream();
  // Built by Fastify from the portal's options, as the BFF's logger is.
  const options = loggerOptions('info') as Exclude<FastifyServerOptions['logger'], boolean>;
  const app = Fastify({ logger: { ...options, stream } });
  return { log: app.log, lines };
}

describe('what a log line may carry', () => {
  it('censors every sensitive key at any depth and in any case, keeping the rest', () => {
    const { log, lines } = capture();
    log.info(
      {
        operation: 'createCustodyFundDisbursement',
        apiKey: 'k-1',
        body: { accountId: 'A1', bank: { RoutingNumber: '021000021', accountNumber: '1234' } },
        parties: [{ name: 'Jo', ssn: '123-45-6789', deep: { deeper: { dob: '1980-01-01' } } }],
        headers: { Authorization: 'Bearer x:y', Cookie: 'portal_session=s' },
      },
      'sent',
    );
    expect(lines[0]).toMatchObject({
      msg: 'sent',
      operation: 'createCustodyFundDisbursement',
      apiKey: '[redacted]',
      body: { accountId: 'A1', bank: { RoutingNumber: '[redacted]', accountNumber: '[redacted]' } },
      parties: [{ name: 'Jo', ssn: '[redacted]', deep: { deeper: { dob: '[redacted]' } } }],
      headers: { Authorization: '[redacted]', Cookie: '[redacted]' },
    });
  });

  it("censors an error's own fields and its cause, and keeps it an error", () => {
    const { log, lines } = capture();
    class StoreError extends Error {}
    const cause = Object.assign(new Error('constraint'), { detail: 'x', password: 'p-1' });
    const err = Object.assign(new StoreError('insert failed', { cause }), {
      query: { taxId: '12-3456789', table: 'users' },
    });
    log.error({ err }, 'request failed');
    const logged = lines[0].err as Record<string, unknown>;
    expect(logged).toMatchObject({
      type: 'StoreError',
      // pino's serializer adds the cause's message to the error's own.
      message: 'insert failed: constraint',
      query: { taxId: '[redacted]', table: 'users' },
    });
    expect(String(logged.stack)).toContain('insert failed');
    expect(JSON.stringify(lines[0])).not.toContain('p-1');
    expect(JSON.stringify(lines[0])).not.toContain('12-3456789');
  });

  it('writes the request as its method, path and id: no query string, no headers', () => {
    const { log, lines } = capture();
    log.info(
      {
        req: {
          method: 'GET',
          url: '/api/compliance/search?q=Jo%20Doe',
          id: 'r-1',
          headers: { cookie: 'portal_session=s' },
        },
      },
      'incoming request',
    );
    expect(lines[0].req).toEqual({ method: 'GET', url: '/api/compliance/search', id: 'r-1' });
  });

  it('never changes the object it was given', () => {
    const body = { password: 'p-2', nested: { token: 't-2' }, list: [{ ssn: 's' }] };
    const logged = { body };
    const out = censorLogObject(logged);
    expect(out).not.toBe(logged);
    expect(body).toEqual({ password: 'p-2', nested: { token: 't-2' }, list: [{ ssn: 's' }] });
    const clean = { operation: 'getAccount', httpStatus: 200 };
    expect(censorLogObject(clean)).toBe(clean);
  });

  it('stops at cycles rather than walking for ever', () => {
    const a: Record<string, unknown> = { name: 'a', token: 't' };
    a.self = a;
    const out = censorLogObject({ a }) as { a: Record<string, unknown> };
    expect(out.a.token).toBe('[redacted]');
  });

  it('writes the line without an object it cannot read, rather than failing the caller', () => {
    const { log, lines } = capture();
    const hostile = {
      get token(): string {
        throw new Error('no');
      },
    };
    expect(() => log.warn({ hostile }, 'odd')).not.toThrow();
    expect(lines[0]).toMatchObject({ msg: 'odd', unreadableLogObject: true });
    expect(lines[0].hostile).toBeUndefined();
  });
});

describe('the log of a request', () => {
  async function serve(level: string) {
    const { lines, stream } = lineStream();
    const options = loggerOptions(level) as Exclude<FastifyServerOptions['logger'], boolean>;
    const app = Fastify({
      logger: { ...options, stream },
      logController: new RequestLogController(),
    });
    app.get('/api/compliance/search', () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/compliance/search?q=Jo%20Doe' });
    await app.close();
    return lines.filter((line) => line.reqId !== undefined);
  }

  it('is one line when it is answered: method, path without the query, status and time', async () => {
    const lines = await serve('info');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/compliance/search' },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0].responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('Jo');
  });

  it('has its arrival too at debug level', async () => {
    const lines = await serve('debug');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });
});

describe('the log of a request through the BFF', () => {
  it('is one line: the request, its user and its upstream calls, under its id', async () => {
    const { lines, stream } = lineStream();
    const h = await startHarness({ logStream: stream });
    try {
      const cookie = await signIn(h.app, 'investor@demo.test');
      const [accountId] = h.manifest.investors[0].accountIds;
      const res = await call(h.app, 'GET', `/api/accounts/${accountId}`, { cookie });
      expect(res.statusCode).toBe(200);
      const reqId = res.headers['x-request-id'];
      const ofRequest = lines.filter((line) => line.reqId === reqId);
      expect(ofRequest).toHaveLength(1);
      const [line] = ofRequest;
      expect(line).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: `/api/accounts/${accountId}` },
        res: { statusCode: 200 },
        userId: expect.any(String),
      });
      expect(typeof line.responseTime).toBe('number');
      expect(line.upstream).toEqual([
        {
          operation: 'getAccount',
          // As the harness's upstream settings send it.
          method: 'POST',
          httpStatus: 200,
          durationMs: expect.any(Number),
          attempt: 1,
        },
      ]);
    } finally {
      await h.close();
    }
  });
});

describe('a viewer who leaves while a compressed stream is on its way', () => {
  it('is an info line ("stream closed prematurely"), not an error that would page someone', async () => {
    const { lines, stream } = lineStream();
    const h = await startHarness({ logStream: stream });
    try {
      const cookie = await signIn(h.app, 'compliance@demo.test');
      const address = new URL(await h.app.listen({ port: 0, host: '127.0.0.1' }));
      // A weekday's book (docs/sandbox.md): NDJSON above 1 KB, so it goes out compressed.
      const reqId = await new Promise<string>((resolve, reject) => {
        const req = httpGet(
          {
            host: address.hostname,
            port: address.port,
            path: '/api/order-book/2026-03-09',
            headers: { cookie, 'x-csrf': '1', 'accept-encoding': 'br' },
          },
          (res) => {
            expect(res.headers['content-encoding']).toBe('br');
            // The first bytes arrived: the viewer goes away (a closed tab, a new page).
            res.once('data', () => {
              req.destroy();
              resolve(String(res.headers['x-request-id']));
            });
          },
        );
        req.on('error', (err: NodeJS.ErrnoException) => {
          if (err.code !== 'ECONNRESET') reject(err);
        });
      });
      const ofRequest = () => lines.filter((line) => line.reqId === reqId);
      while (!ofRequest().some((line) => line.msg === 'stream closed prematurely')) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      // The compressor's own end comes a tick or two after the response's.
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(ofRequest().filter((line) => Number(line.level) >= 50)).toEqual([]);
    } finally {
      await h.close();
    }
  });
});

describe("an upstream call that ends after its request's line", () => {
  it('is written on a line of its own under the request id, not lost', async () => {
    const { lines, stream } = lineStream();
    const options = loggerOptions('info') as Exclude<FastifyServerOptions['logger'], boolean>;
    const app = Fastify({
      logger: { ...options, stream },
      logController: new RequestLogController(),
    });
    app.decorateRequest('upstreamCalls', null);
    let lateCall: (() => void) | null = null;
    // The upstream client as a route gets it: logging through the request's logger.
    const base = fakeClient(ok).client;
    const clientLoggingTo = (logger = base.logger): UpstreamClient => ({
      ...base,
      logger,
      withLogger: clientLoggingTo,
    });
    registerRoutes(
      app,
      [
        defineRoute({
          method: 'GET',
          url: '/api/config',
          summary: 'test',
          tags: ['test'],
          response: null,
          handler: async ({ deps }) => {
            deps.upstream.logger.info({ operation: 'first', attempt: 1 }, 'upstream call');
            // A call still running when the reply goes: its record comes after the request's line.
            lateCall = () =>
              deps.upstream.logger.info({ operation: 'late', attempt: 1 }, 'upstream call');
          },
        }),
      ],
      { upstream: clientLoggingTo() } as Deps,
    );
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    lateCall!();
    await app.close();
    expect(res.statusCode).toBe(204);
    const reqId = lines.find((line) => line.msg === 'request completed')?.reqId;
    expect(reqId).toBeDefined();
    const ofRequest = lines.filter((line) => line.reqId === reqId);
    expect(ofRequest.map((line) => line.msg)).toEqual(['request completed', 'upstream call']);
    expect(ofRequest[0].upstream).toEqual([{ operation: 'first', attempt: 1 }]);
    expect(ofRequest[1]).toMatchObject({ component: 'upstream', operation: 'late' });
  });
});

describe('where the lines go (LOG_FILE or standard output)', () => {
  async function withDestination(
    test: (file: string, destination: ReturnType<typeof logDestination>) => Promise<void>,
  ) {
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-log-'));
    const file = path.join(folder, 'portal.log');
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const destination = logDestination(file);
    try {
      await once(destination, 'ready');
      await test(file, destination);
    } finally {
      vi.useRealTimers();
      destination.end();
      await once(destination, 'close');
      rmSync(folder, { recursive: true, force: true });
    }
  }

  it("writes a quiet moment's few lines within a tenth of a second, not only once 4 KB have gathered", async () => {
    await withDestination(async (file, destination) => {
      destination.write('{"msg":"request completed"}\n');
      const written = once(destination, 'write');
      vi.advanceTimersByTime(100);
      await written;
      expect(readFileSync(file, 'utf8')).toBe('{"msg":"request completed"}\n');
    });
  });

  it('writes at once when 4 KB have gathered, without waiting for the timer', async () => {
    await withDestination(async (file, destination) => {
      const line = `{"msg":"upstream call","pad":"${'x'.repeat(200)}"}\n`;
      const written = once(destination, 'write');
      for (let i = 0; i < 25; i += 1) destination.write(line);
      await written;
      expect(readFileSync(file, 'utf8').length).toBeGreaterThanOrEqual(4096);
    });
  });
});
