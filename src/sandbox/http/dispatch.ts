/**
 * The path every upstream call takes: count it, apply injected faults, authenticate (§5), check the
 * scope, advance the fund-move lifecycle to "now", run the operation, and write the body.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpMethod, Operation, OperationResult, SandboxContext } from '../context.js';
import { type AuthSettings, authenticate } from './auth.js';
import { INVALID_KEY_DESC, NO_PERMISSION_DESC, UpstreamError } from './errors.js';
import type { CallCounter, FaultRule, Faults } from './faults.js';
import { CREDENTIAL_FIELDS, Params, flattenParams } from './params.js';

export interface DispatchDeps {
  ctx: SandboxContext;
  auth: AuthSettings;
  faults: Faults;
  calls: CallCounter;
}

/** Marker left by the JSON body parser when the body is not JSON. */
export const MALFORMED_BODY = Symbol('malformed-body');

const FORCED_DESC: Record<string, string> = {
  '101': 'Ok',
  '103': INVALID_KEY_DESC,
  '106': 'Data/parameter missing',
  '110': NO_PERMISSION_DESC,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(
  reply: FastifyReply,
  httpStatus: number,
  body: Record<string, unknown>,
): FastifyReply {
  let text = JSON.stringify(body);
  // The 106 texts carry &nbsp; entities whose "&" live traffic delivers as `u0026`, the backslash
  // of a \u0026 escape lost: the parsed text reads `dateu0026nbsp;` (real-world notes §5, §6;
  // samples deleteTrade__kvl-106-*), which the portal's client must clean.
  if (body.statusCode === '106') text = text.replace(/&/g, 'u0026');
  return reply
    .code(httpStatus)
    .header('content-type', 'application/json; charset=utf-8')
    .send(text);
}

/** Legacy calls answer errors under HTTP 200; newer resources use 401/403 (real-world notes §2). */
function authFailure(operation: Operation, code: '103' | '110'): OperationResult {
  const resource = operation.resourcePaths !== undefined;
  return {
    httpStatus: resource ? (code === '103' ? 401 : 403) : 200,
    body: { statusCode: code, statusDesc: FORCED_DESC[code] },
  };
}

async function applyFault(
  rule: FaultRule,
  operation: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (rule.latencyMs) await sleep(rule.latencyMs);
  if (rule.drop) {
    reply.hijack();
    request.raw.socket.destroy();
    return true;
  }
  if (rule.httpStatus) {
    reply
      .code(rule.httpStatus)
      .header('content-type', 'text/html; charset=utf-8')
      .send(`<html><body><h1>${rule.httpStatus} Service Unavailable</h1></body></html>`);
    return true;
  }
  if (rule.malformedJson) {
    reply
      .code(200)
      .header('content-type', 'application/json; charset=utf-8')
      .send('{"statusCode":"101","statusDesc":"Ok","detai');
    return true;
  }
  if (rule.statusCode) {
    const forced = authFailure(operation, rule.statusCode === '110' ? '110' : '103');
    const httpStatus =
      rule.statusCode === '103' || rule.statusCode === '110' ? forced.httpStatus! : 200;
    send(reply, httpStatus, {
      statusCode: rule.statusCode,
      statusDesc: FORCED_DESC[rule.statusCode] ?? 'Forced by sandbox fault',
    });
    return true;
  }
  return false;
}

export function dispatcher(deps: DispatchDeps) {
  return async function dispatch(
    operation: Operation,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | void> {
    const { ctx } = deps;
    const method = request.method as HttpMethod;
    const rawBody = request.body as unknown;
    const malformed = rawBody === MALFORMED_BODY;
    const body = malformed ? {} : flattenParams(rawBody);
    const query = flattenParams(request.query);
    const pathParams = (request.params ?? {}) as Record<string, string>;
    const named = { ...pathParams, ...query, ...body };
    deps.calls.record(operation.name, named.accountId);
    const fault = deps.faults.take(operation.name, named);
    if (fault && (await applyFault(fault, operation, request, reply))) return;
    // §5 rule 6: credentials in URL parameters are not accepted. A request carrying them is
    // refused outright, even beside a valid header, so a key leaking into URLs shows up in tests.
    const keyInUrl = CREDENTIAL_FIELDS.some((field) => field in query);
    const auth = authenticate(
      { method, authorization: request.headers.authorization, body },
      deps.auth,
    );
    if (keyInUrl || !auth.ok) return sendResult(reply, authFailure(operation, '103'));
    if (operation.scope && !auth.grant.scopes.has(operation.scope)) {
      return sendResult(reply, authFailure(operation, '110'));
    }

    const values = { ...query, ...body };
    for (const field of CREDENTIAL_FIELDS) delete values[field];

    const now = ctx.clock.now();
    if (ctx.lifecycle.tick(now)) ctx.store.changed();
    try {
      if (malformed)
        throw new UpstreamError('106', 'Data/parameter missing', 200, {
          'Error(s)': '<br />Request body is not valid JSON',
        });
      const result = operation.handle(
        {
          method,
          params: new Params(values),
          pathParams,
          now,
          origin: `${request.protocol}://${request.host}`,
        },
        ctx,
      );
      return sendResult(reply, fault?.oddRecord ? withOddRecord(result, fault.oddRecord) : result);
    } catch (error) {
      if (error instanceof UpstreamError) return send(reply, error.httpStatus, error.body());
      throw error;
    }
  };
}

/** Lays the fault's fields over the record at `position` of `value`, a list or a string holding one. */
function oddList(value: unknown, odd: NonNullable<FaultRule['oddRecord']>): unknown {
  let list = typeof value === 'string' && value.startsWith('[') ? JSON.parse(value) : value;
  if (!Array.isArray(list)) return undefined;
  list = [...list];
  if (odd.position < list.length) list[odd.position] = { ...list[odd.position], ...odd.fields };
  return typeof value === 'string' ? JSON.stringify(list) : list;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Lays the fault's fields over one record of the answer's list: the first array it carries, or,
 * when it carries none, the first array inside one of its objects (§2.3: the trades of
 * getOfferingPurchaseHistory are under `Offering purchased details`), or, in an answer with no
 * list, over its one record.
 */
function withOddRecord(
  result: OperationResult,
  odd: NonNullable<FaultRule['oddRecord']>,
): OperationResult {
  const body: Record<string, unknown> = { ...result.body };
  const rawJson = { ...result.rawJson };
  for (const [key, json] of Object.entries(rawJson)) {
    body[key] = JSON.parse(json);
    delete rawJson[key];
  }
  for (const [key, value] of Object.entries(body)) {
    const list = oddList(value, odd);
    if (list === undefined) continue;
    body[key] = list;
    return { ...result, body, rawJson: undefined };
  }
  for (const [key, value] of Object.entries(body)) {
    if (!isObject(value)) continue;
    for (const [inner, innerValue] of Object.entries(value)) {
      const list = oddList(innerValue, odd);
      if (list === undefined) continue;
      body[key] = { ...value, [inner]: list };
      return { ...result, body, rawJson: undefined };
    }
  }
  // An answer of one record (getAccount's `accountDetails` object, §2.5): that record is position 0.
  const single = Object.entries(body).find(([, value]) => isObject(value));
  if (single && odd.position === 0) body[single[0]] = { ...(single[1] as object), ...odd.fields };
  return { ...result, body, rawJson: undefined };
}

function sendResult(reply: FastifyReply, result: OperationResult): FastifyReply {
  if (!result.rawJson) return send(reply, result.httpStatus ?? 200, result.body);
  // Splice pre-serialised values in place of their keys (they are written last).
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(result.body))
    if (!(key in result.rawJson)) rest[key] = value;
  let text = JSON.stringify(rest).slice(0, -1);
  for (const [key, json] of Object.entries(result.rawJson))
    text += `,${JSON.stringify(key)}:${json}`;
  return reply
    .code(result.httpStatus ?? 200)
    .header('content-type', 'application/json; charset=utf-8')
    .send(`${text}}`);
}
