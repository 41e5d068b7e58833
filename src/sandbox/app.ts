/**
 * Assembles the sandbox HTTP server: body parsers (form and JSON, §4 "which content type: not
 * shown"), the legacy operation route, the newer resource routes and the control endpoints.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import type { HttpMethod, Operation, SandboxContext } from './context.js';
import type { AuthSettings } from './http/auth.js';
import { MALFORMED_BODY, dispatcher } from './http/dispatch.js';
import { CallCounter, Faults } from './http/faults.js';
import { registerControlRoutes } from './control/routes.js';
import { OPERATIONS } from './ops/index.js';

export interface AppDeps {
  ctx: SandboxContext;
  auth: AuthSettings;
  logger: boolean;
}

const ALL_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

export async function buildApp({ ctx, auth, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: 1_048_576 });
  const faults = new Faults();
  const calls = new CallCounter();
  const dispatch = dispatcher({ ctx, auth, faults, calls });

  await app.register(formbody);
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

  const legacy = new Map<string, Operation>();
  for (const operation of OPERATIONS) {
    if (operation.resourcePaths) {
      for (const url of operation.resourcePaths) {
        app.route({
          method: [...(operation.methods ?? ALL_METHODS)],
          url,
          handler: (request, reply) => dispatch(operation, request, reply),
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
        return reply.code(404).send({ statusCode: '404', statusDesc: `Unknown operation ${name}` });
      }
      if (operation.methods && !operation.methods.includes(request.method as HttpMethod)) {
        return reply.code(405).send({ statusCode: '405', statusDesc: 'Method not allowed' });
      }
      return dispatch(operation, request, reply);
    },
  });

  registerControlRoutes(app, { ctx, faults, calls });
  return app;
}
