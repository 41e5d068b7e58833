/**
 * Assembles the sandbox HTTP server: body parsers (form, JSON and multipart, §4 "which content
 * type: not shown"; real traffic sends all three, real-world notes §2), the legacy operation
 * route, the newer resource routes and the control endpoints. Every answer, the framework's own
 * included (unknown path, wrong method, unreadable body), is in the document's shape: a JSON body
 * with `statusCode` and `statusDesc`, both strings (§1, §7).
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { HttpMethod, Operation, SandboxContext } from './context.js';
import type { AuthSettings } from './http/auth.js';
import { MALFORMED_BODY, dispatcher } from './http/dispatch.js';
import { INVALID_KEY_DESC } from './http/errors.js';
import { CallCounter, Faults } from './http/faults.js';
import { registerControlRoutes } from './control/routes.js';
import { OPERATIONS } from './ops/index.js';

export interface AppDeps {
  ctx: SandboxContext;
  auth: AuthSettings;
  logger: boolean;
}

const ALL_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** §1: every JSON response carries statusCode and statusDesc, both strings. */
function answer(statusCode: string, statusDesc: string): Record<string, string> {
  return { statusCode, statusDesc };
}

/** The path without its query: query strings may hold anything and are not echoed. */
function pathOf(url: string): string {
  return url.split('?')[0].slice(0, 200);
}

export async function buildApp({ ctx, auth, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 1_048_576 });
  const faults = new Faults();
  const calls = new CallCounter();
  const dispatch = dispatcher({ ctx, auth, faults, calls });

  // PUT with a multipart body is refused as live traffic shows it: HTTP 404 with 103
  // (real-world notes §2, "createParty -- form data"). Checked before the body is read.
  app.addHook('onRequest', async (request, reply) => {
    const type = request.headers['content-type'] ?? '';
    if (request.method === 'PUT' && /^multipart\//i.test(type)) {
      return reply.code(404).send(answer('103', INVALID_KEY_DESC));
    }
  });
  await app.register(formbody);
  // Multipart POST bodies are accepted as real traffic sends them (every POST of one production
  // client, real-world notes §2): text fields become parameters like form fields; file parts are
  // read and not kept, since no operation of the sandbox stores documents.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 1_048_576, files: 5, fields: 200 },
    async onFile(part) {
      await part.toBuffer();
    },
  });
  // An empty JSON body is an empty parameter set; a broken one becomes a 106 after authentication.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const source = String(text).trim();
    if (source === '') return done(null, {});
    try {
      done(null, JSON.parse(source));
    } catch {
      done(null, MALFORMED_BODY);
    }
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(answer('404', `Resource not found: ${request.method} ${pathOf(request.url)}`)),
  );
  // Framework errors (unsupported content type, body too large, broken multipart) keep the
  // document's shape: statusCode and statusDesc as strings, never a number without a text.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const httpStatus =
      typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (httpStatus >= 500) request.log.error(error);
    const text = httpStatus >= 500 ? 'Internal error' : error.message;
    return reply.code(httpStatus).send(answer(String(httpStatus), text));
  });

  const legacy = new Map<string, Operation>();
  for (const operation of OPERATIONS) {
    if (operation.resourcePaths) {
      const methods = operation.methods ?? ALL_METHODS;
      for (const url of operation.resourcePaths) {
        app.route({
          method: [...ALL_METHODS],
          url,
          handler: (request, reply) => {
            // A known resource asked with another method: 405 in the document's shape.
            if (!methods.includes(request.method as HttpMethod)) {
              return reply
                .code(405)
                .header('allow', methods.join(', '))
                .send(answer('405', `Method not allowed: ${request.method}`));
            }
            return dispatch(operation, request, reply);
          },
        });
      }
      continue;
    }
    for (const name of [operation.name, ...(operation.aliases ?? [])]) legacy.set(name, operation);
  }

  // §4 Conventions / §9: legacy operations at /index.php/v3/<operation>.
  app.route({
    method: [...ALL_METHODS],
    url: '/index.php/v3/:operation',
    handler: async (request, reply) => {
      const name = (request.params as { operation: string }).operation;
      const operation = legacy.get(name);
      if (!operation) {
        return reply.code(404).send(answer('404', `Unknown operation ${name}`));
      }
      if (operation.methods && !operation.methods.includes(request.method as HttpMethod)) {
        return reply
          .code(405)
          .header('allow', operation.methods.join(', '))
          .send(answer('405', `Method not allowed: ${request.method}`));
      }
      return dispatch(operation, request, reply);
    },
  });

  registerControlRoutes(app, { ctx, faults, calls });
  return app;
}
