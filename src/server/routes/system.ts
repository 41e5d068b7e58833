import { z } from 'zod';
import { apiErrorSchema } from '../../contract/errors';
import { portalConfigSchema } from '../../contract/identity';
import { policyTable } from '../policy/table';
import { HttpError } from '../lib/http-error';
import { ping } from '../upstream/ping';
import type { Deps } from '../deps';
import { defineRoute, routeKey, type RouteSpec } from './define';

const healthSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({ status: z.literal('ready') });

/**
 * How long one upstream ping answers for /readyz. The route is anonymous and every ping spends the
 * platform key, so probes and strangers alike reuse the last answer for a few seconds.
 */
export const READY_CACHE_MS = 5_000;

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

/** The OpenAPI 3.1 description of every route, generated from the same contract schemas. */
export function buildOpenApi(routes: RouteSpec[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) {
    const policy = policyTable[routeKey(spec)];
    const path = spec.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', spec.params],
      ['query', spec.query],
    ] as const) {
      if (!schema) continue;
      const json = toJsonSchema(schema, 'input') as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, s] of Object.entries(json.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (json.required ?? []).includes(name),
          schema: s,
        });
      }
    }
    if (spec.url.startsWith('/api/')) {
      parameters.push({ name: 'X-CSRF', in: 'header', required: true, schema: { const: '1' } });
    }
    if (spec.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: true,
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,100}$' },
      });
    }
    const status = String(spec.successStatus ?? (spec.response ? 200 : 204));
    (paths[path] ??= {})[spec.method.toLowerCase()] = {
      summary: spec.summary,
      tags: spec.tags,
      parameters,
      'x-policy': policy
        ? { roles: policy.roles, objects: policy.objects, note: policy.note, limits: policy.limits }
        : undefined,
      ...(spec.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toJsonSchema(spec.body, 'input') } },
            },
          }
        : {}),
      responses: {
        [status]: spec.response
          ? {
              description: 'Success',
              content: { 'application/json': { schema: toJsonSchema(spec.response, 'output') } },
            }
          : { description: 'Success, no content' },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: toJsonSchema(apiErrorSchema, 'output') } },
        },
      },
    };
  }
  return {
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
    paths,
  };
}

export function systemRoutes(
  getAllRoutes: () => RouteSpec[],
  { now }: { now: () => number } = { now: Date.now },
) {
  let openApi: unknown;
  let upstreamCheck: { at: number; result: Promise<boolean> } | null = null;
  const upstreamAnswers = (deps: Deps): Promise<boolean> => {
    const at = now();
    if (!upstreamCheck || at - upstreamCheck.at >= READY_CACHE_MS) {
      upstreamCheck = {
        at,
        result: ping(deps.upstream).then(
          () => true,
          () => false,
        ),
      };
    }
    return upstreamCheck.result;
  };
  return [
    defineRoute({
      method: 'GET',
      url: '/api/config',
      summary: 'Public settings the SPA needs before sign-in',
      tags: ['system'],
      response: portalConfigSchema,
      handler: async ({ deps }) => ({
        sandbox: deps.sandbox,
        platformTimeZone: deps.config.upstreamTimeZone,
        singleSignOn: deps.config.oidc ? { label: deps.config.oidc.label } : null,
        disbursementMaxAmount: deps.config.disbursementMaxAmount,
      }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/openapi.json',
      summary: 'This API, described as OpenAPI 3.1',
      tags: ['system'],
      response: z.unknown(),
      handler: async () => (openApi ??= buildOpenApi(getAllRoutes())),
    }),
    defineRoute({
      method: 'GET',
      url: '/healthz',
      summary: 'Liveness: the process answers',
      tags: ['system'],
      response: healthSchema,
      handler: async () => ({ status: 'ok' as const }),
    }),
    defineRoute({
      method: 'GET',
      url: '/readyz',
      summary: 'Readiness: the store answers and the upstream answered ping a moment ago',
      tags: ['system'],
      response: readySchema,
      async handler({ deps, request }) {
        // §5 rule 6: every GET needs header credentials, so with TRANSACT_AUTH=body the custody
        // account read (§4.15) can never succeed: a configuration fault, not a passing one. The
        // answer stays anonymous; the log names the setting.
        if (deps.config.upstreamAuth === 'body') {
          request.log.warn(
            'not ready: TRANSACT_AUTH=body cannot make the GET operations the portal needs (custody accounts); set TRANSACT_AUTH=header',
          );
          throw new HttpError('upstream_unavailable', 'Not ready.');
        }
        const storeAnswers = await deps.db
          .selectFrom('users')
          .select('id')
          .limit(1)
          .execute()
          .then(
            () => true,
            () => false,
          );
        const upstreamReady = storeAnswers && (await upstreamAnswers(deps));
        if (!upstreamReady) {
          // Which dependency failed goes to the log only: the answer is anonymous.
          request.log.warn(
            { storeAnswers },
            'not ready: the store or the upstream does not answer',
          );
          throw new HttpError('upstream_unavailable', 'Not ready.');
        }
        return { status: 'ready' as const };
      },
    }),
  ];
}
