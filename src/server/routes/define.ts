import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { asPlatformAccountId } from '../../contract/platform-ids';
import { isReviewer } from '../../contract/session';
import type { AuditEvent } from '../store/audit';
import { recordAudit } from '../store/audit';
import {
  claim,
  complete,
  release,
  renewLease,
  type IdempotencyScope,
  type KeptWithOutcome,
  type Outcome,
  type OutcomeRecord,
} from '../store/idempotency';
import {
  recordAsked,
  type MoneyRequestAsked,
  type MoneyRequestInit,
  type MoneyRequestKind,
  type MoneyRequestSettlement,
} from '../store/money-requests';
import {
  changeOf,
  isStoreFailure,
  isWriteInDoubt,
  markChange,
  restoreChange,
  storeUnavailableNotSent,
} from '../lib/store-errors';
import type { ErrorCode } from '../../contract/errors';
import { HttpError, notSentRefusal, sessionEndedError } from '../lib/http-error';
import { contractIssues } from '../lib/contract-issues';
import { fromUpstream, isUpstreamError } from '../lib/upstream-errors';
import { policyTable } from '../policy/table';
import { mayAccess } from '../policy/ownership';
import type { RoutePolicy } from '../policy/types';
import { limitHooks } from '../plugins/rate-limit';
import { sessionEndedOf } from '../plugins/session';
import type { Deps, SignedInUser } from '../deps';
import type { UpstreamClient, UpstreamLogger } from '../upstream/client';
import { REQUEST_LINE_WRITTEN } from '../logger';
import {
  SEND_AGAIN_IN_A_MOMENT,
  SEND_AGAIN_ONCE_FIXED,
  submittedSentence,
} from '../upstream/errors';
import { hasSecondFactor } from '../store/second-factors';
import {
  ACCESS_REFUSED_OUTCOME_UNKNOWN,
  outcomeWordsOf,
  UNKNOWN_SEND_STAFF_NEXT,
  type UnknownBecause,
} from '../../contract/money-requests';
import type { SpooledRelease } from '../store/spool';
import type { MoneyRequestOutcome } from '../store/schema';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Money-moving route: every error carries `submitted` (the error handler reads it). */
    idempotent?: boolean;
    /** A write without an Idempotency-Key: RouteSpec `afterChange`. */
    afterChange?: string;
  }
}

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Null only on public routes. */
  user: SignedInUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
  deps: Deps;
  /**
   * Records an audit event. On idempotent routes the events are held and written in the same
   * transaction as the request's outcome (and register row), so money never moves unaudited.
   */
  audit(
    event: Omit<AuditEvent, 'userId' | 'userEmail' | 'role' | 'ip' | 'requestId'>,
  ): Promise<void>;
  /**
   * Refuses (403 step_up_required) unless a second factor was proved in this session within
   * STEP_UP_MINUTES; routes whose policy says `stepUp: 'always'` are checked before the handler.
   */
  requireStepUp(action: string): Promise<void>;
  /** Our reference of the money request (the register) on money routes; null elsewhere. */
  moneyReference: string | null;
  /**
   * On money routes whose amount the BFF prices (an investment: units at the offering's price),
   * records what is asked in the register before the upstream call, so a request whose outcome
   * stays unknown still says what it was for. A failure refuses the request: nothing is sent
   * that the register cannot describe.
   */
  recordAsked(asked: MoneyRequestAsked): Promise<void>;
  /**
   * A write without an Idempotency-Key calls this once the store has committed its change: a
   * store failure after it is then not told as "nothing was changed" (RouteSpec `afterChange`).
   * A write sent to the platform is marked by itself.
   */
  changeMade(): void;
  /**
   * On idempotent routes, what the portal keeps of a successful answer beside the register (an
   * issuer account as saved), stored in the transaction of the request's outcome: when the store
   * fails after the platform answered, it is spooled with it, never lost while the person is told
   * it was saved.
   */
  keepWithOutcome(kept: KeptWithOutcome): void;
}

/** How a money route appears in the register of money requests (store/money-requests.ts). */
export interface MoneySpec<P, B, R> {
  kind: MoneyRequestKind;
  /** What is known before the upstream call (account, amount when the form gives it). */
  describe(input: { params: P; body: B }): Omit<MoneyRequestInit, 'kind'>;
  /** The upstream's id in a successful answer (null when the request was held, see `held`). */
  upstreamId(result: R): string | null;
  /**
   * Set when the answer holds the request back instead of sending it (a disbursement waiting for a
   * second person's approval): the register row is `held` with this sentence, until the decision
   * settles it (routes/approvals.ts).
   */
  held?(result: R): string | null;
  /**
   * The amount in a successful answer, when `describe` could not know it (a route that prices
   * the request records it earlier through `recordAsked`).
   */
  amount?(result: R): string;
}

