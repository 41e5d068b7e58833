import { QueryClient } from '@tanstack/react-query';
import { isApiClientError } from '../lib/api-client';

/**
 * The portal's query client. A 401 while someone is signed in (the session ended) is not handled
 * here: the API client tells the signed-in layout, which asks the person to sign in again over
 * the page (see `SessionEndedHandler`), and the cached session stays until then, so the page and
 * what was typed on it stay as they were.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        // Retrying cannot fix a refusal, only a passing network or upstream hiccup.
        retry: (failureCount, error) => {
          if (isApiClientError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: {
        // A create is never repeated behind the person's back.
        retry: false,
      },
    },
  });
}
