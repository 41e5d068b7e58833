// Types only: the client runs a schema through its Standard Schema interface (`~standard`, which
// every zod schema has), so zod's core (16 KB gzip) is not part of the sign-in page's first
// paint; the schemas the first page reads come with their own chunk (see `Schema`).
import type { $ZodType } from 'zod/v4/core';
import type {
  ApiError,
  ErrorCode,
  FieldIssue,
  Refusal,
  StandingOnError,
  Submitted,
} from '../../contract/errors';
import { isSignedOut, type SessionEndReason, type SignedOut } from '../../contract/signed-out';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What went wrong, in words a person can act on, plus what the UI needs to react to it. */
export class ApiClientError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network' | 'bad_response';
  readonly fields: FieldIssue[];
  readonly submitted: Submitted;
  /** What a refusal is about, when the BFF knows (contract/errors). */
  readonly refusal?: Refusal;
  /**
   * A refusal of the BFF's own before anything was sent: what to do, the sentence the message
   * ends with, so the form adds no next step of its own (contract/errors).
   */
  readonly nextStep?: string;
  /** The request's id in the BFF's logs: support finds it there. */
  readonly requestId?: string;
  /** Our reference of a money request (the register's MR-…), when the BFF opened one. */
  readonly reference?: string;
  /** Requests of the same kind standing unsettled, which refused this one (contract/errors). */
  readonly standing?: StandingOnError[];
  /** A 429's Retry-After: how many seconds until the same request may be let through. */
  readonly retryAfterSeconds?: number;
  /** A 401 for a session that ended: why, when the BFF knows (contract/signed-out). */
  readonly sessionEnded?: SessionEndReason;
  /**
   * A write refused because the session had ended (401): settles once the person has signed in
   * again over the page, true when it is the same person, so the form can say so.
   */
  signedInAgain?: Promise<boolean>;

  constructor(init: {
    message: string;
    status: number;
    code: ApiClientError['code'];
    fields?: FieldIssue[];
    submitted: Submitted;
    refusal?: Refusal;
    nextStep?: string;
    requestId?: string;
    reference?: string;
    standing?: StandingOnError[];
    retryAfterSeconds?: number;
    sessionEnded?: SessionEndReason;
  }) {
    super(init.message);
    this.name = 'ApiClientError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? [];
    this.submitted = init.submitted;
    this.refusal = init.refusal;
    this.nextStep = init.nextStep;
    this.requestId = init.requestId;
    this.reference = init.reference;
    this.standing = init.standing;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.sessionEnded = init.sessionEnded;
  }
}

export const isApiClientError = (error: unknown): error is ApiClientError =>
  error instanceof ApiClientError;

/**
 * Whether reading the same thing again may give another answer, so a page offers Try again: the
 * portal or the platform could not be reached or did not answer in time (a network failure, an
 * answer that could not be read, 408, 5xx: the platform down, its breaker open, the portal's
 * database not answering), too many requests for now (429), or an error that is not the portal's
 * (nothing is known of it). Any other 4xx is the BFF's or the platform's answer to this very
 * request (not found, no access, refused: docs/bff-api.md, Errors), as is the portal's own access
 * to the platform set up wrong (`upstream_misconfigured`): the same request gets the same answer,
 * so the page says what to do instead. Decided from the status and code, never the words.
 */
