import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { BusyButton } from '../../../components/busy-retry-button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert';
import { paths } from '../../../config/paths';
import { focusOnMount } from '../../../lib/focus';
import { useEndOtherSessions, useMySessions } from '../api/sessions';
import { EndOtherSessionsDialog } from './end-other-sessions-dialog';

const sessionsText = (n: number) => (n === 1 ? '1 other session' : `${n} other sessions`);

/**
 * After the first second factor is added: the person's other sessions signed in before it, with
 * the password alone, and stay signed in without it. Said with their number, and the way to end
 * them (`DELETE /api/me/sessions`), asked first with the dialog of "End every other session" on
 * My sessions; their next sign-in then asks for the new factor. Nothing while the list loads or
 * cannot be read (My sessions has its own states), nor when this browser is the only session.
 */
export function EndPasswordSessions() {
  const sessions = useMySessions();
  const endOthers = useEndOtherSessions();
  // Asked first, as on My sessions: one press must not end them unseen. Cancel gives the focus
  // back to the button (the dialog's doing); once ended, the notice in its place takes it.
  const [confirming, setConfirming] = useState(false);
  if (endOthers.isSuccess) {
    const { ended } = endOthers.data;
    return (
      <Alert severity="success" tabIndex={-1} ref={focusOnMount} sx={{ mb: 3 }}>
        {`Ended ${sessionsText(ended)}. This browser stays signed in; anywhere else, the next sign-in asks for your new second factor.`}
      </Alert>
    );
  }
  const mine = sessions.data?.sessions ?? [];
  const others = mine.filter((s) => !s.current).length;
  if (others === 0) return null;
  return (
    <Box sx={{ mb: 3, display: 'grid', gap: 1 }}>
      <Alert severity="info" role="status">
        {`${others === 1 ? '1 other session of yours was' : `${others} other sessions of yours were`} opened with your password alone, before this factor was added, and ${others === 1 ? 'stays' : 'stay'} signed in without it. End ${others === 1 ? 'it' : 'them'} now, and signing in there again asks for your new second factor. This browser stays signed in. `}
        <Link component={RouterLink} to={paths.app.sessions.getHref()}>
          {`See ${others === 1 ? 'it' : 'them'} in My sessions`}
        </Link>
        <Box sx={{ mt: 1 }}>
          <BusyButton
            variant="outlined"
            color="inherit"
            size="small"
            busy={endOthers.isPending}
            onClick={() => setConfirming(true)}
          >
            {endOthers.isPending ? 'Ending…' : `End the ${sessionsText(others)}`}
          </BusyButton>
        </Box>
      </Alert>
      <EndOtherSessionsDialog
        open={confirming}
        sessions={mine}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          endOthers.mutate();
        }}
      />
      {endOthers.isError && (
        <ErrorAlert error={endOthers.error} title="The other sessions were not ended" />
      )}
    </Box>
  );
}
