import { HttpError } from './http-error';

/**
 * The refusal once a window's attempts are spent (passwords at sign-in, second-factor codes):
 * when the person may try again, in whole minutes, and the same in seconds for a client.
 */
export function tooManyAttempts(what: string, resetAt: Date, now = Date.now()): HttpError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    'rate_limited',
    `Too many ${what}. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    { retryAfterSeconds: seconds, submitted: 'no' },
  );
}

/**
 * Which refusals of a spent window the audit log keeps: the 1st, 10th, 100th, 1,000th… of the
 * window, each with how many were refused so far; null for the others. The count is the window's
 * own (the store's `hit`, which decided the refusal), so nothing else is counted. Refused
 * attempts cost the attacker nothing but a request, so one event for each would let anyone fill
 * the log at request speed and bury what an investigation needs; the first refusal still shows
 * that a lockout began (and when), and the later ones its scale, in a handful of events.
 */
export function auditedRefusal(count: number, limit: number): number | null {
  const refused = count - limit;
  return refused >= 1 && /^10*$/.test(String(refused)) ? refused : null;
}
