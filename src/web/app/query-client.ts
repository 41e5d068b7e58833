import { QueryClient, type Query } from '@tanstack/react-query';
import {
  isApiClientError,
  mayPassOnRetry,
  partMayPassOnRetry,
  type ApiClientError,
} from '../lib/api-client';

/**
 * The portal's query client. A 401 while someone is signed in (the session ended) is not handled
 * here: the API client tells the signed-in layout, which asks the person to sign in again over
 * the page (see `SessionEndedHandler`), and the cached session stays until then, so the page and
 * what was typed on it stay as they were.
 */
/** Reads held back for at most this long by a limit are waited for rather than shown as failed. */
const SLOT_WAIT_SECONDS = 5;
const SLOT_WAITS = 6;

/**
 * A read refused by a limit that lets it through in a few seconds (an order-book day while two
 * others of the person's still load, docs/bff-api.md): it waits for its turn, as the person would.
 */
function waitsForSlot(error: unknown): error is ApiClientError & { retryAfterSeconds: number } {
  return (
    isApiClientError(error) &&
    error.status === 429 &&
    error.retryAfterSeconds !== undefined &&
    error.retryAfterSeconds <= SLOT_WAIT_SECONDS
  );
}

/**
 * Retrying cannot fix a refusal, only a passing network or upstream hiccup, or a short wait. Nor
 * is a read the BFF gave up on after its own timeout and retries (504) asked again at once: the
 * person has waited out all of those already, and each try again would add as long again.
 */
export function retriesRead(failureCount: number, error: unknown): boolean {
  if (waitsForSlot(error)) return failureCount < SLOT_WAITS;
  if (isApiClientError(error) && error.status >= 400 && error.status < 500) return false;
  // Refused for the portal's own settings: asked again, it would be refused alike.
  if (isApiClientError(error) && !partMayPassOnRetry(error)) return false;
  if (isApiClientError(error) && error.code === 'upstream_timeout') return false;
  return failureCount < 2;
}

/** The first read again of a page left on an error that may pass, and the longest between two. */
const HEAL_FIRST_MS = 20_000;
const HEAL_LONGEST_MS = 60_000;

/**
 * A read that failed in a way that may pass (the platform down or slow, the portal unreachable)
 * is read again by itself, so the page heals once the platform is back without the person
 * pressing Try again: at once when they come back to the tab, and while they stay on it, after
 * 20 s, then 40 s, then each minute. A refusal (not found, no access, a session
 * that ended) is left as it is: asking again gives the same answer.
 */
const failedForNow = (query: Query) =>
  query.state.status === 'error' && mayPassOnRetry(query.state.error);

const readsAgainAfter = (query: Query): number | false =>
  failedForNow(query) &&
  Math.min(HEAL_FIRST_MS * 2 ** Math.max(query.state.errorUpdateCount - 1, 0), HEAL_LONGEST_MS);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        // Only a read that failed is asked again when the person comes back to the tab: what a
        // page shows (a list being read through, a form filled in from it) does not change under
        // them on a mere return, and the platform is not asked for every open read each time.
        refetchOnWindowFocus: failedForNow,
        // The interval runs only while the tab is in front (refetchIntervalInBackground is off).
        refetchInterval: readsAgainAfter,
        retry: retriesRead,
        retryDelay: (failureCount, error) =>
          waitsForSlot(error)
            ? error.retryAfterSeconds * 1000
            : Math.min(1000 * 2 ** failureCount, 30_000),
      },
      mutations: {
        // A create is never repeated behind the person's back.
        retry: false,
        // What was sent and what came back (a password at sign-in, a revealed tax id, a wire's
        // bank numbers) goes as soon as no page shows it, not five minutes later: a finished
        // request is kept only while its form is on screen. One on its way stays until it ends
        // (a page finds it again by its key, sent-from-here.tsx); its receipt is a query.
        gcTime: 0,
      },
    },
  });
}
