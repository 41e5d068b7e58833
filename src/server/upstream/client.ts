import { createHash } from 'node:crypto';
import { bulkhead, type BulkheadPolicy } from 'cockatiel';
import { Pool, type Dispatcher } from 'undici';
import {
  CircuitOpenError,
  OperationBreakers,
  UncountedFailure,
  defaultBreakerOptions,
  type BreakerOptions,
  type BreakerState,
} from './breaker';
import {
  UpstreamError,
  classifyStatusCode,
  faultWords,
  misconfiguredWords,
  refusalCauseOf,
  refusalReason,
  refusedParameters,
  personalValuesOf,
  upstreamMessage,
  type RefusalCause,
  type RefusedField,
  type UpstreamSubmitted,
} from './errors';
import { mayHoldCredentials, redactRawBody, scrubCredentials } from './scrub';

/** pino-compatible subset. */
export interface UpstreamLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface UpstreamClientConfig {
  baseUrl: string;
  clientId: string;
  apiKey: string;
  /** Where credentials go (interface document §5). */
  auth: 'header' | 'body';
  timeoutMs?: number;
  maxSockets?: number;
  /** Extra attempts for reads after a network error, a 5xx or a timeout. Writes never retry. */
  readRetries?: number;
  /** First backoff step; each retry waits a random time up to base × 2^attempt (capped). */
  retryBaseMs?: number;
  breaker?: BreakerOptions;
  logger?: UpstreamLogger;
}

export type WireValue = string | number | boolean | null | undefined;

/** What an operation module asks the client to send. */
export interface UpstreamRequest {
  /** The operation name, used for the legacy path, logs and errors. */
  operation: string;
  method: 'GET' | 'POST' | 'PUT';
  /**
   * `read` calls change nothing and may be retried; `write` calls are sent once only.
   */
  effect: 'read' | 'write';
  /** A `/v3/...` resource path; without it the legacy `/index.php/v3/<operation>` is used (§4, §9). */
  path?: string;
  body?: Record<string, WireValue>;
  /**
   * Non-secret query parameters (paging, filters). A list repeats the key, as the trades
   * collection's `filter[]` does (real-world notes §2). Credentials never go in a URL (§5 rule 6).
   */
  query?: Record<string, WireValue | readonly string[]>;
  /** JSON by default; some environments take form fields (real-world notes §2). */
  encoding?: 'json' | 'form';
  /** The scope a 110 answer of this operation refers to (§5 rule 10). */
  permission?: string;
  /**
   * The body parameters that carry what the person entered, by the field of ours each comes
   * from: a refusal naming one is put on that field. A refusal naming only other parameters is
   * not about what they entered.
   */
  fieldsEntered?: Readonly<Record<string, string>>;
  timeoutMs?: number;
}

/**
 * A read through a legacy operation (§4): the `/index.php/v3/<operation>` path, invoked with POST
 * like every legacy operation whatever §4.1 labels it, the parameters in the body. Reads may be
 * retried.
 */
export function legacyRead(
  operation: string,
  body: Record<string, WireValue> = {},
): UpstreamRequest {
  return { operation, method: 'POST', effect: 'read', body };
}

/** A legacy operation that changes something: sent once only, never retried. */
export function legacyWrite(
  operation: string,
  body: Record<string, WireValue>,
  method: 'POST' | 'PUT' = 'POST',
): UpstreamRequest {
  return { operation, method, effect: 'write', body };
}

/** A parsed, credential-free answer whose statusCode was 101. */
export type UpstreamPayload = Record<string, unknown>;

interface UpstreamStats {
  /** HTTP attempts started, retries included. */
  calls: number;
  inFlight: number;
  retries: number;
  failures: number;
  /** Each operation's circuit (one breaker per operation). */
  breakers: Record<string, BreakerState>;
}

export interface UpstreamClient {
  send(request: UpstreamRequest): Promise<UpstreamPayload>;
  stats(): UpstreamStats;
  readonly logger: UpstreamLogger;
  /**
   * The same client (its connections, breakers and counters) logging through `logger`: a route
   * passes its request's logger, so each upstream call's line carries the request's id.
   */
  withLogger(logger: UpstreamLogger): UpstreamClient;
  /**
   * Tells the breaker whether an answer matched the interface document (decodeAnswer calls it):
   * a malformed 101 answer counts as a failure of its operation.
   */
  reportAnswer?(payload: UpstreamPayload, ok: boolean): void;
  /** Closes idle keep-alive sockets. */
  close(): void;
}

