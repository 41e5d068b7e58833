import pino from 'pino';
import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/**
 * Secrets and personal data never reach the logs: credentials, cookies,
 * passwords, SSNs, tax ids and bank numbers are censored wherever they appear in a logged object.
 */
const SENSITIVE_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'apiKey',
  'developerAPIKey',
  'clientID',
  'clientId',
  'token',
  'ssn',
  'socialSecurityNumber',
  'taxId',
  'taxID',
  'companyTaxID',
  'ein',
  'bankId',
  'bankAccountId',
  'accountNumber',
  'routingNumber',
  'bankAccountNumber1',
  'bankAccountNumber2',
  'internationalAccountNumber',
  'dob',
  'dateOfBirth',
];

const CENSOR = '[redacted]';
const sensitive = new Set(SENSITIVE_KEYS.map((key) => key.toLowerCase()));
/** Top-level keys whose values the serializers below reduce to safe fields before writing. */
const serialized = new Set(['req', 'res']);
/** Deep enough for every object the portal logs; deeper values are written as they are. */
const MAX_DEPTH = 6;

/** A shallow copy that keeps an error an error (its class, message and stack) for pino's serializer. */
function copyOf(value: object): Record<string, unknown> {
  if (value instanceof Error) {
    return Object.assign(Object.create(Object.getPrototypeOf(value) as object) as object, value, {
      message: value.message,
      stack: value.stack,
    }) as Record<string, unknown>;
  }
  return { ...(value as Record<string, unknown>) };
}

/**
 * `value` with every sensitive key's value censored, at any depth (case aside), copied only
 * where something is censored: a logged object is never changed under its owner.
 */
function censored(value: unknown, depth: number, seen: Set<object>): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || seen.has(value)) {
    return value;
  }
  // Bytes are written as they are (a buffer's every index would be a key to look at).
  if (ArrayBuffer.isView(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = censored(value[i], depth + 1, seen);
      if (next !== value[i]) (copy ??= [...(value as unknown[])])[i] = next;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | null = null;
  // An error's cause is written with it (pino's serializer), though not an enumerable key.
  const keys = Object.keys(value);
  if (value instanceof Error && value.cause !== undefined && !keys.includes('cause')) {
    keys.push('cause');
  }
  for (const key of keys) {
    const item = (value as Record<string, unknown>)[key];
    const next = sensitive.has(key.toLowerCase()) ? CENSOR : censored(item, depth + 1, seen);
    if (next !== item) (copy ??= copyOf(value))[key] = next;
  }
  return copy ?? value;
}

/**
 * What a log line may carry: the merging object with every sensitive key censored (the request
 * and reply are left to their serializers, which keep the method, the path, the id and the
 * status). One walk over the logged object, where pino's path redaction, given every key at
 * three depths, cost about 30 µs a line: a third of the BFF's CPU a request (docs/benchmarks.md).
 */
export function censorLogObject(object: Record<string, unknown>): Record<string, unknown> {
  try {
    let copy: Record<string, unknown> | null = null;
    const seen = new Set<object>();
    for (const key of Object.keys(object)) {
      if (serialized.has(key)) continue;
      const item = object[key];
      const next = sensitive.has(key.toLowerCase()) ? CENSOR : censored(item, 1, seen);
      if (next !== item) (copy ??= { ...object })[key] = next;
    }
    return copy ?? object;
  } catch {
    // A getter that throws: the line is written without the object rather than not at all,
    // and nothing unread can slip through.
    return { unreadableLogObject: true };
  }
}

/** Bytes of lines held before a write, and the longest a line waits for one (milliseconds). */
const LOG_BATCH_BYTES = 4096;
const LOG_BATCH_MS = 100;

/**
 * Where the portal's lines go: LOG_FILE, or standard output. Lines are held until 4 KB have
 * gathered or a tenth of a second has passed, then written together: one write a line (two a
 * request, each handed to a thread of its own and back) cost more CPU than anything else the BFF
 * does for a request but the two socket writes (docs/benchmarks.md, "Logging"). Whatever is held
 * is written before the process exits, as pino does for any asynchronous destination.
 */
export function logDestination(file?: string) {
  return pino.destination({
    dest: file ?? 1,
    sync: false,
    minLength: LOG_BATCH_BYTES,
    periodicFlush: LOG_BATCH_MS,
  });
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    formatters: { log: censorLogObject },
    serializers: {
      // Query strings can hold search keywords (names, emails): log the path only.
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        id: req.id,
      }),
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The upstream calls made for this request so far, written with its line when it is answered;
     * `REQUEST_LINE_WRITTEN` once that line is out (a call ending later writes a line of its own).
     */
    upstreamCalls: object[] | null;
  }
}

/** Marks a request whose line is written; never pushed to. */
export const REQUEST_LINE_WRITTEN: object[] = Object.freeze([]) as unknown as object[];

/**
 * One log line a request, when it is answered: its method, path (the request serializer above
 * drops the query string), status, time and user, under its request id, and the upstream calls
 * made for it (operation, status, time, attempt). Fastify's default writes a line as the request
 * arrives; that one is kept at `debug`, since the answered line says all it did. Each line costs
 * its serialization and the censor's walk, the largest of the BFF's own costs a request after the
 * socket writes (docs/benchmarks.md, "Logging"), so the calls ride on the request's line instead
 * of a line each.
 */
export class RequestLogController extends LogController {
  incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const calls = request.upstreamCalls;
    request.upstreamCalls = REQUEST_LINE_WRITTEN;
    const line: Record<string, unknown> = {
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
    };
    if (request.user) line.userId = request.user.id;
    if (calls && calls !== REQUEST_LINE_WRITTEN) line.upstream = calls;
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