export function mayPassOnRetry(error: unknown): boolean {
  if (!isApiClientError(error)) return true;
  if (error.code === 'network' || error.code === 'bad_response') return true;
  if (!partMayPassOnRetry(error)) return false;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * Whether an error of the BFF's, in its own reply or inside one that succeeded (errorInReply),
 * leaves asking again any use. Not where the portal's own access to the platform is wrong
 * (`upstream_misconfigured`, a 503 of its own): that stays so until an operator fixes the
 * portal's settings, and the message sends the person to support instead.
 */
export const partMayPassOnRetry = (error: { code: string }): boolean =>
  error.code !== 'upstream_misconfigured';

/**
 * An error the BFF reported inside a reply that succeeded, for a part it could not read (one
 * account of a list): shown as the error of its own request would be, with its support id. Its
 * status is no answer's (0), so it offers no Try again of its own: the page reads that part again.
 */
export function errorInReply(error: ApiError): ApiClientError {
  return new ApiClientError({ ...error, status: 0, submitted: error.submitted ?? 'no' });
}

/** The sentence to show for any error a request or a page may throw. */
export function errorMessage(error: unknown): string {
  if (isApiClientError(error)) return error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * A contract schema, or a loader of one: the sign-in page's requests pass a loader, so the schema
 * and zod's core load beside the request instead of before the page can be used.
 */
export type Schema<T> = $ZodType<T> | (() => Promise<$ZodType<T>>);

/** The schema's verdict through its Standard Schema interface; null when it refuses the value. */
async function check<T>(schema: Schema<T>, value: unknown): Promise<{ value: T } | null> {
  const loaded = typeof schema === 'function' ? await schema() : schema;
  const result = await loaded['~standard'].validate(value);
  return result.issues ? null : { value: result.value as T };
}

export type RequestOptions<T> = {
  body?: unknown;
  /** Parses the success body; without it the body is returned as it came. */
  schema?: Schema<T>;
  /** Sent on creates so a retry cannot move money twice. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Set on the repeat after a step-up, so a refusal is not asked about twice. */
  noStepUp?: boolean;
  /** The "nobody is signed in" answer is returned unchecked (see `getUnlessSignedOut`). */
  signedOutAsIs?: boolean;
  /** Set on the repeat of a read after signing in again, so it waits for that only once. */
  resumed?: boolean;
  /** Signing in: a 401 is a wrong email or password, not a session that ended. */
  signingIn?: boolean;
};

/**
 * Step-up inside the flow: when the BFF answers `step_up_required`, the signed-in layout's handler
 * asks for the second factor in a dialog and the same request (same Idempotency-Key) is sent
 * once more. Nothing was sent upstream by the refused request.
 */
export type StepUpHandler = (error: ApiClientError) => Promise<boolean>;

/**
 * Refused for want of a fresh second factor (or of any second factor): the step-up dialog asks
 * for it, and a request still refused so afterwards is one the person chose not to confirm (yet).
 */
export const isStepUpRefusal = (error: unknown): error is ApiClientError =>
  isApiClientError(error) &&
  (error.code === 'step_up_required' || error.code === 'second_factor_enrolment_required');
let stepUpHandler: StepUpHandler | null = null;

export function setStepUpHandler(handler: StepUpHandler): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null;
  };
}

/**
 * A session that ends while a signed-in page is open (idle or absolute expiry, ended from My
 * sessions, the user disabled or changed by an admin): the BFF answers 401 before anything
 * reaches the platform. The signed-in layout's handler asks the person to sign in again over the
 * page, which stays as it was with what they typed (kept in memory only), and resolves true once
 * the same person is signed in again. A read waits for that and is sent once more; a write is
 * refused (nothing was sent) for the person to check and send again. Null when no signed-in page
 * is open to ask (the sign-in page: a wrong password is that form's own error). `reason` says why
 * the session ended, when the BFF said (contract/signed-out).
 */
export type SessionEndedHandler = (ended: {
  write: boolean;
  reason?: SessionEndReason;
}) => Promise<boolean>;
let sessionEndedHandler: SessionEndedHandler | null = null;

export function setSessionEndedHandler(handler: SessionEndedHandler): () => void {
  sessionEndedHandler = handler;
  return () => {
    if (sessionEndedHandler === handler) sessionEndedHandler = null;
  };
}

/** Tells the signed-in layout the session has ended (see `SessionEndedHandler`). */
export const sessionEnded = (ended: Parameters<SessionEndedHandler>[0]): Promise<boolean> | null =>
  sessionEndedHandler ? sessionEndedHandler(ended) : null;

/** Whether a read refused for an ended session may go again: the same person signed in again. */
export async function resumesAfterSignIn(
  signal?: AbortSignal,
  reason?: SessionEndReason,
): Promise<boolean> {
  const resumed = sessionEnded({ write: false, reason });
  if (!resumed) return false;
  if (!signal) return resumed;
  // A read nobody waits for any more (its page left, its query cancelled) stops waiting.
  return new Promise<boolean>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    resumed.then(resolve, reject);
  });
}

export const newIdempotencyKey = () => crypto.randomUUID();

const UNREACHABLE = 'The portal could not be reached. Check your connection and try again.';
const OUTCOME_UNKNOWN =
  'We could not confirm whether your request was received, so it may or may not have gone through. Check before trying again.';

const isWrite = (method: Method) => method !== 'GET';

