import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignIn, SignInResult } from '../../../../contract/session';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';
import { signInResultSchema } from './session-contract';

/** A full session, or `secondFactor` when the password was right and one more step is owed. */
const signIn = (input: SignIn): Promise<SignInResult> =>
  api.post(apiPaths.session, { body: input, schema: signInResultSchema, signingIn: true });

/**
 * With `keepCache`, signing in again over a page whose session ended: the page's data stays for
 * it to show while the person is signed in again, and whoever asked decides what to drop once it
 * knows who that is.
 */
export function useSignIn({ keepCache = false }: { keepCache?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      // Whatever was cached belonged to whoever used this tab before.
      if (!keepCache) {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
      }
      if ('user' in result) queryClient.setQueryData(sessionQueryKey, result);
    },
  });
}
