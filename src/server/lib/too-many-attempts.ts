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