/**
 * A write sent whose answer never came because the connection to the portal failed (refused,
 * reset, dropped): the browser cannot tell "never arrived" from "arrived, then the portal
 * stopped", so it may have been sent, and "check your connection and try again" would be wrong.
 * A create sent once (it has an Idempotency-Key) is not to be sent again as a new request: the
 * portal keeps one that arrived under our reference and settles it.
 */
function unreachableWrite(idempotencyKey: string | undefined): string {
  const lost = 'The portal could not be reached while your request was on its way';
  return idempotencyKey
    ? `${lost}, so it may have been sent. Do not send it again as a new request.`
    : `${lost}. ${OUTCOME_UNKNOWN}`;
}

/** The one way the browser talks to the BFF. */
export async function apiRequest<T = unknown>(
  method: Method,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-CSRF': '1' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiClientError({
      message: isWrite(method) ? unreachableWrite(options.idempotencyKey) : UNREACHABLE,
      status: 0,
      code: 'network',
      submitted: isWrite(method) ? 'unknown' : 'no',
    });
  }

  if (!response.ok) {
    const error = await toApiClientError(response, method);
    if (error.status === 401 && !options.signingIn) {
      if (isWrite(method)) {
        const resumed = sessionEnded({ write: true, reason: error.sessionEnded });
        if (resumed) error.signedInAgain = resumed;
      } else if (
        !options.resumed &&
        (await resumesAfterSignIn(options.signal, error.sessionEnded))
      ) {
        return apiRequest(method, path, { ...options, resumed: true });
      }
      throw error;
    }
    if (isStepUpRefusal(error) && stepUpHandler && !options.noStepUp) {
      const proved = await stepUpHandler(error);
      if (proved && error.code === 'step_up_required') {
        return apiRequest(method, path, { ...options, noStepUp: true });
      }
    }
    throw error;
  }
  if (response.status === 204) return undefined as T;

  let data: unknown;
  try {
    data = await response.json();
  } catch {
    throw badResponse(response.status, method);
  }
  // Told apart before the schema loads: the sign-in page's first paint waits on this answer.
  if (options.signedOutAsIs && isSignedOut(data)) return data as T;
  if (!options.schema) return data as T;
  const parsed = await check(options.schema, data);
  if (!parsed) throw badResponse(response.status, method);
  return parsed.value;
}

/**
 * A GET that asks who is signed in: the BFF's "nobody is signed in" answer as it came (a normal
 * 200 answer, contract/signed-out, saying too whether a session of this browser just ended), so a
 * signed-out visit logs no failed request.
 */
export const getUnlessSignedOut = <T>(
  path: string,
  options: { schema: Schema<T>; signal?: AbortSignal },
): Promise<T | SignedOut> =>
  apiRequest<T | SignedOut>('GET', path, {
    ...options,
    schema: options.schema as Schema<T | SignedOut>,
    signedOutAsIs: true,
  });

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body' | 'idempotencyKey'>) =>
    apiRequest<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions<T>) => apiRequest<T>('DELETE', path, options),
};

/**
 * A create the person submits once: its request, and the key made for the filled-in form and
 * reused on every retry, so it takes effect once (one trade, one move of money, one record).
 */
export type SubmittedOnce<Body> = { request: Body; idempotencyKey: string };

/** POSTs a create under its idempotency key, so a retry cannot create it twice. */
export const postOnce = <T>(
  path: string,
  { request, idempotencyKey }: SubmittedOnce<unknown>,
  schema: $ZodType<T>,
) => api.post(path, { body: request, idempotencyKey, schema });

/**
 * A GET whose reply is NDJSON (`application/x-ndjson`): each line is parsed with `schema` and
 * handed to `onLine` as it arrives, so a long wait can show progress. Errors before the stream
 * starts are the usual ApiClientError; a line the schema refuses is a bad response.
 */
