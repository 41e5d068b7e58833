import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { redirect } from 'react-router-dom';
import { useDocumentTitle } from '../../../components/document-title';
import { paths } from '../../../config/paths';
import { readLiveSession } from '../../../features/auth/api/get-session';
import { announceSignedIn } from '../../../features/auth/lib/sign-in-window';
import { MuiTheme } from '../../mui-theme';

/** Only a person signed in is told they are: anyone else is sent to sign in. */
export const clientLoader = (_queryClient: QueryClient) => async () => {
  const session = await readLiveSession().catch(() => null);
  if (!session) throw redirect(paths.auth.signIn.getHref());
  return null;
};

/**
 * Where single sign-on in a window of its own comes back to (features/auth/lib/sign-in-window.ts):
 * it tells the portal's other window, which carries on with the page as it was left, and closes
 * itself where the browser lets it.
 */
export default function SignedInWindowRoute() {
  useDocumentTitle('Signed in');
  useEffect(() => {
    announceSignedIn();
    window.close();
  }, []);
  return (
    <MuiTheme>
      <Box
        component="main"
        id="main-content"
        sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}
      >
        <Box sx={{ maxWidth: 440, display: 'grid', gap: 2 }}>
          <Typography variant="h5" component="h1">
            You are signed in again
          </Typography>
          <Typography>
            Go back to the portal&apos;s other window: the page you were on is there as you left it,
            with what you typed. This window is no longer needed.
          </Typography>
          <Button variant="contained" sx={{ justifySelf: 'start' }} onClick={() => window.close()}>
            Close this window
          </Button>
        </Box>
      </Box>
    </MuiTheme>
  );
}
