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
 * Store failures that mean a statement never reached the store: no connection could be had (the
 * server refused or could not be found, the pool's wait for a connection ran out, the store was
 * closed, or the server said it accepts no connection now: 08001, 08004, 53300, 57P03). Any other
 * failure may have come after the statement was sent.
 */
const NEVER_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '08001',
  '08004',
  '53300',
  '57P03',
]);

/** Whether a store failure may have come after the statement reached the store. */
export function reachedStore(err: unknown): boolean {
  if (!isStoreFailure(err) || !(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && NEVER_SENT_CODES.has(code)) return false;
  return !/timeout exceeded when trying to connect|PGlite is closed|Client was closed|Cannot use a pool after calling end/i.test(
    err.message,
  );
}

/** Failures of a write that may have been saved all the same (store/writes-in-doubt). */
const writesInDoubt = new WeakSet<object>();

/** Marks a store failure as met by a write (or COMMIT) that may have been saved. */
export function markWriteInDoubt(err: unknown): void {
  if (typeof err === 'object' && err !== null) writesInDoubt.add(err);
}

/** Whether the store failed under a write that may have been saved (markWriteInDoubt). */
export const isWriteInDoubt = (err: unknown) =>
  typeof err === 'object' && err !== null && writesInDoubt.has(err);

/**
 * Whether an insert was refused because a unique column already holds the value (PostgreSQL
 * 23505): another request stored the same value between our check and our insert.
 */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Error && (err as { code?: unknown }).code === '23505';
}

const STORE_NOT_ANSWERING = "The portal's database is not answering right now.";
const LOOK_AGAIN = 'Please try again in a moment.';

/**
 * The store failed before a write without an Idempotency-Key changed anything: one sentence pair,
 * why and what to do (the form adds no second "try again", as after notSentRefusal).
 */
function storeUnavailableNothingChanged(): HttpError {
  return notSentRefusal(
    `${STORE_NOT_ANSWERING} Nothing was changed.`,
    LOOK_AGAIN,
    { retryAfterSeconds: 5 },
    'store_unavailable',
  );
}

/**
 * The store failed under a read: nothing was asked to change, so the answer says only why and
 * when to look again (no "Nothing was changed", which reads as about a request the page shows).
 */
export function storeUnavailableForRead(): HttpError {
  return new HttpError('store_unavailable', `${STORE_NOT_ANSWERING} ${LOOK_AGAIN}`, {
    retryAfterSeconds: 5,
    reason: STORE_NOT_ANSWERING,
    nextStep: LOOK_AGAIN,
  });
}

/**
 * How far a write without an Idempotency-Key got before the store failed, per request: `unknown`
 * once a write was sent to the platform (its answer may not be back), `yes` once the platform
 * answered it or the store committed the change. Nothing here means nothing was changed.
 */
const changesMade = new WeakMap<object, 'yes' | 'unknown'>();

/** Records that the request has changed something (`yes`) or may have (`unknown`). */
export function markChange(request: object, made: 'yes' | 'unknown'): void {
  if (changesMade.get(request) !== 'yes') changesMade.set(request, made);
}

/** What the request has changed so far (see `changesMade`). */
export const changeOf = (request: object) => changesMade.get(request);

/** Back to what was known before a write that surely changed nothing (refused, never sent). */
export function restoreChange(request: object, before: 'yes' | 'unknown' | undefined): void {
  if (before) changesMade.set(request, before);
  else changesMade.delete(request);
}

/**
 * The answer to a store failure met by a write without an Idempotency-Key: "nothing was changed"
 * only when nothing was; otherwise what is known (the change was made, or may have been, before
 * the store stopped answering, or the store stopped while saving it, `err` a write in doubt, so
 * it may have been saved) and how the person sees it for themselves (`check`, the route's own
 * words). Never "try again": doing it again may do it twice.
 */
export function storeFailureOf(
  request: object,
  check: string | undefined,
  err?: unknown,
): HttpError {
  const made = changesMade.get(request) ?? (isWriteInDoubt(err) ? 'saving' : undefined);
  if (!made) return storeUnavailableNothingChanged();
  const happened =
    made === 'yes'
      ? "The portal's database stopped answering after your change was made: it was made, but could not be recorded in full."
      : made === 'saving'
        ? "The portal's database stopped answering while your change was being saved: it may have been saved."
        : "The portal's database stopped answering after your change was sent to the platform: the platform may have made it.";
  const next = check ?? 'Reload the page to see whether it is there before doing it again.';
  return new HttpError('store_unavailable', `${happened} ${next}`, {
    submitted: made === 'saving' ? 'unknown' : made,
    reason: happened,
    nextStep: next,
  });
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
