import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRevalidator } from 'react-router-dom';
import { useSession } from '../../features/auth/api/get-session';
import { useSignOut } from '../../lib/use-sign-out';
import { errorMessage, isApiClientError } from '../../lib/api-client';
import { RetryNotice } from '../../components/busy-retry-button';

/**
 * Whether the session could not be read at all (no answer kept from an earlier read): the BFF
 * keeps sessions in the portal's database, so while that does not answer, who is signed in is
 * not known, and no page of a signed-in person can be shown. The frame stays and says why.
 */
export function useSessionUnread() {
  const session = useSession();
  const revalidator = useRevalidator();
  const unread = session.data === undefined && session.errorUpdatedAt > 0;
  // The session answered at last: the page's loaders, which failed with it, run again and show
  // the page (or send a signed-out person to sign in).
  const wasUnread = useRef(unread);
  useEffect(() => {
    if (wasUnread.current && !unread) void revalidator.revalidate();
    wasUnread.current = unread;
  }, [unread, revalidator]);
  return unread;
}

/**
 * In place of the page while the session cannot be read: what is wrong, in the words of the part
 * that failed, a Try again that reads the session once more and then loads the page the person
 * asked for (its loaders are run again), and a way to sign out.
 */
export function SessionUnavailable() {
  const session = useSession();
  const signOut = useSignOut();
  const storeDown = isApiClientError(session.error) && session.error.code === 'store_unavailable';
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography component="h1" variant="h1" data-page-title tabIndex={-1}>
        {storeDown ? "The portal's database is not answering" : 'The portal is not answering'}
      </Typography>
      <RetryNotice
        busy={session.isFetching}
        busyLabel="Checking…"
        onRetry={() => void session.refetch()}
        sx={{ mt: 2 }}
      >
        <AlertTitle>Your session cannot be checked right now</AlertTitle>
        {storeDown
          ? "The portal's database is not answering right now, so the portal cannot tell who is signed in and cannot show this page."
          : `${session.error ? errorMessage(session.error) : 'The portal is not answering.'} The portal cannot tell who is signed in and cannot show this page.`}{' '}
        Your sign-in is kept. Try again in a moment: the page you asked for opens once it answers.
      </RetryNotice>
      <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </Button>
      </Box>
      {signOut.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          You are still signed in. {errorMessage(signOut.error)}
        </Alert>
      )}
    </Box>
  );
}