const noopLogger: UpstreamLogger = { info() {}, warn() {}, error() {} };

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const MAX_BACKOFF_MS = 2_000;
const DEFAULT_READ_RETRIES = 2;
const DEFAULT_RETRY_BASE_MS = 100;

/**
 * The longest a read may wait for the platform before the client gives up: every attempt its
 * full timeout, and the longest backoff before each retry. Pages say it as "up to …" while
 * they wait, so the figure holds for whatever TRANSACT_TIMEOUT_MS is set.
 */
export function longestReadMs(
  config: Pick<UpstreamClientConfig, 'timeoutMs' | 'readRetries' | 'retryBaseMs'>,
): number {
  const retries = config.readRetries ?? DEFAULT_READ_RETRIES;
  const base = config.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  let backoffs = 0;
  for (let attempt = 1; attempt <= retries; attempt += 1) {
    backoffs += Math.min(MAX_BACKOFF_MS, base * 2 ** (attempt - 1));
  }
  return (retries + 1) * (config.timeoutMs ?? 10_000) + backoffs;
}

/** Network errors that happen before a connection exists, so nothing can have been sent. */
const connectPhaseCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

const serviceUnavailable = 'The service is unavailable right now.';
/** An open circuit whose operation last failed by not answering in time says so (§ architecture 9). */
const notAnsweringInTime = 'The service has not been answering in time.';

interface RawAnswer {
  httpStatus: number;
  text: string;
}

/** A failed call as the breaker sees it; `error` is what the caller is told (null: decided later). */
class FailedAnswer extends Error {
  constructor(readonly error: UpstreamError | null) {
    super(error?.message ?? 'malformed answer');
  }
}