export interface RouteSpec<P = unknown, Q = unknown, B = unknown, R = unknown> {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  params?: $ZodType<P>;
  query?: $ZodType<Q>;
  body?: $ZodType<B>;
  /** The shape of a successful reply; `null` for 204 No Content. */
  response: $ZodType<R> | null;
  successStatus?: number;
  /**
   * A write without an Idempotency-Key: how the person sees whether its change is there, told
   * when the store stops answering after the change was made or sent to the platform (then it
   * may be there, and doing it again may do it twice). Without it, a general "reload the page".
   */
  afterChange?: string;
  /** Money-moving creates: the request must carry an Idempotency-Key. */
  idempotent?: boolean;
  /** Money requests: recorded in the register (requires `idempotent`). */
  money?: MoneySpec<P, B, R>;
  /**
   * What was sent, in a form safe to keep and show (personal data masked), for a create whose
   * outcome someone settles by hand and that carries no reference of ours upstream: kept with the
   * claim and, when the answer is lost, in the audit event that records it, so the person can ask
   * the platform by these details (requires `idempotent`).
   */
  keepSent?: (input: { params: P; body: B }) => Record<string, unknown>;
  /**
   * The handler returns a Node Readable that is sent as it is (for example NDJSON progress);
   * `response` then describes one line for the docs and is not checked per reply.
   */
  stream?: boolean;
  /** What a `stream` route sends, for the docs: one JSON object per line unless said here. */
  streamType?: 'text/csv';
  /** The handler returns a same-site path to send the browser to (303); for sign-in redirects. */
  redirect?: boolean;
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

export function routeKey(spec: Pick<RouteSpec, 'method' | 'url'>): string {
  return `${spec.method} ${spec.url}`;
}

/**
 * The Fastify route schema of a spec: the contract's zod schemas for Fastify to validate the
 * request (params, query string, body) and serialize the reply (keyed by the success status),
 * plus what @fastify/swagger writes into the OpenAPI document (summary, tags, the policy).
 * Fastify compiles each schema once, when the route is registered.
 */
function routeSchema(spec: RouteSpec, policy: RoutePolicy): FastifySchema {
  const status = spec.successStatus ?? (spec.response ? 200 : 204);
  let response: Record<number, unknown> | undefined;
  if (spec.redirect) response = undefined;
  else if (!spec.response) response = { [status]: z.null().describe('Success, no content') };
  else if (spec.stream) {
    // A stream is sent as it is (Fastify never serializes one): the schema describes one line.
    response = {
      [status]:
        spec.streamType === 'text/csv'
          ? { description: 'A CSV file', content: { 'text/csv': { schema: spec.response } } }
          : {
              description: 'One JSON object per line',
              content: { 'application/x-ndjson': { schema: spec.response } },
            },
    };
  } else response = { [status]: spec.response };
  return {
    summary: spec.summary,
    tags: spec.tags,
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { querystring: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    ...(response ? { response } : {}),
    'x-policy': {
      roles: policy.roles,
      objects: policy.objects,
      ...(policy.stepUp ? { stepUp: policy.stepUp } : {}),
      ...(policy.limits ? { limits: policy.limits } : {}),
      ...(policy.note ? { note: policy.note } : {}),
    },
  } as FastifySchema;
}

/**
 * Registers routes; a route without a policy entry stops the boot (default deny). Per request,
 * in Fastify's order: the role check (preValidation, so a stranger or a wrong role gets 401/403
 * before any 400 about the input), the limits the policy entry declares (preValidation too;
 * `limitScale` multiplies them, for tests that send thousands of requests on purpose), Fastify's
 * validation against the contract, then the object checks and the handler.
 */
export function registerRoutes(
  app: FastifyInstance,
  routes: RouteSpec[],
  deps: Deps,
  limitScale = 1,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const spec of routes) {
    const key = routeKey(spec);
    const policy = policyTable[key];
    if (!policy) throw new Error(`Route ${key} has no entry in the policy table`);
    // The error handler gives every error of an idempotent route a `submitted` field.
    const config = {
      idempotent: Boolean(spec.idempotent),
      ...(spec.afterChange ? { afterChange: spec.afterChange } : {}),
    } as Record<string, unknown>;
    const preValidation: PreValidationHook[] = [];
    if (policy.roles !== 'public') preValidation.push(roleCheck(policy, key, deps));
    if (policy.limits) preValidation.push(...limitHooks(app, key, policy.limits, limitScale));
    // The object named in the path (an account, an issuer) is checked before the input is: a
    // person without access to it gets 403, never a 400 listing the fields of its form.
    if (policy.objects.some((rule) => rule.from === 'params')) {
      preValidation.push(pathObjectCheck(spec, policy, key, deps));
    }
    // A request without a body is read as `{}`, so each missing field is named (not "expected
    // object").
    if (spec.body) preValidation.push(emptyBodyAsObject);
    preValidation.push(checkInputShape);
    typed.route({
      method: spec.method,
      url: spec.url,
      config,
      schema: routeSchema(spec, policy),
      ...(preValidation.length ? { preValidation } : {}),
      handler: (request, reply) => handle(spec, policy, key, deps, request, reply),
    });
  }
}

/** What a preValidation hook calls to go on, or to refuse with an error. */
type HookDone = (error?: Error) => void;

/** A preValidation hook: a callback hook, or an async one (the rate limits'). */
type PreValidationHook = (
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookDone,
) => void | Promise<unknown>;

async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

/**
 * How deeply the input may nest: the deepest form the portal takes (an IRA request's holdings,
 * each with its fields) is four levels down. Deeper input is no form of ours.
 */
const MAX_INPUT_DEPTH = 32;

/** What is wrong with the shape of one part of the input, as a field path and a sentence. */
interface InputFault {
  field: string;
  message: string;
}

/**
 * The first fault of `value`: nesting deeper than MAX_INPUT_DEPTH, or a text holding U+0000, named
 * by its field path (`address.line1`, `holdings.0.name`). Walked with a stack of its own, not by
 * recursion: a body of thousands of nested arrays would otherwise exhaust the call stack (a 500).
 */
function inputFault(value: unknown, root: string): InputFault | null {
  // `top`: the field of the request the item is in (its first path segment), which names a fault
  // of nesting: the path down to the depth limit would be dozens of segments long.
  const pending: { value: unknown; path: string; depth: number; top: string }[] = [
    { value, path: root, depth: 0, top: root },
  ];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (typeof item.value === 'string') {
      if (!item.value.includes('\u0000')) continue;
      const field = item.path || 'input';
      return { field, message: `${field} must not contain the NUL character (U+0000)` };
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    // Parsed JSON, query strings and paths hold no cycles; a buffer or a stream is not text.
    if (
      ArrayBuffer.isView(item.value) ||
      typeof (item.value as { pipe?: unknown }).pipe === 'function'
    ) {
      continue;
    }
    if (item.depth >= MAX_INPUT_DEPTH) {
      const field = item.top || 'input';
      return {
        field,
        message: `${item.top ? item.top : 'The request'} is nested more than ${MAX_INPUT_DEPTH} levels deep; no form of the portal is. Send the form's fields as they are.`,
      };
    }
    // Pushed last to first, so the first field is looked at first, as it is named.
    const entries = Object.entries(item.value);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i];
      pending.push({
        value: child,
        path: item.path ? `${item.path}.${key}` : key,
        depth: item.depth + 1,
        // The body's own fields name it; a body that is a list has none (the request is named).
        top: item.depth > 0 || item.path ? item.top : Array.isArray(item.value) ? '' : key,
      });
    }
  }
  return null;
}

