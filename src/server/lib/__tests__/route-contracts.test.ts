import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { errorHandlerPlugin } from '../../plugins/error-handler';
import { replySerializerCompiler } from '../reply-serializer';
import { defineRoute, registerRoutes, type RouteSpec } from '../../routes/define';
import { fakeClient, ok } from '../../upstream/__tests__/fake-client';

/*
 * The route contracts as Fastify applies them (fastify-type-provider-zod for requests, the
 * portal's reply serializer for replies): a request the contract refuses is a 400 naming each
 * field and rule, in the portal's error shape; a reply the contract refuses is a logged 500 that
 * shows nothing of the reply (with the check on, as in tests and development); and a field the
 * contract does not name never leaves, with the check on or off (off under `npm start`). The specs borrow public entries of the
 * policy table (GET /healthz, GET /api/config, POST /api/session) with contracts of their own.
 */

let app: FastifyInstance | null = null;
const logLines: string[] = [];

afterEach(async () => {
  await app?.close();
  app = null;
  logLines.length = 0;
});

/** An app serving the one route; every spec here has the same summary and tag. */
async function appWith<P, Q, B, R>(
  route: Omit<RouteSpec<P, Q, B, R>, 'summary' | 'tags'>,
  checkReplies = true,
): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = Fastify({ logger: { level: 'info', stream } });
  await app.register(errorHandlerPlugin);
  await app.register(async (api) => {
    api.setValidatorCompiler(validatorCompiler);
    api.setSerializerCompiler(replySerializerCompiler({ checkReplies }));
    // Public routes without objects never reach the store or the upstream; each request is
    // still given the upstream client that logs under its id.
    registerRoutes(api, [defineRoute({ summary: 'test', tags: ['test'], ...route })], {
      upstream: fakeClient(ok).client,
    } as Deps);
  });
  await app.ready();
  return app;
}

describe('request contracts', () => {
  it('a refused query names the field and the rule, with submitted "no"', async () => {
    const server = await appWith({
      method: 'GET',
      url: '/api/config',
      query: z.object({ limit: z.coerce.number().int().max(5, 'limit must be at most 5') }),
      response: z.object({ limit: z.number() }),
      handler: async ({ query }) => ({ limit: query.limit }),
    });
    const ok = await server.inject({ method: 'GET', url: '/api/config?limit=4' });
    expect(ok.statusCode).toBe(200);
    // Coerced by the contract before the handler saw it.
    expect(ok.json()).toEqual({ limit: 4 });

    const res = await server.inject({ method: 'GET', url: '/api/config?limit=9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'bad_request',
      message: 'query.limit: limit must be at most 5',
      fields: [{ field: 'query.limit', message: 'limit must be at most 5' }],
      submitted: 'no',
    });
  });

  it('a request without a body is read as {} so each missing field is named', async () => {
    const server = await appWith({
      method: 'POST',
      url: '/api/session',
      body: z.strictObject({ email: z.string(), password: z.string() }),
      response: null,
      handler: async () => undefined,
    });
    const res = await server.inject({ method: 'POST', url: '/api/session' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.map((f: { field: string }) => f.field)).toEqual([
      'email',
      'password',
    ]);
    expect(res.json().error.message).toMatch(/^email .*\(and 1 more problem\)$/);

    const extra = await server.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'a@b.c', password: 'x', role: 'admin' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toEqual([
      { field: 'request', message: 'Unexpected field: role' },
    ]);

    const fine = await server.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: 'a@b.c', password: 'x' },
    });
    expect(fine.statusCode).toBe(204);
  });
});

describe('reply contracts', () => {
  it('a reply that does not match its contract is a logged 500 that shows none of it', async () => {
    const server = await appWith({
      method: 'GET',
      url: '/healthz',
      response: z.object({ status: z.literal('ok') }),
      // A fault of ours: the wrong value, and a field the contract does not have.
      handler: async () =>
        ({ status: 'Quinn Plantedperson 123-45-6789' }) as unknown as { status: 'ok' },
    });
    const res = await server.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatchObject({
      code: 'internal',
      message: 'Something went wrong on our side. Nothing was changed.',
    });
    expect(res.body).not.toContain('Quinn');
    const line = logLines.find((l) => l.includes('reply does not match its contract'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!).issues).toEqual([
      { path: 'status', code: 'invalid_value', message: 'Invalid input: expected "ok"' },
    ]);
    expect(logLines.join('')).not.toMatch(/Quinn|123-45-6789/);
  });

  it('a matching reply is serialized by its contract (unknown fields are not sent)', async () => {
    const server = await appWith({
      method: 'GET',
      url: '/healthz',
      response: z.object({ status: z.literal('ok') }),
      handler: async () => ({ status: 'ok', internal: 'secret' }) as { status: 'ok' },
    });
    const res = await server.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  // What a reply looks like to the serializer: the contract's fields, and beside them what the
  // upstream or a person's record held that the contract does not name.
  const accountContract = z.object({
    account: z.object({
      id: z.string(),
      name: z.string().nullable(),
      balance: z.number(),
      holdings: z.array(z.object({ symbol: z.string(), units: z.number() })),
    }),
  });
  const plantedReply = {
    account: {
      id: 'A1',
      name: 'Quinn',
      balance: 10,
      socialSecurityNumber: '123-45-6789',
      holdings: [{ symbol: 'XYZ', units: 3, rawUpstreamField: 'internal note' }],
      raw: { taxId: '98-7654321' },
    },
    developerAPIKey: 'key-of-the-platform',
  };

  it.each([
    ['checked', true],
    ['unchecked (npm start)', false],
  ])(
    'a reply %s keeps to the fields its contract names, at every depth',
    async (_mode, checkReplies) => {
      const server = await appWith(
        {
          method: 'GET',
          url: '/api/config',
          response: accountContract,
          handler: async () => plantedReply as z.infer<typeof accountContract>,
        },
        checkReplies,
      );
      const res = await server.inject({ method: 'GET', url: '/api/config' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        account: {
          id: 'A1',
          name: 'Quinn',
          balance: 10,
          holdings: [{ symbol: 'XYZ', units: 3 }],
        },
      });
      expect(res.body).not.toMatch(/123-45-6789|98-7654321|internal note|key-of-the-platform/);
    },
  );

  it('unchecked, a reply the serializer cannot write is a logged 500 naming the field, not the value', async () => {
    const server = await appWith(
      {
        method: 'GET',
        url: '/api/config',
        response: accountContract,
        // A fault of ours: personal data where the contract wants a number.
        handler: async () =>
          ({
            account: { ...plantedReply.account, balance: '123-45-6789' },
          }) as unknown as z.infer<typeof accountContract>,
      },
      false,
    );
    const res = await server.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
    expect(res.body).not.toContain('123-45-6789');
    const line = logLines.find((l) => l.includes('reply does not match its contract'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!).issues).toEqual([
      {
        path: 'account.balance',
        code: 'invalid_type',
        message: 'Invalid input: expected number, received string',
      },
    ]);
    expect(logLines.join('')).not.toContain('123-45-6789');
  });
});