class TransportFailure extends Error {
  constructor(
    readonly reason: 'timeout' | 'network',
    readonly connected: boolean,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export function createUpstreamClient(config: UpstreamClientConfig): UpstreamClient {
  const base = new URL(config.baseUrl);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new Error(`Upstream baseUrl must be http(s), got ${base.protocol}`);
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  // undici rather than node:http: the same keep-alive pool at a fraction of the CPU a call
  // (docs/benchmarks.md, "Profile of the BFF hop"). No pipelining, so a write never queues behind another
  // request on one connection.
  const maxSockets = config.maxSockets ?? 32;
  const pool = new Pool(base.origin, {
    connections: maxSockets,
    pipelining: 1,
  });
  // One operation's calls hold at most half the connections (a cockatiel bulkhead each; the rest
  // wait their turn within their time): an operation that answers slowly never takes every
  // connection, so the calls of the others still find one at once and answer at their own pace.
  const slotsPerOperation = Math.max(1, Math.ceil(maxSockets / 2));
  const slots = new Map<string, BulkheadPolicy>();
  const slotsOf = (operation: string) => {
    let policy = slots.get(operation);
    if (!policy) {
      policy = bulkhead(slotsPerOperation, Number.POSITIVE_INFINITY);
      slots.set(operation, policy);
    }
    return policy;
  };
  const timeoutMs = config.timeoutMs ?? 10_000;
  const breakerWindowMs = (config.breaker ?? defaultBreakerOptions).windowMs;
  // The reads that failed within the breaker's window, by a digest of their path and body, each
  // until when it counts as already failed.
  const recentFailures = new Map<string, number>();
  const readRetries = config.readRetries ?? DEFAULT_READ_RETRIES;
  const retryBaseMs = config.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  // Breaker changes concern every request, so they go to the client's own logger; a call's
  // lines go to the logger of the view it was sent through (withLogger).
  const clientLogger = config.logger ?? noopLogger;
  // How each operation last failed, so that a call refused by its open circuit names why the
  // circuit opened: timeouts, not a service that says it is down.
  const lastFailure = new Map<string, UpstreamError['kind']>();
  const breakers = new OperationBreakers(config.breaker ?? defaultBreakerOptions, {
    info: (fields, message) => clientLogger.info(fields, message),
    warn: (fields, message) => clientLogger.warn(fields, message),
  });
  // An answer's verdict (matches the document or not) arrives from decodeAnswer right after
  // send() resolves; until then its breaker call stays open. Without a verdict (a caller that
  // does not decode) the answer counts as a success on the next turn of the event loop.
  const verdicts = new WeakMap<UpstreamPayload, (ok: boolean) => void>();
  const secrets = [config.apiKey, config.clientId];
  const counters = { calls: 0, inFlight: 0, retries: 0, failures: 0 };

  // §5: the same header on every call, so written once.
  const authorization = `Bearer ${config.clientId}:${config.apiKey}`;

  /** The path and query of a request, below the base URL's path. */
  function buildPath(request: UpstreamRequest): string {
    const path = request.path ?? `/index.php/v3/${encodeURIComponent(request.operation)}`;
    // Most calls (every legacy read) have no query: no URLSearchParams to build and write.
    if (request.query === undefined) return `${basePath}${path}`;
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (Array.isArray(value)) {
        for (const item of value) search.append(key, String(item));
      } else if (value !== undefined && value !== null) {
        search.set(key, String(value));
      }
    }
    const query = search.toString();
    return `${basePath}${path}${query ? `?${query}` : ''}`;
  }

  function buildBody(request: UpstreamRequest): { body?: Buffer; contentType?: string } {
    if (request.method === 'GET') return {};
    // §5 rule 4: body credentials for POST, PUT and DELETE.
    const fields: Record<string, WireValue> =
      config.auth === 'body'
        ? { ...request.body, clientID: config.clientId, developerAPIKey: config.apiKey }
        : (request.body ?? {});
    if (request.encoding === 'form') {
      const form = new URLSearchParams();
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined) form.set(key, value === null ? '' : String(value));
      }
      return {
        body: Buffer.from(form.toString()),
        contentType: 'application/x-www-form-urlencoded',
      };
    }
    // JSON.stringify leaves out a field whose value is undefined, as the form above does.
    return { body: Buffer.from(JSON.stringify(fields)), contentType: 'application/json' };
  }

  function attempt(
    path: string,
    request: UpstreamRequest,
    payload: { body?: Buffer; contentType?: string },
    budgetMs: number,
  ): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (config.auth === 'header') headers.authorization = authorization;
      if (payload.body) {
        headers['content-type'] = payload.contentType ?? 'application/json';
      }
      // connected: the request was handed to a connected socket, so it may have been sent.
      let connected = false;
      let settled = false;
      let controller: Dispatcher.DispatchController | null = null;
      let status = 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (action: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        action();
      };
      const timer = setTimeout(() => {
        finish(() =>
          reject(new TransportFailure('timeout', connected, undefined, 'upstream timed out')),
        );
        // A request still queued in the pool is dropped when its turn comes, unsent.
        controller?.abort(new Error('upstream timed out'));
      }, budgetMs);
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(dispatch) {
          controller = dispatch;
          if (settled) dispatch.abort(new Error('upstream timed out'));
          else connected = true;
        },
        onResponseStart(_dispatch, statusCode) {
          status = statusCode;
        },
        onResponseData(dispatch, chunk) {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) {
            finish(() => resolve({ httpStatus: status, text: '<response body too large>' }));
            dispatch.abort(new Error('response body too large'));
            return;
          }
          chunks.push(chunk);
        },
        onResponseEnd() {
          finish(() =>
            resolve({ httpStatus: status, text: Buffer.concat(chunks).toString('utf8') }),
          );
        },
        onResponseError(_dispatch, error: NodeJS.ErrnoException) {
          finish(() =>
            reject(
              new TransportFailure(
                'network',
                connected && !connectPhaseCodes.has(error.code ?? ''),
                error.code,
                error.message,
              ),
            ),
          );
        },
      };
      pool.dispatch({ path, method: request.method, headers, body: payload.body ?? null }, handler);
    });
  }

  function transportError(request: UpstreamRequest, failure: TransportFailure): UpstreamError {
    // Reads change nothing. A write is unknown once a connection existed (§ architecture 9).
    const submitted: UpstreamSubmitted =
      request.effect === 'read' || !failure.connected ? 'no' : 'unknown';
    const kind = failure.reason === 'timeout' ? 'timeout' : 'unavailable';
    // A write handed to a connected socket reached the service, or may have: its connection broke
    // before the answer, which is not "could not be reached".
    const lead =
      kind === 'timeout'
        ? 'The service did not answer in time.'
        : submitted === 'unknown'
          ? 'The connection to the service broke before its answer came.'
          : 'The service could not be reached.';
    return new UpstreamError({
      kind,
      submitted,
      operation: request.operation,
      message: `${request.operation}: ${failure.reason}${failure.code ? ` (${failure.code})` : ''}: ${failure.message}`,
      ...faultWords(lead, request.effect, submitted),
      cause: failure,
    });
  }

  function interpret(
    logger: UpstreamLogger,
    request: UpstreamRequest,
    answer: RawAnswer,
  ): UpstreamPayload {
    const { operation } = request;
    const writeOutcome: UpstreamSubmitted = request.effect === 'write' ? 'unknown' : 'no';
    const badResponse = (why: string, statusCode?: string) => {
      logger.error(
        {
          operation,
          httpStatus: answer.httpStatus,
          statusCode,
          rawBody: redactRawBody(answer.text, secrets),
        },
        `upstream ${operation}: ${why}`,
      );
      return new UpstreamError({
        kind: 'bad_response',
        submitted: writeOutcome,
        operation,
        httpStatus: answer.httpStatus,
        statusCode,
        message: `${operation}: ${why}`,
        ...faultWords(
          'The service gave an answer we could not understand.',
          request.effect,
          writeOutcome,
        ),
      });
    };

    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text.replace(/^\uFEFF/, ''));
    } catch {
      parsed = undefined;
    }
    const payload =
      parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
        ? ((mayHoldCredentials(answer.text, secrets)
            ? scrubCredentials(parsed, secrets)
            : parsed) as UpstreamPayload)
        : undefined;
    const rawCode = payload?.statusCode;
    const statusCode =
      typeof rawCode === 'string' || typeof rawCode === 'number'
        ? String(rawCode).trim()
        : undefined;

    if (answer.httpStatus >= 500) {
      logger.warn(
        { operation, httpStatus: answer.httpStatus, statusCode },
        `upstream ${operation}: server error`,
      );
      throw new UpstreamError({
        kind: 'unavailable',
        submitted: writeOutcome,
        operation,
        httpStatus: answer.httpStatus,
        statusCode,
        message: `${operation}: HTTP ${answer.httpStatus}`,
        ...faultWords(serviceUnavailable, request.effect, writeOutcome),
      });
    }
    if (!payload) throw badResponse('response is not a JSON object');
    if (statusCode === undefined) throw badResponse('response has no statusCode');

    const httpOk = answer.httpStatus >= 200 && answer.httpStatus < 300;
    const cls = classifyStatusCode(statusCode, answer.httpStatus);
    if (cls === 'success') {
      if (!httpOk) throw badResponse(`statusCode 101 under HTTP ${answer.httpStatus}`, statusCode);
      return payload;
    }
    // The platform's words: what the person is told of a refusal, never part of the error's
    // message or of a log line, since they may echo personal data the request sent (errors.ts).
    const sent = personalValuesOf(request.body);
    const detail = upstreamMessage(payload, sent);
    const common = {
      submitted: 'no' as const,
      operation,
      statusCode,
      httpStatus: answer.httpStatus,
    };
    switch (cls) {
      case 'misconfigured': {
        // §5 rule 8: our credentials are missing or invalid. Operators must act; users cannot.
        logger.error(
          { operation, statusCode, httpStatus: answer.httpStatus, auth: config.auth },
          `upstream ${operation}: credentials rejected; check the upstream client id and key`,
        );
        // §5 rule 8 and §7 give 103 the condition "credentials missing or invalid" and say
        // nothing of what became of the operation: a write answered so is not known to have
        // been left undone, so its outcome is unknown (check first), never "try again".
        const submitted: UpstreamSubmitted = request.effect === 'write' ? 'unknown' : 'no';
        throw new UpstreamError({
          ...common,
          submitted,
          kind: 'misconfigured',
          message: `${operation}: credentials rejected (${statusCode})`,
          upstreamText: detail,
          ...misconfiguredWords(request.effect, submitted),
        });
      }
      case 'permission':
        logger.error(
          { operation, statusCode, permission: request.permission },
          `upstream ${operation}: the API key lacks a permission${request.permission ? ` (${request.permission})` : ''}`,
        );
        throw new UpstreamError({
          ...common,
          kind: 'permission',
          permission: request.permission,
          reason: 'The portal is not permitted to do this at the moment.',
          message: `${operation}: permission missing${request.permission ? `: ${request.permission}` : ''} (${statusCode})`,
          upstreamText: detail,
          // A write reached the platform and was refused: never "nothing was submitted".
          userMessage: `${request.effect === 'write' ? 'The platform refused it; nothing was changed. ' : ''}The portal is not permitted to do this at the moment.`,
        });
      case 'not_found':
        throw new UpstreamError({
          ...common,
          kind: 'not_found',
          message: `${operation}: ${statusCode}: not found`,
          upstreamText: detail,
          userMessage: `Not found${detail ? `: ${detail}` : ''}.`,
        });
      default: {
        // §7 gives no code but 101, 103 and 110 a condition; the others known are those real
        // traffic shows refusing (real-world notes §5). A write answered, under a 2xx status, with
        // a code of no known meaning that names no parameter it refused is not known to have been
        // left undone: as with 103, its outcome is unknown (check first), never "nothing was
        // changed", which would let the same request be sent again.
        if (
          request.effect === 'write' &&
          httpOk &&
          refusalCauseOf(statusCode) === undefined &&
          parametersNamed(request, payload, sent).length === 0
        ) {
          throw badResponse(`statusCode ${statusCode}, whose meaning is not known`, statusCode);
        }
        const { refusal, fields } = refusalOf(request, statusCode, payload, sent);
        const entered = request.fieldsEntered;
        const reason = refusalReason(
          statusCode,
          payload,
          (parameter) => entered?.[parameter],
          sent,
        );
        // One state: the platform had it and refused it. A write says nothing was changed, never
        // "nothing was submitted", which would deny that it reached the platform.
        throw new UpstreamError({
          ...common,
          kind: 'rejected',
          refusal,
          reason,
          ...(fields.length > 0 ? { fields } : {}),
          message: `${operation}: ${statusCode}: refused`,
          upstreamText: detail,
          userMessage:
            request.effect === 'write'
              ? `The platform refused it; nothing was changed. ${reason}`
              : `The platform refused the request. ${reason}`,
        });
      }
    }
  }

  /**
   * What a refusal is about: its code's cause, and the fields of ours it names. A refusal of the
   * request's parameters that names only parameters the person did not enter (an offering
   * closed, an account without a linked bank) is about a state, not about what they asked.
   */
  function refusalOf(
    request: UpstreamRequest,
    statusCode: string,
    payload: UpstreamPayload,
    sent: readonly string[],
  ): { refusal: RefusalCause | undefined; fields: RefusedField[] } {
    const cause = refusalCauseOf(statusCode);
    const entered = request.fieldsEntered;
    if (!entered) return { refusal: cause, fields: [] };
    const named = parametersNamed(request, payload, sent);
    const fields: RefusedField[] = [];
    for (const { field: parameter, message } of named) {
      const field = entered[parameter];
      if (field && !fields.some((known) => known.field === field)) fields.push({ field, message });
    }
    // Nothing the person typed is named, so nothing they could change is known to be wrong:
    // a state to ask support about, not "correct it" (a bare 106 names no parameter at all).
    const aboutOthers = cause === 'request' && fields.length === 0;
    return { refusal: aboutOthers ? 'state' : cause, fields };
  }

  /**
   * The items of a refusal that name a parameter of this request: other words before a colon
   * ("Note : …", "Warning : …") name none.
   */
  function parametersNamed(
    request: UpstreamRequest,
    payload: UpstreamPayload,
    /** The request's personal values (personalValuesOf), masked in what the items say. */
    sent: readonly string[],
  ) {
    const entered = request.fieldsEntered ?? {};
    return refusedParameters(payload, sent).filter(
      ({ field }) => field in entered || (request.body !== undefined && field in request.body),
    );
  }

  /** The error a 5xx answer becomes (interpret decides the kind and the sentences). */
  function answerError(
    logger: UpstreamLogger,
    request: UpstreamRequest,
    answer: RawAnswer,
  ): UpstreamError {
    try {
      interpret(logger, request, answer);
    } catch (thrown) {
      if (thrown instanceof UpstreamError) return thrown;
    }
    return new UpstreamError({
      kind: 'unavailable',
      submitted: request.effect === 'write' ? 'unknown' : 'no',
      operation: request.operation,
      message: `${request.operation}: HTTP ${answer.httpStatus}`,
      ...faultWords(
        serviceUnavailable,
        request.effect,
        request.effect === 'write' ? 'unknown' : 'no',
      ),
    });
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /**
   * Runs `call` in one of the operation's connection slots, with what is left of `budgetMs` once
   * it has one. A call still waiting for a slot when its time is up fails as a timeout before
   * anything was sent, and is dropped from the queue when its turn comes. Waiting is not the
   * operation's fault, so the breaker never sees it.
   */
  function inSlot<T>(
    operation: string,
    budgetMs: number,
    call: (remainingMs: number) => Promise<T>,
  ): Promise<T> {
    const policy = slotsOf(operation);
    // A slot free now (almost always): no wait to bound, so no timer of its own.
    if (policy.executionSlots > 0) return policy.execute(() => call(budgetMs));
    const started = performance.now();
    const waiting = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const queuedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        waiting.abort();
        reject(
          new TransportFailure('timeout', false, undefined, 'no connection came free in time'),
        );
      }, budgetMs);
    });
    const run = policy.execute(() => {
      clearTimeout(timer);
      return call(Math.max(1, budgetMs - (performance.now() - started)));
    }, waiting.signal);
    // The queued call, dropped once its time is up, rejects when its turn comes: nobody waits
    // for it any more.
    run.catch(() => {});
    return Promise.race([run, queuedOut]).finally(() => clearTimeout(timer));
  }

  /**
   * A failure as the operation's breaker is to count it: not at all when it tells nothing new of
   * the operation's health (UncountedFailure). That is a call that timed out before a connection
   * took it, and a read whose very path and body already failed within the breaker's window: one
   * record the platform cannot serve, asked again and again (by retries, by each page that shows
   * it), is one failure, and never opens the circuit for every other record of the operation.
   */
  function asCounted(
    request: UpstreamRequest,
    path: string,
    body: Buffer | undefined,
    failure: unknown,
  ) {
    if (failure instanceof TransportFailure && failure.reason === 'timeout' && !failure.connected)
      return new UncountedFailure(failure);
    if (request.effect !== 'read') return failure;
    if (!(failure instanceof FailedAnswer || failure instanceof TransportFailure)) return failure;
    const key = createHash('sha256')
      .update(path)
      .update('\n')
      .update(body ?? '')
      .digest('base64');
    const now = Date.now();
    const until = recentFailures.get(key);
    if (until !== undefined && until > now) return new UncountedFailure(failure);
    if (recentFailures.size >= 10_000) {
      for (const [known, end] of recentFailures) if (end <= now) recentFailures.delete(known);
      if (recentFailures.size >= 10_000) recentFailures.clear();
    }
    recentFailures.set(key, now + breakerWindowMs);
    return failure;
  }

  async function send(logger: UpstreamLogger, request: UpstreamRequest): Promise<UpstreamPayload> {
    if (request.method === 'GET' && config.auth === 'body') {
      // §5 rules 4 and 6: a GET needs the header, and credentials never go in a URL.
      logger.error(
        { operation: request.operation },
        `upstream ${request.operation}: GET operations need header credentials; set auth to 'header'`,
      );
      throw new UpstreamError({
        kind: 'misconfigured',
        submitted: 'no',
        operation: request.operation,
        message: `${request.operation} is a GET operation and needs header credentials (auth is 'body'; interface document §5 rule 6)`,
        ...misconfiguredWords(request.effect, 'no'),
      });
    }
    const path = buildPath(request);
    const body = buildBody(request);
    const maxAttempts = request.effect === 'read' ? readRetries + 1 : 1;

    // What this request's last attempt met: a retry that finds the circuit open (opened by those
    // very failures, often) is told as that failure. A read that timed out twice is "did not
    // answer in time", not "unavailable right now", which would hide why it took so long.
    let earlier: UpstreamError | undefined;
    for (let attemptNo = 1; ; attemptNo += 1) {
      counters.calls += 1;
      counters.inFlight += 1;
      const started = Date.now();
      let error: UpstreamError;
      let deliver!: (payload: UpstreamPayload) => void;
      const delivered = new Promise<UpstreamPayload>((resolve) => (deliver = resolve));
      const answerOf = async (remainingMs: number) => {
        const answer = await attempt(path, request, body, remainingMs);
        logger.info(
          {
            operation: request.operation,
            method: request.method,
            httpStatus: answer.httpStatus,
            durationMs: Date.now() - started,
            attempt: attemptNo,
          },
          'upstream call',
        );
        // 5xx answers and malformed bodies are failures of the operation; refusals are answers.
        if (answer.httpStatus >= 500) throw new FailedAnswer(answerError(logger, request, answer));
        let payload: UpstreamPayload;
        try {
          payload = interpret(logger, request, answer);
        } catch (thrown) {
          if (thrown instanceof UpstreamError && thrown.kind === 'bad_response') {
            throw new FailedAnswer(thrown);
          }
          if (thrown instanceof UpstreamError) return thrown;
          throw thrown;
        }
        const verdict = new Promise<boolean>((resolve) => {
          verdicts.set(payload, resolve);
          setImmediate(() => resolve(true));
        });
        deliver(payload);
        if (!(await verdict)) throw new FailedAnswer(null);
        return payload;
      };
      const budgetMs = request.timeoutMs ?? timeoutMs;
      const call = inSlot(request.operation, budgetMs, (remainingMs) =>
        breakers.run(request.operation, () =>
          answerOf(remainingMs).catch((failure: unknown) => {
            throw asCounted(request, path, body.body, failure);
          }),
        ),
      );
      try {
        const outcome = await Promise.race([call, delivered]);
        if (!(outcome instanceof UpstreamError)) {
          // The breaker call finishes once the verdict is in; its failure is the breaker's alone.
          call.catch(() => {});
          lastFailure.delete(request.operation);
          return outcome;
        }
        error = outcome;
      } catch (thrown) {
        if (thrown instanceof UpstreamError) throw thrown;
        if (thrown instanceof CircuitOpenError) {
          if (earlier) {
            counters.failures += 1;
            throw earlier;
          }
          throw new UpstreamError({
            kind: 'circuit_open',
            submitted: 'no',
            operation: request.operation,
            message: `${request.operation}: circuit open after repeated upstream failures`,
            ...faultWords(
              lastFailure.get(request.operation) === 'timeout'
                ? notAnsweringInTime
                : serviceUnavailable,
              request.effect,
              'no',
            ),
          });
        }
        if (thrown instanceof FailedAnswer && thrown.error) {
          error = thrown.error;
        } else {
          if (!(thrown instanceof TransportFailure)) throw thrown;
          error = transportError(request, thrown);
          logger.warn(
            {
              operation: request.operation,
              kind: error.kind,
              code: thrown.code,
              durationMs: Date.now() - started,
              attempt: attemptNo,
            },
            `upstream ${request.operation}: ${error.kind}`,
          );
        }
      } finally {
        counters.inFlight -= 1;
      }
      const retryable = error.kind === 'unavailable' || error.kind === 'timeout';
      if (retryable || error.kind === 'bad_response')
        lastFailure.set(request.operation, error.kind);
      if (!retryable || attemptNo >= maxAttempts) {
        counters.failures += 1;
        throw error;
      }
      counters.retries += 1;
      earlier = error;
      const ceiling = Math.min(MAX_BACKOFF_MS, retryBaseMs * 2 ** (attemptNo - 1));
      await sleep(Math.random() * ceiling);
    }
  }

  const stats = () => ({ ...counters, breakers: breakers.states() });
  const reportAnswer = (payload: UpstreamPayload, ok: boolean) => {
    verdicts.get(payload)?.(ok);
    verdicts.delete(payload);
  };
  // Destroying twice resolves; a failure to close idle sockets has nothing left to tell.
  const close = () => void pool.destroy().catch(() => {});
  const loggingTo = (log: UpstreamLogger): UpstreamClient => ({
    send: (request) => send(log, request),
    logger: log,
    withLogger: loggingTo,
    stats,
    reportAnswer,
    close,
  });
  return loggingTo(clientLogger);
}
