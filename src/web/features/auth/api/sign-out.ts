import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiPaths, paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';

const signOut = (): Promise<void> => api.delete(apiPaths.session);

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      // Leave the signed-in pages first, so the cleared session is not taken for an expiry.
      await navigate(paths.auth.signIn.getHref({ reason: 'signed-out' }), { replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
    },
  });
}
