import { QueryClient } from '@tanstack/react-query';
import { isApiClientError, partMayPassOnRetry, type ApiClientError } from '../lib/api-client';

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

/** Retrying cannot fix a refusal, only a passing network or upstream hiccup, or a short wait. */
export function retriesRead(failureCount: number, error: unknown): boolean {
  if (waitsForSlot(error)) return failureCount < SLOT_WAITS;
  if (isApiClientError(error) && error.status >= 400 && error.status < 500) return false;
  // Refused for the portal's own settings: asked again, it would be refused alike.
  if (isApiClientError(error) && !partMayPassOnRetry(error)) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: retriesRead,
        retryDelay: (failureCount, error) =>
          waitsForSlot(error)
            ? error.retryAfterSeconds * 1000
            : Math.min(1000 * 2 ** failureCount, 30_000),
      },
      mutations: {
        // A create is never repeated behind the person's back.
        retry: false,
      },
    },
  });
}
