import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiPaths, paths } from '../config/paths';
import { api } from './api-client';

const signOut = (): Promise<void> => api.delete(apiPaths.session);

/** Where the sign-in page goes on to once the person has signed in again (a path of this site). */
type SignOutOptions = { returnTo?: string } | void;

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (_options: SignOutOptions) => signOut(),
    onSuccess: async (_done, options) => {
      // Leave the signed-in pages first, so the cleared session is not taken for an expiry.
      const redirectTo = options ? options.returnTo : undefined;
      await navigate(paths.auth.signIn.getHref({ reason: 'signed-out', redirectTo }), {
        replace: true,
      });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
      // And every request sent from this tab, with what it carried (query-client.ts).
      queryClient.getMutationCache().clear();
    },
  });
}