/**
 * A field given more than once in the address (`?accountId=A1&accountId=A2`): the query string
 * parser makes it a list, which no query of the portal takes, and the field's own rule would
 * then say it is missing. Said as it is instead.
 */
function repeatedQueryField(query: unknown): InputFault | null {
  if (query === null || typeof query !== 'object') return null;
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      return {
        field: `query.${key}`,
        message: `${key}: give it once (the address gives it ${value.length} times)`,
      };
    }
  }
  return null;
}

/**
 * No text the portal takes may hold the NUL character: PostgreSQL cannot store it (a filter or a
 * note holding one failed in the store as a 500), and no name, address, note or search means it.
 * Nor may the input nest deeper than any form does. Refused for every route before its own
 * validation (400), naming the field and never echoing the value.
 */
function checkInputShape(request: FastifyRequest, _reply: FastifyReply, done: HookDone): void {
  // Named as the validation step names fields: `params.x`, `query.x`, and body fields bare.
  const fault =
    repeatedQueryField(request.query) ??
    inputFault(request.params, 'params') ??
    inputFault(request.query, 'query') ??
    inputFault(request.body, '');
  if (!fault) return done();
  done(
    new HttpError('bad_request', fault.message, {
      fields: [fault],
      submitted: 'no',
    }),
  );
}

type AuditInput = Parameters<RouteContext<unknown, unknown, unknown>['audit']>[0];

/** An audit event with who did it, from where, and in which request. */
export function attributed(
  event: AuditInput,
  user: SignedInUser | null,
  request: FastifyRequest,
): AuditEvent {
  return {
    ...event,
    userId: user?.id,
    userEmail: user?.email,
    role: user?.role,
    ip: request.ip,
    requestId: request.id,
  };
}

function auditFor(deps: Deps, request: FastifyRequest) {
  const user = request.user;
  return (event: AuditInput) => recordAudit(deps.db, attributed(event, user, request));
}

/** Who may call the route at all, from the policy table; runs before the input is validated. */
function roleCheck(policy: RoutePolicy, key: string, deps: Deps): PreValidationHook {
  const roles = policy.roles as readonly string[];
  // A callback hook: only a refusal waits (for its audit event), so an allowed request makes no
  // promise here.
  return function roleCheck(request, _reply, done) {
    const user = request.user;
    if (!user) return done(sessionEndedError(request.method, sessionEndedOf(request)));
    if (request.session?.pendingSecondFactor && !policy.pendingAllowed) {
      return done(
        new HttpError('unauthenticated', 'Finish signing in: your second factor is still needed.'),
      );
    }
    if (roles.includes(user.role)) return done();
    const audit = auditFor(deps, request);
    audit({
      action: 'access_denied',
      outcome: 'denied',
      details: { route: key, reason: 'role' },
    }).then(
      () =>
        done(
          new HttpError('forbidden', 'Your role does not give access to this page.', {
            submitted: 'no',
          }),
        ),
      done,
    );
  };
}

