import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionSchema, type Session, type SignIn } from '../../../../contract/session';
import { apiPaths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

export const signIn = (input: SignIn): Promise<Session> =>
  api.post(apiPaths.session, { body: input, schema: sessionSchema });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (session) => {
      // Whatever was cached belonged to whoever used this tab before.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
