import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/errors';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

/** The error body every route may answer, written once into each operation (docs only). */
const errorResponse = {
  description: 'Error',
  ...z.toJSONSchema(apiErrorSchema, { io: 'output', target: 'draft-2020-12' }),
};
delete (errorResponse as Record<string, unknown>).$schema;

/**
 * The route schemas as @fastify/swagger wants them (fastify-type-provider-zod's transform), plus
 * what every route has and no zod schema says: the headers the CSRF check and the idempotent
 * money routes require, and the error body. These are documentation only; Fastify never
 * validates or serializes with them (the CSRF and idempotency checks are the portal's own).
 */
const transform: Transform = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]) as {
    schema: Record<string, unknown> & { hide?: boolean; response?: Record<string, unknown> };
    url: string;
  };
  if (out.schema.hide) return out;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  if (input.url.startsWith('/api/')) {
    properties['X-CSRF'] = { const: '1', description: 'Every /api request.' };
    required.push('X-CSRF');
  }
  if ((input.route.config as { idempotent?: boolean } | undefined)?.idempotent) {
    properties['Idempotency-Key'] = {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{16,100}$',
      description: 'One key per money request; a repeat replays the first outcome.',
    };
    required.push('Idempotency-Key');
  }
  if (required.length) out.schema.headers = { type: 'object', properties, required };
  out.schema.response = { ...out.schema.response, default: errorResponse };
  return out;
};

/**
 * @fastify/swagger collects every route registered after it and describes it as OpenAPI 3.1
 * from the route's own schemas (the contract's zod schemas), with each route's policy entry as
 * `x-policy`. `app.swagger()` builds the document once and keeps it.
 */
async function openApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portal BFF',
        version: '1',
        description:
          'The JSON API the portal SPA calls. Every /api request needs X-CSRF: 1; mutating requests a same-origin Origin.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'portal_session' } },
      },
      security: [{ session: [] }],
    },
    transform,
  });
}

export const openApiPlugin = fp(openApi, { name: 'portal-openapi' });