/**
 * One object rule of the policy: the id it names in `parts`, refused when missing (400) or, when
 * `access` is asked, when the user may not act on it (403, audited). Null for an optional one not
 * given.
 */
async function checkObject(
  rule: RoutePolicy['objects'][number],
  parts: Record<string, Record<string, unknown> | undefined>,
  spec: RouteSpec,
  key: string,
  deps: Deps,
  request: FastifyRequest,
  access: boolean,
): Promise<string | null> {
  const raw = parts[rule.from]?.[rule.field];
  if (raw === undefined || raw === null || raw === '') {
    if (rule.optional) return null;
    throw new HttpError('bad_request', `${rule.field} is required`, {
      fields: [{ field: rule.field, message: `${rule.field} is required` }],
      submitted: 'no',
    });
  }
  // An account id in the path is checked as the route's params schema hands it on, in the
  // platform's capitals (accountPathIdSchema): the id checked is the id used. Bodies and query
  // strings keep theirs as given.
  const id =
    rule.from === 'params' && rule.kind === 'account'
      ? asPlatformAccountId(String(raw))
      : String(raw);
  const user = request.user;
  if (access && !(user && (await mayAccess(user, rule, id, deps.ownership)))) {
    await auditFor(
      deps,
      request,
    )({
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
  return id;
}

/** The objects named in the path, checked before validation (a preValidation hook). */
function pathObjectCheck(
  spec: RouteSpec,
  policy: RoutePolicy,
  key: string,
  deps: Deps,
): PreValidationHook {
  const rules = policy.objects.filter((rule) => rule.from === 'params');
  return async function pathObjectCheck(request) {
    const parts = { params: request.params as Record<string, unknown> | undefined };
    for (const rule of rules) await checkObject(rule, parts, spec, key, deps, request, true);
  };
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
  const audit = auditFor(deps, request);
  // Fastify has validated (and, where the contract says, coerced) every part already.
  const params = request.params;
  const query = request.query;
  const body = request.body;
  const parts = { params, query, body } as Record<string, Record<string, unknown> | undefined>;

  // The first object checked is what the request is about (named in the audit log of a write
  // whose outcome is unknown).
  let subject: { type: string; id: string } | null = null;
  let account: string | null = null;
  for (const rule of policy.objects) {
    // The path's objects were checked before validation (pathObjectCheck).
    const id = await checkObject(rule, parts, spec, key, deps, request, rule.from !== 'params');
    if (id !== null) subject ??= { type: rule.kind, id };
    if (id !== null && rule.kind === 'account' && rule.check === 'own') account ??= id;
  }

  const requireStepUp = (action: string) => checkStepUp(deps, request, user, action, audit);
  if (policy.stepUp === 'always') await requireStepUp(key);

  const ctx: RouteContext<unknown, unknown, unknown> = {
    params,
    query,
    body,
    user,
    request,
    reply,
    // The upstream client logs through this request's logger, so each call's line carries its reqId.
    deps: { ...deps, upstream: upstreamOf(spec, deps, request) },
    audit,
    requireStepUp,
    moneyReference: null,
    recordAsked: () => Promise.reject(new Error('recordAsked is for money routes only')),
    changeMade: () => markChange(request, 'yes'),
    keepWithOutcome: () => {
      throw new Error('keepWithOutcome is for idempotent routes only');
    },
  };
  if (spec.idempotent) return handleIdempotent(spec, key, ctx, subject);
  const result = await runHandler(spec, ctx);
  // A reviewer reads any person's account (the policy's `own` lets compliance and admin name any
  // id): each read of one (its profile, custody account, linked bank, fund moves, requests,
  // timeline) is audited with what was read, before it is shown, so whose personal data and
  // money a reviewer was shown is on record. A CSV export audits itself, with its rows.
  if (account !== null && spec.method === 'GET' && !spec.stream && isReviewer(user?.role)) {
    await audit({
      action: 'account_viewed',
      objectType: 'account',
      objectId: account,
      outcome: 'allowed',
      details: { read: key },
    });
  }
  if (spec.redirect) return reply.redirect(String(result), 303);
  reply.code(spec.successStatus ?? (spec.response ? 200 : 204));
  return result;
}

/**
 * The upstream client's lines in a request's log, marked as the upstream's. Not a child logger:
 * pino builds each child's bindings anew, and the request's own child (Fastify's) already carries
 * the reqId. A call's own record (its `info` line) waits for the request's line and is written
 * with it (logger.ts, RequestLogController): one line a request instead of one more a call
 * (docs/benchmarks.md). Warnings and errors are written at once, and so is a call that ends after
 * the request's line is out.
 */
function upstreamLogOf(request: FastifyRequest): UpstreamLogger {
  const log = request.log;
  return {
    info: (fields, message) => {
      const calls = request.upstreamCalls;
      if (calls === REQUEST_LINE_WRITTEN) log.info({ component: 'upstream', ...fields }, message);
      else if (calls) calls.push(fields);
      else request.upstreamCalls = [fields];
    },
    warn: (fields, message) => log.warn({ component: 'upstream', ...fields }, message),
    error: (fields, message) => log.error({ component: 'upstream', ...fields }, message),
  };
}

/**
 * Step-up: money moves, personal-data reveals and admin changes to users need a second factor proved in
 * this session within the last few minutes; the refusal and the later proof are both audited.
 */
async function checkStepUp(
  deps: Deps,
  request: FastifyRequest,
  user: SignedInUser | null,
  action: string,
  audit: RouteContext<unknown, unknown, unknown>['audit'],
): Promise<void> {
  const session = request.session;
  if (!user || !session) throw sessionEndedError(request.method, sessionEndedOf(request));
  const { stepUpMs, stepUpWithoutFactor, mfaRequiredRoles } = deps.config.identity;
  const provedAt = session.secondFactorAt?.getTime();
  if (provedAt !== undefined && Date.now() - provedAt <= stepUpMs) return;
  if (!(await hasSecondFactor(deps.db, user.id))) {
    if (stepUpWithoutFactor === 'allow' && !mfaRequiredRoles.includes(user.role)) return;
    await audit({
      action: 'step_up_required',
      outcome: 'denied',
      details: { for: action, reason: 'no_second_factor' },
    });
    throw new HttpError(
      'second_factor_enrolment_required',
      'This needs a second factor, and you have none yet. Add a passkey or an authenticator app in Security settings, then try again. Nothing was sent.',
      { submitted: 'no' },
    );
  }
  await audit({ action: 'step_up_required', outcome: 'denied', details: { for: action } });
  throw new HttpError(
    'step_up_required',
    'Confirm it is you with your second factor to continue. Nothing was sent yet.',
    { submitted: 'no' },
  );
}

/**
 * The upstream client of one request. A write route's view marks the request as it sends a write
 * (may have changed something) and as the platform answers it (changed), so a store failure after
 * it is not told as "nothing was changed" (storeFailureOf), nor recorded in the register as "not
 * sent" (handleIdempotent). Reads keep the plain view.
 */
function upstreamOf(spec: RouteSpec, deps: Deps, request: FastifyRequest): UpstreamClient {
  const view = deps.upstream.withLogger(upstreamLogOf(request));
  if (spec.method === 'GET') return view;
  return {
    ...view,
    send: async (upstreamRequest) => {
      if (upstreamRequest.effect !== 'write') return view.send(upstreamRequest);
      const before = changeOf(request);
      markChange(request, 'unknown');
      try {
        const answer = await view.send(upstreamRequest);
        markChange(request, 'yes');
        return answer;
      } catch (err) {
        // Refused by the platform, or never sent: this write changed nothing.
        if (isUpstreamError(err) && fromUpstream(err).extra.submitted === 'no') {
          restoreChange(request, before);
        }
        throw err;
      }
    },
  };
}

async function runHandler(spec: RouteSpec, ctx: RouteContext<unknown, unknown, unknown>) {
  try {
    const result = await spec.handler(ctx);
    if (spec.stream || spec.redirect) return result;
    if (!spec.response) return undefined;
    // Fastify's serializer checks every reply against its contract. A money request's outcome is
    // recorded (and replayed) before the reply is serialized, so there it is checked here first:
    // the register must never hold an answer the contract refuses.
    if (!spec.idempotent) return result;
    const checked = z.safeParse(spec.response, result);
    if (!checked.success) {
      ctx.request.log.error(
        { route: spec.url, issues: contractIssues(checked.error) },
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
  subject: { type: string; id: string } | null,
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
    requestHash: hashOf(ctx.params, askedOf(ctx.body)),
    // Records kept from before additionalTo was left out hashed the whole body.
    ...(askedOf(ctx.body) !== ctx.body ? { formerHash: hashOf(ctx.params, ctx.body) } : {}),
  };
  const { deps, user, request } = ctx;
  const money = spec.money
    ? { kind: spec.money.kind, ...spec.money.describe({ params: ctx.params, body: ctx.body }) }
    : undefined;
  const sent = spec.keepSent?.({ params: ctx.params, body: ctx.body }) ?? null;
  let outcome: Awaited<ReturnType<typeof claim>>;
  try {
    outcome = await claim(deps.db, scope, {
      instanceId: deps.instanceId,
      leaseMs: deps.config.claimLeaseMs,
      money,
      subject,
      sent,
      spool: deps.spool,
    });
  } catch (err) {
    if (!isStoreFailure(err)) throw err;
    request.log.error({ err }, 'store unavailable: request not claimed');
    throw storeUnavailableNotSent();
  }
  if (outcome.kind === 'mismatch') {
    throw new HttpError(
      'conflict',
      'This request id was already used for a different request. Start a new request.',
      { submitted: 'no' },
    );
  }
  if (outcome.reference) ctx.reply.header('money-reference', outcome.reference);
  if (outcome.kind === 'used') throw alreadyMade(outcome.reference, outcome.outcome);
  if (outcome.kind === 'in_progress') {
    const named = outcome.reference ? ` (our reference ${outcome.reference})` : '';
    throw new HttpError(
      'conflict',
      `The same request${named} is still being processed. Its outcome appears in your requests in a moment; do not send it again as a new request.`,
      { submitted: 'unknown', reference: outcome.reference, retryAfterSeconds: 2 },
    );
  }
  if (outcome.kind === 'replay') {
    ctx.reply.code(outcome.status).header('idempotent-replayed', 'true');
    return outcome.body;
  }

  const { reference, claimedAt } = outcome;
  ctx.moneyReference = reference;
  ctx.recordAsked = async (asked) => {
    if (!reference) return;
    try {
      await recordAsked(deps.db, reference, asked);
    } catch (err) {
      if (!isStoreFailure(err)) throw err;
      request.log.error({ err }, 'store unavailable: the request as asked not recorded');
      throw storeUnavailableNotSent();
    }
  };
  let kept: KeptWithOutcome | undefined;
  ctx.keepWithOutcome = (what) => {
    kept = what;
  };
  // Audit events of this request are written with its outcome, in one transaction.
  const audits: AuditEvent[] = [];
  ctx.audit = async (event) => {
    audits.push(attributed(event, user, request));
  };
  const leaseMs = deps.config.claimLeaseMs;
  const renewal = setInterval(
    () => {
      renewLease(deps.db, scope, deps.instanceId, leaseMs).catch((err: unknown) =>
        request.log.warn({ err }, 'claim lease not renewed'),
      );
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  renewal.unref();

  const status = spec.successStatus ?? 200;
  let result: unknown;
  try {
    result = await runHandler(spec, ctx);
  } catch (err) {
    clearInterval(renewal);
    // The store failed before any write went to the platform (each is marked as it is sent,
    // upstreamOf) and not under a write of its own that may have been saved: nothing was sent,
    // and the register says so rather than "may have reached the platform".
    const storeFailedBeforeSending =
      !(err instanceof HttpError) &&
      isStoreFailure(err) &&
      !isWriteInDoubt(err) &&
      changeOf(request) === undefined;
    if (storeFailedBeforeSending) {
      request.log.error({ err }, 'store unavailable before the request was sent');
    }
    const httpError = storeFailedBeforeSending
      ? storeUnavailableNotSent()
      : err instanceof HttpError
        ? notSentFault(err)
        : null;
    if (httpError && httpError.extra.submitted === 'no') {
      // Refused by the platform (a 110 included) is not "never reached it": the register keeps
      // the difference, and the person reads which it was.
      const refused = httpError.extra.refusedByPlatform === true;
      const settlement: MoneyRequestSettlement = {
        outcome: refused ? 'refused' : 'not_sent',
        // The outcome's words say it was refused and that nothing moved; the reason says why.
        message: httpError.extra.reason ?? httpError.message,
        nextStep: httpError.extra.nextStep ?? null,
        via: 'response',
        by: 'system',
        neverSent: !refused,
      };
      await release(deps.db, scope, { reference, settlement, audits }).catch(
        (storeErr: unknown) => {
          if (!isStoreFailure(storeErr)) throw storeErr;
          spoolRelease(ctx, {
            kind: 'not_sent',
            scope,
            claimedAt: claimedAt.toISOString(),
            reference,
            settlement,
            audits,
            at: new Date().toISOString(),
          });
        },
      );
      throw new HttpError(httpError.code, httpError.message, {
        ...httpError.extra,
        reference,
      });
    }
    const cause = httpError && httpError.code !== 'internal' ? httpError.message : null;
    const because = httpError ? unknownBecauseOf(httpError) : null;
    const unknown = new HttpError(
      httpError?.code ?? 'internal',
      reference && spec.money
        ? unknownMoneyMessage(
            cause ?? 'Something went wrong while submitting.',
            reference,
            spec.money.kind,
            { because },
          )
        : (cause ??
            'Something went wrong while submitting. It may or may not have been submitted: check your requests before trying again.'),
      {
        ...(httpError?.extra ?? {}),
        submitted: httpError?.extra.submitted ?? 'unknown',
        reference,
      },
    );
    if (!httpError) request.log.error({ err }, 'money request failed with an unknown outcome');
    // The attempt is in the audit log whatever became of it, in the transaction that records
    // its outcome: a reviewer looking there for what the person did finds it, by our reference
    // on money routes, by the object it is about on the others (an issuer account, §4.6).
    audits.push(
      attributed(
        {
          action: reference ? 'money_request_unknown' : 'request_outcome_unknown',
          objectType: reference ? 'money_request' : (subject?.type ?? null),
          objectId: reference ?? subject?.id ?? null,
          outcome: 'unknown',
          details: {
            route: key,
            code: unknown.code,
            // When it was sent (its claim), not when its answer was found lost: a create that
            // carries no reference of ours (§4.6) is asked about by when it was sent.
            sentAt: claimedAt.toISOString(),
            ...(subject ? { [subject.type]: subject.id } : {}),
            ...(sent ? { sent } : {}),
          },
        },
        user,
        request,
      ),
    );
    await recordOutcome(
      ctx,
      scope,
      { state: 'unknown', status: unknown.status, body: unknown.toBody() },
      {
        reference,
        settlement: {
          outcome: 'unknown',
          message: unknown.message,
          unknownBecause: because,
          via: 'response',
          by: 'system',
        },
        audits,
      },
    );
    throw unknown;
  }
  clearInterval(renewal);
  await recordOutcome(
    ctx,
    scope,
    { state: 'done', status, body: result },
    {
      reference,
      settlement: spec.money ? moneySettlement(spec.money, result) : undefined,
      audits,
      kept,
    },
  );
  ctx.reply.code(status);
  return result;
}

function moneySettlement<R>(
  money: MoneySpec<unknown, unknown, R>,
  result: R,
): MoneyRequestSettlement {
  const held = money.held?.(result);
  if (held) {
    return {
      outcome: 'held',
      upstreamId: null,
      message: held,
      via: 'response',
      by: 'system',
      neverSent: true,
    };
  }
  return {
    outcome: 'created',
    upstreamId: money.upstreamId(result),
    amount: money.amount?.(result) ?? null,
    via: 'response',
    by: 'system',
  };
}

/**
 * Faults: the platform or the store did not answer as it should, and what to do then: send it
 * again in a moment, or, where the portal's own access to the platform is wrong, once support
 * has fixed it (trying again before would only be refused alike).
 */
const FAULT_NEXT_STEPS = new Map<ErrorCode, string>([
  ['upstream_unavailable', SEND_AGAIN_IN_A_MOMENT],
  ['upstream_timeout', SEND_AGAIN_IN_A_MOMENT],
  ['store_unavailable', SEND_AGAIN_IN_A_MOMENT],
  ['upstream_misconfigured', SEND_AGAIN_ONCE_FIXED],
]);

/**
 * A fault that sent nothing, met on the way to a write (a read before it, the store), told as the
 * portal's own not-sent refusals are: its reason, then what to do (notSentRefusal), so the form
 * adds no next step and the register keeps the same pair. Any other error is left as it is; an
 * unknown outcome never becomes a not-sent one.
 */
function notSentFault(err: HttpError): HttpError {
  const { submitted, reason, nextStep, ...rest } = err.extra;
  const next = FAULT_NEXT_STEPS.get(err.code);
  if (submitted !== 'no' || nextStep || !reason || !next) return err;
  const { refusedByPlatform: _platform, ...extra } = rest;
  return notSentRefusal(reason, next, extra, err.code);
}

/**
 * Why a write's outcome is unknown, as a fact the register keeps with it (contract UnknownBecause):
 * `access_refused` when the platform answered by refusing the portal's own access (103, §5 rule 8),
 * which only that refusal's error code says of a write whose outcome is unknown; null otherwise.
 */
export function unknownBecauseOf(err: HttpError): UnknownBecause | null {
  return err.code === 'upstream_misconfigured' && err.extra.submitted !== 'no'
    ? 'access_refused'
    : null;
}

/**
 * A money request whose outcome is unknown, told with the register's one next step for its kind
 * (contract/money-requests `outcomeWordsOf`: the same words as its timeline entry and the requests
 * list), so the form, the timeline and the list never tell two stories. The cause keeps what
 * happened; its own advice to check before trying again gives way to that step.
 */
export function unknownMoneyMessage(
  cause: string,
  reference: string,
  kind: MoneyRequestKind,
  {
    reader = 'sender',
    because = null,
  }: {
    /** Who reads it: its sender, or the staff who sent a held one (UNKNOWN_SEND_STAFF_NEXT). */
    reader?: 'sender' | 'staff';
    /** Why it is unknown (unknownBecauseOf), where not "no answer came back". */
    because?: UnknownBecause | null;
  } = {},
): string {
  const next =
    reader === 'staff'
      ? UNKNOWN_SEND_STAFF_NEXT
      : outcomeWordsOf({ kind, outcome: 'unknown' }).next;
  // A refused access already says that the outcome is unknown and who must act: its own advice
  // gives way to the register's step, and nothing is said twice.
  const happened =
    because === 'access_refused'
      ? ACCESS_REFUSED_OUTCOME_UNKNOWN
      : `${cause.replace(submittedSentence('unknown'), '').trim()} It may or may not have reached the platform.`;
  return `${happened} ${next} Our reference: ${reference}.`;
}

/**
 * The store could not take a not-sent outcome: it waits in the spool, where the next retry of
 * the request and every housekeeping pass find it, so the claim is released and the register
 * says "not sent" once the store is back, not "unknown" when the lease runs out.
 */
function spoolRelease(ctx: RouteContext<unknown, unknown, unknown>, line: SpooledRelease): void {
  ctx.request.log.error('store unavailable: not-sent outcome written to the spool');
  try {
    ctx.deps.spool.append(line);
  } catch (err) {
    // Neither store nor disk: the claim's lease runs out and reconciliation settles it.
    ctx.request.log.error(
      { err, reference: line.reference },
      'not-sent outcome could not be recorded anywhere',
    );
  }
}

/** Outcome writes are retried this many times before the outcome goes to the spool. */
const OUTCOME_WRITE_DELAYS_MS = [0, 200, 1_000];

/**
 * Writes an outcome the platform has given: retried (OUTCOME_WRITE_DELAYS_MS), all within one
 * statement timeout of the store (STORE_STATEMENT_TIMEOUT_MS) from the first try. A store that
 * does not answer at all (a frozen server) would otherwise hold the person for every try's full
 * client-side wait, three of them, and answer only once the server came back; past the deadline
 * the caller spools the outcome and answers at once (docs/deploy.md, "Timeouts"). A try still
 * waiting then may land later: a recorded outcome is final, so the spool's replay changes nothing.
 */
export async function writeOutcomeInTime<T>(
  statementMs: number,
  write: () => Promise<T>,
): Promise<{ written: true; value: T } | { written: false; error: unknown }> {
  const deadline = Date.now() + statementMs;
  let error: unknown = new Error(`the store did not answer within ${statementMs} ms`);
  for (const delay of OUTCOME_WRITE_DELAYS_MS) {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const left = deadline - Date.now();
    if (left <= 0) break;
    const attempt = write().then((value) => ({ value }));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), left);
    });
    try {
      const settled = await Promise.race([attempt, late]);
      if (settled) return { written: true, value: settled.value };
      // Its failure, when the store answers at last, is no one's to hear: the spool holds it.
      attempt.catch(() => undefined);
      error = new Error(`the store did not answer within ${statementMs} ms`);
      break;
    } catch (err) {
      error = err;
    } finally {
      clearTimeout(timer);
    }
  }
  return { written: false, error };
}

/**
 * The upstream has answered: the outcome must not be lost and the user must not be told to try
 * again. The write is retried a few times within the store's statement timeout; if the store
 * still fails or does not answer, the outcome is appended to the durable spool (replayed into
 * the store later) and the answer goes out as it is.
 */
async function recordOutcome(
  ctx: RouteContext<unknown, unknown, unknown>,
  scope: IdempotencyScope,
  outcome: Outcome,
  record: OutcomeRecord,
): Promise<void> {
  const { deps, request } = ctx;
  const written = await writeOutcomeInTime(deps.config.store.statementMs, () =>
    complete(deps.db, scope, outcome, record),
  );
  if (written.written) return;
  const lastError = written.error;
  request.log.error({ err: lastError }, 'store unavailable: outcome written to the spool');
  try {
    deps.spool.append({
      scope,
      outcome,
      reference: record.reference ?? null,
      settlement: record.settlement,
      audits: record.audits ?? [],
      ...(record.kept ? { kept: record.kept } : {}),
      at: new Date().toISOString(),
    });
  } catch (err) {
    // Neither store nor disk: the answer still goes out; operators must act on this line.
    request.log.fatal(
      {
        err,
        scope: { ...scope, requestHash: undefined },
        outcome: outcome.state,
        reference: record.reference,
      },
      'money outcome could not be recorded anywhere',
    );
  }
}

/**
 * The key's request was made before and its record of the answer is gone (pruned after
 * IDEMPOTENCY_RETENTION_HOURS): it is not sent again, and the person is told where it stands
 * from the register, so a late retry is never read as "nothing was sent".
 */
function alreadyMade(reference: string, outcome: MoneyRequestOutcome): HttpError {
  const where: Record<MoneyRequestOutcome, string> = {
    created: 'the platform accepted it',
    held: "it waits for a second person's approval",
    unknown: 'its outcome is not known yet, and we check it with the platform',
    pending: 'it is still being processed',
    // Not reached: the key of a refused or unsent request is sent again (openMoneyRequest).
    refused: 'the platform refused it',
    not_sent: 'it was not sent',
  };
  const submitted = outcome === 'created' || outcome === 'held' ? 'yes' : 'unknown';
  return new HttpError(
    'conflict',
    `This request was made before with the same request id (our reference ${reference}): ${where[outcome]}. It will not be sent again; it is listed in your requests. Start a new request to send another.`,
    { submitted, reference },
  );
}

/**
 * What a request asks, for the one request its key names: the body without `additionalTo`, which
 * only acknowledges requests standing in its way (docs/bff-api.md), so the request refused for
 * them and sent again naming them is the same request, under the same key and reference.
 */
function askedOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('additionalTo' in body)) return body;
  const { additionalTo: _acknowledged, ...asked } = body as Record<string, unknown>;
  return asked;
}

/** The hash of what a request asks, its parameters and body, that its key is bound to. */
const hashOf = (params: unknown, body: unknown) =>
  createHash('sha256').update(JSON.stringify({ params, body })).digest('hex');
