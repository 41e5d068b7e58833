import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuditEvent } from '../store/audit';
import { recordAudit } from '../store/audit';
import { claim, complete, release, type IdempotencyScope } from '../store/idempotency';
import { HttpError } from '../lib/http-error';
import { summarize, toFieldIssues } from '../lib/zod-issues';
import { fromUpstream, isUpstreamError } from '../lib/upstream-errors';
import { policyTable } from '../policy/table';
import { mayAccess } from '../policy/ownership';
import type { RoutePolicy } from '../policy/types';
import { limitHooks } from '../plugins/rate-limit';
import type { Deps, SignedInUser } from '../deps';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Null only on public routes. */
  user: SignedInUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
  deps: Deps;
  audit(
    event: Omit<AuditEvent, 'userId' | 'userEmail' | 'role' | 'ip' | 'requestId'>,
  ): Promise<void>;
}

export interface RouteSpec<P = unknown, Q = unknown, B = unknown, R = unknown> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The shape of a successful reply; `null` for 204 No Content. */
  response: z.ZodType<R> | null;
  successStatus?: number;
  /** Money-moving creates: the request must carry an Idempotency-Key (decision 9). */
  idempotent?: boolean;
  /**
   * The handler returns a Node Readable that is sent as it is (for example NDJSON progress);
   * `response` then describes one line for the docs and is not checked per reply.
   */
  stream?: boolean;
  handler(ctx: RouteContext<P, Q, B>): Promise<R>;
}

export function defineRoute<P = unknown, Q = unknown, B = unknown, R = unknown>(
  spec: RouteSpec<P, Q, B, R>,
): RouteSpec {
  return spec as unknown as RouteSpec;
}

const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, 'Idempotency-Key must be 16 to 100 letters, digits, - or _');

function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, part: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields = toFieldIssues(result.error, part === 'body' ? undefined : part);
  throw new HttpError('bad_request', summarize(fields), { fields, submitted: 'no' });
}

export function routeKey(spec: Pick<RouteSpec, 'method' | 'url'>): string {
  return `${spec.method} ${spec.url}`;
}

/**
 * Registers routes; a route without a policy entry stops the boot (default deny). The limits the
 * policy entry declares become the route's preHandler hooks (`limitScale` multiplies them, for
 * tests that send thousands of requests on purpose).
 */
export function registerRoutes(
  app: FastifyInstance,
  routes: RouteSpec[],
  deps: Deps,
  limitScale = 1,
): void {
  for (const spec of routes) {
    const key = routeKey(spec);
    const policy = policyTable[key];
    if (!policy) throw new Error(`Route ${key} has no entry in the policy table`);
    app.route({
      method: spec.method,
      url: spec.url,
      ...(policy.limits ? { preHandler: limitHooks(app, key, policy.limits, limitScale) } : {}),
      handler: (request, reply) => handle(spec, policy, key, deps, request, reply),
    });
  }
}

