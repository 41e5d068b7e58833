import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../features/auth/api/get-session';
import { isApiClientError } from '../lib/api-client';

/**
 * Any 401 while someone is signed in means the BFF ended the session (idle or absolute expiry,
 * or a sign-out elsewhere). Clearing the cached session lets the signed-in layout send the
 * person to the sign-in page with a return path; a 401 with no session (wrong password) is left
 * to the form that caused it.
 */
export function createQueryClient() {
  const onError = (error: unknown) => {
    if (!isApiClientError(error) || error.status !== 401) return;
    if (queryClient.getQueryData(sessionQueryKey)) {
      queryClient.setQueryData(sessionQueryKey, null);
    }
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
  return queryClient;
}
