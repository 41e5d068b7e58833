import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignIn, SignInResult } from '../../../../contract/session';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';
import { signInResultSchema } from './session-contract';

/** A full session, or `secondFactor` when the password was right and one more step is owed. */
const signIn = (input: SignIn): Promise<SignInResult> =>
  api.post(apiPaths.session, { body: input, schema: signInResultSchema });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      // Whatever was cached belonged to whoever used this tab before.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
      if ('user' in result) queryClient.setQueryData(sessionQueryKey, result);
    },
  });
}