export async function apiGetLines<T>(
  path: string,
  options: {
    schema: $ZodType<T>;
    onLine: (line: T) => void;
    signal?: AbortSignal;
    /** As for `apiRequest`: the repeat after signing in again. */
    resumed?: boolean;
  },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'GET',
      headers: { Accept: 'application/x-ndjson', 'X-CSRF': '1' },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiClientError({ message: UNREACHABLE, status: 0, code: 'network', submitted: 'no' });
  }
  if (!response.ok) {
    const error = await toApiClientError(response, 'GET');
    if (
      error.status === 401 &&
      !options.resumed &&
      (await resumesAfterSignIn(options.signal, error.sessionEnded))
    ) {
      return apiGetLines(path, { ...options, resumed: true });
    }
    throw error;
  }
  if (!response.body) throw badResponse(response.status, 'GET');

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  // The unfinished line, in the pieces it arrived in: joined once when its newline comes, since
  // the book line is megabytes long and searching a string built by `+=` copies it every chunk.
  let pieces: string[] = [];
  const emit = (text: string) => {
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw badResponse(response.status, 'GET');
    }
    // Line by line and in order, so only a schema that answers at once (every contract schema).
    const result = options.schema['~standard'].validate(value);
    if (result instanceof Promise || result.issues) throw badResponse(response.status, 'GET');
    options.onLine(result.value as T);
  };
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiClientError({
        message: UNREACHABLE,
        status: 0,
        code: 'network',
        submitted: 'no',
      });
    }
    if (chunk.done) break;
    let text = chunk.value;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n')) {
      pieces.push(text.slice(0, newline));
      emit(pieces.join(''));
      pieces = [];
      text = text.slice(newline + 1);
    }
    pieces.push(text);
  }
  emit(pieces.join(''));
}

async function toApiClientError(response: Response, method: Method): Promise<ApiClientError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A proxy or gateway answered with something that is not ours; fall back on the status.
  }
  // The error shape loads with the first error, not with the sign-in page. Should that chunk not
  // load (a dropped connection, a newer deploy), the status still says what happened.
  const parsed = await import('../../contract/errors')
    .then(({ apiErrorSchema }) => check(apiErrorSchema, body))
    .catch(() => null);
  if (parsed) {
    const { code, message, fields, submitted, refusal, nextStep, requestId, reference, standing } =
      parsed.value.error;
    return new ApiClientError({
      message,
      status: response.status,
      code,
      fields,
      submitted: submitted ?? defaultSubmitted(response.status, method),
      refusal,
      nextStep,
      requestId,
      reference,
      standing,
      retryAfterSeconds: secondsOf(response.headers.get('Retry-After')),
      sessionEnded: parsed.value.error.sessionEnded,
    });
  }
  return new ApiClientError({
    message: messageForStatus(response.status, method),
    status: response.status,
    code: codeForStatus(response.status),
    submitted: defaultSubmitted(response.status, method),
  });
}

/** Retry-After in its seconds form (the BFF's); its date form and anything else are ignored. */
function secondsOf(header: string | null): number | undefined {
  return header !== null && /^\d{1,6}$/.test(header) ? Number(header) : undefined;
}

function badResponse(status: number, method: Method) {
  return new ApiClientError({
    message: isWrite(method)
      ? `The portal sent an answer we could not read. ${OUTCOME_UNKNOWN}`
      : 'The portal sent an answer we could not read. Please try again.',
    status,
    code: 'bad_response',
    submitted: isWrite(method) ? 'unknown' : 'no',
  });
}

/**
 * An answer that is not the BFF's own (no JSON error body) came from whatever stands between:
 * a server error there on a write means the request may have reached the BFF. A 503 too: a
 * proxy answers 503 when the BFF's connection was reset after the request went through to it.
 */
function defaultSubmitted(status: number, method: Method): Submitted {
  if (!isWrite(method)) return 'no';
  return status >= 500 ? 'unknown' : 'no';
}

function codeForStatus(status: number): ErrorCode {
  if (status === 400 || status === 422) return 'bad_request';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status === 504) return 'upstream_timeout';
  if (status === 502 || status === 503) return 'upstream_unavailable';
  return 'internal';
}

function messageForStatus(status: number, method: Method): string {
  switch (codeForStatus(status)) {
    case 'bad_request':
      return 'Some of the information sent was not accepted. Check it and try again.';
    case 'unauthenticated':
      return 'Your session has ended. Please sign in again.';
    case 'forbidden':
      return 'You do not have access to this.';
    case 'not_found':
      return 'We could not find what you were looking for.';
    case 'conflict':
      return 'This changed while you were working on it. Reload and try again.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    default:
      return isWrite(method) && defaultSubmitted(status, method) === 'unknown'
        ? `The portal had a problem answering. ${OUTCOME_UNKNOWN}`
        : 'The portal had a problem answering. Please try again in a moment.';
  }
}
