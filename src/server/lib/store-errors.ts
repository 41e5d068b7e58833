import { SEND_AGAIN_IN_A_MOMENT } from '../upstream/errors';
import { HttpError, notSentRefusal } from './http-error';

/** Raised by the store's own deadlines (PGlite query timeout, pool acquisition). */
export class StoreTimeoutError extends Error {
  readonly code = 'STORE_TIMEOUT';
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'STORE_TIMEOUT',
]);

/**
 * Whether an error means the store is unreachable or too slow (as opposed to a bug): PostgreSQL
 * connection classes 08 (connection), 53 (resources), 57 (operator intervention, including
 * statement timeouts 57014) and 58 (system), socket errors, and pg's pool/query timeouts.
 */
export function isStoreFailure(err: unknown): boolean {
  if (err instanceof StoreTimeoutError) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (/^(08|53|57|58)[0-9A-Z]{3}$/.test(code)) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection timeout|PGlite is closed|Client was closed|Cannot use a pool after calling end/i.test(
    err.message,
  );
}

/**
 * Whether an insert was refused because a unique column already holds the value (PostgreSQL
 * 23505): another request stored the same value between our check and our insert.
 */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Error && (err as { code?: unknown }).code === '23505';
}

const STORE_NOT_ANSWERING = "The portal's database is not answering right now.";

export function storeUnavailable(sentence: string): HttpError {
  return new HttpError(
    'store_unavailable',
    `${STORE_NOT_ANSWERING} ${sentence} Please try again in a moment.`,
    { submitted: 'no', retryAfterSeconds: 5, reason: STORE_NOT_ANSWERING },
  );
}

/**
 * The store failed before a request was sent: the sentence pair of a refusal of the portal's own
 * (why, what to do), said once on the form, the register and the timeline.
 */
export function storeUnavailableNotSent(): HttpError {
  return notSentRefusal(
    STORE_NOT_ANSWERING,
    SEND_AGAIN_IN_A_MOMENT,
    { retryAfterSeconds: 5 },
    'store_unavailable',
  );
}