async function handle(
  spec: RouteSpec,
  policy: RoutePolicy,
  key: string,
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const user = request.user;
  const audit: RouteContext<unknown, unknown, unknown>['audit'] = (event) =>
    recordAudit(deps.db, {
      ...event,
      userId: user?.id,
      userEmail: user?.email,
      role: user?.role,
      ip: request.ip,
      requestId: request.id,
    });

  if (policy.roles !== 'public') {
    if (!user)
      throw new HttpError('unauthenticated', 'Your session has ended. Please sign in again.');
    if (!policy.roles.includes(user.role)) {
      await audit({
        action: 'access_denied',
        outcome: 'denied',
        details: { route: key, reason: 'role' },
      });
      throw new HttpError('forbidden', 'Your role does not give access to this page.', {
        submitted: 'no',
      });
    }
  }

  const params = parsePart(spec.params, request.params, 'params');
  const query = parsePart(spec.query, request.query, 'query');
  const body = parsePart(spec.body, request.body, 'body');
  const parts = { params, query, body } as Record<string, Record<string, unknown> | undefined>;

  for (const rule of policy.objects) {
    const raw = parts[rule.from]?.[rule.field];
    if (raw === undefined || raw === null || raw === '') {
      if (rule.optional) continue;
      throw new HttpError('bad_request', `${rule.field} is required`, {
        fields: [{ field: rule.field, message: `${rule.field} is required` }],
        submitted: 'no',
      });
    }
    const id = String(raw);
    if (!user || !(await mayAccess(user, rule, id, deps.ownership))) {
      await audit({
        action: 'access_denied',
        objectType: rule.kind,
        objectId: id,
        outcome: 'denied',
        details: { route: key, method: spec.method },
      });
      throw new HttpError('forbidden', `You do not have access to this ${rule.kind}.`, {
        submitted: 'no',
      });
    }
  }

  const ctx: RouteContext<unknown, unknown, unknown> = {
    params,
    query,
    body,
    user,
    request,
    reply,
    deps,
    audit,
  };
  if (spec.idempotent) return handleIdempotent(spec, key, ctx);
  const result = await runHandler(spec, ctx);
  reply.code(spec.successStatus ?? (spec.response ? 200 : 204));
  return result;
}

async function runHandler(spec: RouteSpec, ctx: RouteContext<unknown, unknown, unknown>) {
  try {
    const result = await spec.handler(ctx);
    if (spec.stream) return result;
    if (!spec.response) return undefined;
    const checked = spec.response.safeParse(result);
    if (!checked.success) {
      ctx.request.log.error(
        { issues: checked.error.issues.slice(0, 5) },
        'reply does not match its contract',
      );
      throw new HttpError('internal', 'Something went wrong on our side. Nothing was changed.');
    }
    return checked.data;
  } catch (err) {
    if (isUpstreamError(err)) throw fromUpstream(err);
    throw err;
  }
}

async function handleIdempotent(
  spec: RouteSpec,
  key: string,
  ctx: RouteContext<unknown, unknown, unknown>,
): Promise<unknown> {
  const header = ctx.request.headers['idempotency-key'];
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(header) ? header[0] : (header ?? ''));
  if (!parsed.success) {
    const message = header ? parsed.error.issues[0].message : 'Idempotency-Key header is required';
    throw new HttpError('bad_request', message, {
      fields: [{ field: 'Idempotency-Key', message }],
      submitted: 'no',
    });
  }
  const scope: IdempotencyScope = {
    userId: ctx.user!.id,
    route: key,
    key: parsed.data,
    requestHash: createHash('sha256')
      .update(JSON.stringify({ params: ctx.params, body: ctx.body }))
      .digest('hex'),
  };
  const outcome = await claim(ctx.deps.db, scope);
  if (outcome.kind === 'mismatch') {
    throw new HttpError(
      'conflict',
      'This request id was already used for a different request. Start a new request.',
      { submitted: 'no' },
    );
  }
  if (outcome.kind === 'in_progress') {
    throw new HttpError(
      'conflict',
      'The same request is still being processed. Check its status in a moment.',
      { submitted: 'unknown' },
    );
  }
  if (outcome.kind === 'replay') {
    ctx.reply.code(outcome.status).header('idempotent-replayed', 'true');
    return outcome.body;
  }

  const status = spec.successStatus ?? 200;
  try {
    const result = await runHandler(spec, ctx);
    await complete(ctx.deps.db, scope, { state: 'done', status, body: result });
    ctx.reply.code(status);
    return result;
  } catch (err) {
    const httpError = err instanceof HttpError ? err : null;
    if (httpError && httpError.extra.submitted !== 'unknown') {
      await release(ctx.deps.db, scope);
    } else {
      const unknown =
        httpError ??
        new HttpError(
          'internal',
          'Something went wrong while submitting. It may or may not have been submitted: check before trying again.',
          { submitted: 'unknown' },
        );
      await complete(ctx.deps.db, scope, {
        state: 'unknown',
        status: unknown.status,
        body: unknown.toBody(),
      });
      throw unknown;
    }
    throw err;
  }
}
